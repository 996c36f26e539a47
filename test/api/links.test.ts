import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

describe('POST /plants/<id>/links', () => {
  it('creates a symmetric link that both plants list with its type and note', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const created = await t.request('POST', `/api/plants/${a.id}/links`, {
      plant_id: b.id,
      type: 'antagonist-to',
      note: 'Wikipedia: avoid',
    })
    assert.equal(created.status, 201, created.text)
    assert.equal(created.body.plant_id, b.id)
    assert.equal(created.body.type, 'antagonist-to')
    assert.equal(created.body.note, 'Wikipedia: avoid')
    const fromB = await t.request('GET', `/api/plants/${b.id}/links`)
    assert.equal(fromB.body.links.length, 1)
    assert.equal(fromB.body.links[0].plant_id, a.id)
    assert.equal(fromB.body.links[0].name, a.name)
    assert.equal(fromB.body.links[0].type, 'antagonist-to')
  })

  it('refuses self-links, duplicates in either direction, and missing targets', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    assertError(
      await t.request('POST', `/api/plants/${a.id}/links`, {
        plant_id: a.id,
        type: 'companion-to',
        note: 'n',
      }),
      422,
      'validation failed',
      ['plant_id'],
    )
    await link(t, a.id, b.id)
    assertError(
      await t.request('POST', `/api/plants/${b.id}/links`, {
        plant_id: a.id,
        type: 'companion-to',
        note: 'n',
      }),
      422,
      'validation failed',
      ['plant_id'],
    )
    assertError(
      await t.request('POST', `/api/plants/${a.id}/links`, {
        plant_id: b.id,
        type: 'antagonist-to',
        note: 'n',
      }),
      422,
      'validation failed',
      ['plant_id'],
    )
    assertError(
      await t.request('POST', `/api/plants/${a.id}/links`, {
        plant_id: 99999999,
        type: 'companion-to',
        note: 'n',
      }),
      422,
      'validation failed',
      ['plant_id'],
    )
    assertError(
      await t.request('POST', `/api/plants/${a.id}/links`, { plant_id: b.id, type: 'friend-of' }),
      422,
      'validation failed',
      ['type', 'note'],
    )
    assertError(
      await t.request('POST', `/api/plants/99999999/links`, {
        plant_id: b.id,
        type: 'companion-to',
        note: 'n',
      }),
      404,
      'not found',
    )
  })

  it('lets exactly one of concurrent identical link requests win', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request('POST', `/api/plants/${i % 2 ? a.id : b.id}/links`, {
          plant_id: i % 2 ? b.id : a.id,
          type: 'companion-to',
          note: 'race',
        }),
      ),
    )
    assert.equal(responses.filter((r) => r.status === 201).length, 1)
    assert.equal(responses.filter((r) => r.status === 422).length, 7)
  })
})

describe('GET /plants/<id>/links', () => {
  it('lists all links with paging and an optional type filter', async () => {
    const hub = await createPlant(t)
    const friend = await createPlant(t)
    const foe = await createPlant(t)
    await link(t, hub.id, friend.id)
    await link(t, foe.id, hub.id, 'antagonist-to')
    const all = await t.request('GET', `/api/plants/${hub.id}/links`)
    assert.deepEqual(
      all.body.links.map((l: { plant_id: number }) => l.plant_id),
      [friend.id, foe.id],
    )
    assert.deepEqual(all.body.pagination, { page: 1, per_page: 100, total: 2, total_pages: 1 })
    const foes = await t.request('GET', `/api/plants/${hub.id}/links?type=antagonist-to`)
    assert.deepEqual(
      foes.body.links.map((l: { plant_id: number }) => l.plant_id),
      [foe.id],
    )
    assertError(await t.request('GET', `/api/plants/${hub.id}/links?type=enemy`), 400, 'bad request', [
      'type',
    ])
  })
})

