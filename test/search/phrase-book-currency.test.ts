// The phrase book behind `q` keeps up with saves without being made on a search: a save that adds a value
// is read by its author's next search, a save that only moves counts leaves the book as it is, and another
// process (a second worker on the same database) reads the new value once it has caught up, off its
// searches' path, answering them meanwhile with the book it had: it reads again only the keys recorded as
// moved since its book's version, or the whole registry when they are no longer recorded.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { createTestDatabaseUrl } from '../helpers/test-database.ts'
import { normalizeFacet } from '../../src/plants/plant.ts'

let t: TestApp
let other: TestApp

before(async () => {
  const databaseUrl = await createTestDatabaseUrl()
  t = await buildTestApp({ databaseUrl })
  other = await buildTestApp({ databaseUrl })
})
after(async () => {
  await other.close()
  await t.close()
})

const constraintsOf = async (client: TestApp, words: string) => {
  const response = await client.request('GET', `/api/search?q=${encodeURIComponent(words)}`)
  assert.equal(response.status, 200, response.text)
  return response.body.interpretation.constraints as { key: string; values: string[] }[]
}

const registryVersion = async () => {
  const row = await t.store.db
    .selectFrom('derived_versions')
    .select('version')
    .where('name', '=', 'attribute_registry')
    .executeTakeFirstOrThrow()
  return Number(row.version)
}

describe('the phrase book under saves', () => {
  it("moves the registry's version only when a key or value appears or goes", async () => {
    const first = await createPlant(t, { data: [{ key: 'Habit', value: 'Climber' }] })
    const atFirst = await registryVersion()
    // The same value on another plant, then a number on a key in use: counts move, the book's inputs do not.
    await createPlant(t, { data: [{ key: 'Habit', value: 'climber' }] })
    assert.equal(await registryVersion(), atFirst)
    const changed = await t.request('PUT', `/api/plants/${first.id}`, {
      version: first.version,
      note: 'a new habit',
      data: [{ key: 'Habit', value: 'Scrambler' }],
    })
    assert.equal(changed.status, 200, changed.text)
    // "Scrambler" is new and "Climber" is still another plant's: one value appeared.
    assert.equal(await registryVersion(), atFirst + 1)
  })

  it('leaves the version when a save brings a number no plant had to a numeric key', async () => {
    const plant = await createPlant(t, { data: [{ key: 'Days to flowering', value: '61' }] })
    await createPlant(t, { data: [{ key: 'Days to flowering', value: '75' }] })
    const atFirst = await registryVersion()
    const renumbered = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: plant.version,
      note: 'flowers later',
      data: [{ key: 'Days to flowering', value: '68' }],
    })
    assert.equal(renumbered.status, 200, renumbered.text)
    // 68 is new and 61 gone, but the phrase book reads no numeric key's values.
    assert.equal(await registryVersion(), atFirst)
    const worded = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: plant.version + 1,
      note: 'in words',
      data: [{ key: 'Days to flowering', value: 'about ten weeks' }],
    })
    assert.equal(worded.status, 200, worded.text)
    // Now one of its two plants has a text value: the key is a text key, and its values are phrases.
    assert.equal(await registryVersion(), atFirst + 1)
  })

  it("reads a value in its author's next search, and in another process's once it has caught up", async () => {
    assert.deepEqual(await constraintsOf(other, 'epiphytes'), [])
    await createPlant(t, { name: 'Spanish moss', data: [{ key: 'Habit', value: 'Epiphyte' }] })
    const here = await constraintsOf(t, 'epiphytes')
    assert.deepEqual(
      here.map(({ key, values }) => ({ key, values })),
      [{ key: 'Habit', values: ['Epiphyte'] }],
    )
    // The other process answers at once with the book it has, and makes the new one meanwhile.
    let seen: { key: string; values: string[] }[] = []
    const deadline = Date.now() + 10_000
    while (seen.length === 0 && Date.now() < deadline) {
      seen = await constraintsOf(other, 'epiphytes')
      if (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.deepEqual(
      seen.map(({ key, values }) => ({ key, values })),
      [{ key: 'Habit', values: ['Epiphyte'] }],
    )
  })

  it('records with each version the keys that moved it', async () => {
    const atFirst = await registryVersion()
    await createPlant(t, {
      data: [
        { key: 'Fruit colour', value: 'Ochre' },
        { key: 'Habit', value: 'climber' },
      ],
    })
    assert.equal(await registryVersion(), atFirst + 1)
    const recorded = await t.store.db
      .selectFrom('registry_changes')
      .select('key_norm')
      .where('version', '=', atFirst + 1)
      .execute()
    // Habit's "climber" is a value other plants have: only Fruit colour moved.
    assert.deepEqual(
      recorded.map((row) => row.key_norm),
      ['fruit colour'],
    )
  })

  // Another process's save, as this one sees it: the registry and its version moved in the database, no
  // listener here told. A value is written straight into the registry, recorded or not.
  const saveElsewhere = async (value: string, recorded: boolean) => {
    await t.store.db
      .insertInto('attribute_values')
      .values({ key_norm: 'habit', value_norm: normalizeFacet(value), value, plants: 1 })
      .execute()
    const [row] = await t.store.db
      .updateTable('derived_versions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('name', '=', 'attribute_registry')
      .returning('version')
      .execute()
    if (recorded) {
      await t.store.db
        .insertInto('registry_changes')
        .values({ version: Number(row!.version), key_norm: 'habit' })
        .execute()
    }
  }

  const readsInTime = async (client: TestApp, words: string, value: string) => {
    let seen: { key: string; values: string[] }[] = []
    const deadline = Date.now() + 10_000
    while (seen.length === 0 && Date.now() < deadline) {
      seen = await constraintsOf(client, words)
      if (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.deepEqual(
      seen.map(({ key, values }) => ({ key, values })),
      [{ key: 'Habit', values: [value] }],
    )
  }

  it("catches up with another process's save by the keys it recorded, or whole when they are not", async () => {
    assert.deepEqual(await constraintsOf(other, 'lithophytes'), [])
    await saveElsewhere('Lithophyte', true)
    await readsInTime(other, 'lithophytes', 'Lithophyte')
    // The versions since this process's book are no longer recorded (a thousand behind): read whole.
    await saveElsewhere('Rheophyte', false)
    await readsInTime(other, 'rheophytes', 'Rheophyte')
    await readsInTime(t, 'rheophytes', 'Rheophyte')
  })

  it('forgets a value no plant has any more', async () => {
    const plant = await createPlant(t, { data: [{ key: 'Habit', value: 'Cushion' }] })
    const cushion = { key: 'Habit', values: ['Cushion'] }
    const read = async () =>
      (await constraintsOf(t, 'cushion habit')).map(({ key, values }) => ({ key, values }))
    assert.deepEqual(await read(), [cushion])
    const removed = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: plant.version,
      note: 'not a cushion',
      remove_data: ['Habit'],
    })
    assert.equal(removed.status, 200, removed.text)
    // "habit" is still a key other plants have; "cushion" is no value any more.
    assert.deepEqual(await read(), [{ key: 'Habit', values: undefined }])
  })
})