describe('DELETE /plants/<id>/links/<link_id>', () => {
  it('removes a link with a note, after which it is gone from both plants and can be made again', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const created = await link(t, a.id, b.id)
    assertError(
      await t.request('DELETE', `/api/plants/${b.id}/links/${created.id}`, {}),
      422,
      'validation failed',
      ['note'],
    )
    const removed = await t.request('DELETE', `/api/plants/${b.id}/links/${created.id}`, {
      note: 'Source was about another cultivar',
    })
    assert.equal(removed.status, 200, removed.text)
    assert.equal(removed.body.removed_note, 'Source was about another cultivar')
    assert.deepEqual((await t.request('GET', `/api/plants/${a.id}/companions`)).body.plants, [])
    assert.deepEqual((await t.request('GET', `/api/plants/${b.id}/links`)).body.links, [])
    assertError(
      await t.request('DELETE', `/api/plants/${a.id}/links/${created.id}`, { note: 'again' }),
      404,
      'not found',
    )
    await link(t, b.id, a.id, 'antagonist-to')
  })

  it('answers 404 for a link of another plant', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const c = await createPlant(t)
    const created = await link(t, a.id, b.id)
    assertError(
      await t.request('DELETE', `/api/plants/${c.id}/links/${created.id}`, { note: 'n' }),
      404,
      'not found',
    )
  })
})

/** A moment after every given plant's `updated_at`, so `updated_since` tells later changes apart. */
async function momentAfter(...plants: { updated_at: string }[]): Promise<string> {
  const latest = Math.max(...plants.map((plant) => Date.parse(plant.updated_at)))
  while (Date.now() <= latest) await new Promise((resolve) => setTimeout(resolve, 2))
  return new Date().toISOString()
}

const get = async (id: number) => (await t.request('GET', `/api/plants/${id}`)).body
const revisionsOf = async (id: number) =>
  (await t.request('GET', `/api/plants/${id}/revisions`)).body.revisions as {
    version: number
    note: string
    author: string
    created_at: string
    changes: unknown[]
  }[]
const changedSince = async (since: string) =>
  (
    await t.request('GET', `/api/plants?updated_since=${encodeURIComponent(since)}&per_page=100`)
  ).body.plants.map((plant: { id: number }) => plant.id)

describe('links are changes to both plants, for clients that mirror by updated_since and version', () => {
  it('a new link is a new version of both plants, with the link in their revisions', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const since = await momentAfter(a, b)
    const created = await link(t, b.id, a.id, 'companion-to', 'Wikipedia: grown together')

    assert.deepEqual(await changedSince(since), [a.id, b.id])
    for (const [plant, other] of [
      [a, b],
      [b, a],
    ]) {
      const now = await get(plant.id)
      assert.equal(now.version, 2)
      assert.equal(now.updated_at, created.created_at)
      assert.ok(now.updated_at > plant.updated_at)
      const [latest, creation] = await revisionsOf(plant.id)
      assert.deepEqual(latest, {
        version: 2,
        note: 'Wikipedia: grown together',
        author: creation!.author,
        created_at: created.created_at,
        changes: [{ field: 'links.companion-to', from: null, to: other.id }],
      })
    }
    // A client holding the version from before the link must fetch the plant again.
    assertError(
      await t.request('PUT', `/api/plants/${a.id}`, { version: 1, note: 'n', description: 'stale' }),
      422,
      'version mismatch',
    )
    const fresh = await t.request('PUT', `/api/plants/${a.id}`, { version: 2, note: 'n', description: 'x' })
    assert.equal(fresh.status, 200, fresh.text)
    assert.equal(fresh.body.version, 3)
  })

  it('a removed link is a new version of both plants, with the removal note in their revisions', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const created = await link(t, a.id, b.id, 'antagonist-to')
    const since = await momentAfter(await get(a.id), await get(b.id))
    const removed = await t.request('DELETE', `/api/plants/${a.id}/links/${created.id}`, {
      note: ' Wrong source ',
    })
    assert.equal(removed.status, 200, removed.text)

    assert.deepEqual(await changedSince(since), [a.id, b.id])
    for (const [plant, other] of [
      [a, b],
      [b, a],
    ]) {
      const now = await get(plant.id)
      assert.equal(now.version, 3)
      assert.equal(now.updated_at, removed.body.removed_at)
      const [latest] = await revisionsOf(plant.id)
      assert.equal(latest!.version, 3)
      assert.equal(latest!.note, 'Wrong source')
      assert.deepEqual(latest!.changes, [{ field: 'links.antagonist-to', from: other.id, to: null }])
    }
    assertError(
      await t.request('PUT', `/api/plants/${b.id}`, { version: 2, note: 'n', description: 'stale' }),
      422,
      'version mismatch',
    )
  })

  it('a refused link or removal changes no version', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const created = await link(t, a.id, b.id)
    const duplicate = await t.request('POST', `/api/plants/${b.id}/links`, {
      plant_id: a.id,
      type: 'antagonist-to',
      note: 'n',
    })
    assert.equal(duplicate.status, 422, duplicate.text)
    await t.request('DELETE', `/api/plants/${a.id}/links/${created.id}`, { note: 'gone' })
    const again = await t.request('DELETE', `/api/plants/${b.id}/links/${created.id}`, { note: 'again' })
    assert.equal(again.status, 404, again.text)
    assert.deepEqual([(await get(a.id)).version, (await get(b.id)).version], [3, 3])
    assert.equal((await revisionsOf(a.id)).length, 3)
  })

  it('keeps versions consistent under concurrent links and removals of one plant', async () => {
    const hub = await createPlant(t)
    const others = await Promise.all(Array.from({ length: 10 }, () => createPlant(t)))
    const made = await Promise.all(
      others.map((other, i) =>
        i % 2
          ? t.request('POST', `/api/plants/${hub.id}/links`, {
              plant_id: other.id,
              type: 'companion-to',
              note: 'n',
            })
          : t.request('POST', `/api/plants/${other.id}/links`, {
              plant_id: hub.id,
              type: 'companion-to',
              note: 'n',
            }),
      ),
    )
    assert.deepEqual(
      made.map((r) => r.status),
      others.map(() => 201),
    )
    const removed = await Promise.all(
      made.map((r, i) =>
        t.request('DELETE', `/api/plants/${i % 2 ? hub.id : others[i]!.id}/links/${r.body.id}`, {
          note: 'x',
        }),
      ),
    )
    assert.deepEqual(
      removed.map((r) => r.status),
      others.map(() => 200),
    )
    await assertConsistent(hub.id, 21)
    for (const other of others) await assertConsistent(other.id, 3)
  })

  it('links every pair of five plants at once without a deadlock', async () => {
    const plants = await Promise.all(Array.from({ length: 5 }, () => createPlant(t)))
    const pairs = plants.flatMap((a, i) => plants.slice(i + 1).map((b, j) => (j % 2 ? [a, b] : [b, a])))
    const responses = await Promise.all(
      pairs.map(([from, to]) =>
        t.request('POST', `/api/plants/${from!.id}/links`, {
          plant_id: to!.id,
          type: 'companion-to',
          note: 'n',
        }),
      ),
    )
    assert.deepEqual(
      responses.map((r) => r.status),
      pairs.map(() => 201),
    )
    for (const plant of plants) await assertConsistent(plant.id, 5)
  })
})

/** The plant is at `version`, with one revision per version, 1 to `version`. */
async function assertConsistent(id: number, version: number) {
  assert.equal((await get(id)).version, version)
  const listed = await t.request('GET', `/api/plants/${id}/revisions?per_page=100`)
  assert.deepEqual(
    listed.body.revisions.map((r: { version: number }) => r.version),
    Array.from({ length: version }, (_, i) => version - i),
  )
}
