import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

const suffixes = (base: string, count: number) =>
  Array.from({ length: count }, (_, i) => (i === 0 ? base : `${base}-${i + 1}`))

describe('slugs of plants with the same names', () => {
  it('are base, base-2, … base-N with no gaps', async () => {
    const slugs: string[] = []
    for (let i = 0; i < 25; i++)
      slugs.push((await createPlant(t, { scientific_name: 'Rubus idaeus', name: 'Raspberry' })).slug)
    assert.deepEqual(slugs, suffixes('rubus-idaeus-raspberry', 25))
  })

  it('skip a suffix that another name already made, and ignore slugs that only share the start', async () => {
    // "Currant 2" makes the slug that a second "Currant" would get; "Currant 1" and "Currant bush" do not.
    const two = await createPlant(t, { scientific_name: 'Ribes rubrum', name: 'Currant 2' })
    await createPlant(t, { scientific_name: 'Ribes rubrum', name: 'Currant 1' })
    await createPlant(t, { scientific_name: 'Ribes rubrum', name: 'Currant bush' })
    const slugs: string[] = []
    for (let i = 0; i < 3; i++)
      slugs.push((await createPlant(t, { scientific_name: 'Ribes rubrum', name: 'Currant' })).slug)
    assert.equal(two.slug, 'ribes-rubrum-currant-2')
    assert.deepEqual(slugs, ['ribes-rubrum-currant', 'ribes-rubrum-currant-3', 'ribes-rubrum-currant-4'])
  })

  it('on regenerate_slug, take the smallest free suffix, the plant’s own slug counting as free', async () => {
    const names = { scientific_name: 'Prunus avium', name: 'Cherry' }
    const [, second, third] = [
      await createPlant(t, names),
      await createPlant(t, names),
      await createPlant(t, names),
    ]
    const regenerate = async (plant: { id: number }, fields: object) => {
      const current = (await t.request('GET', `/api/plants/${plant.id}`)).body
      const response = await t.request('PUT', `/api/plants/${plant.id}`, {
        version: current.version,
        note: 'slug',
        regenerate_slug: true,
        ...fields,
      })
      assert.equal(response.status, 200, response.text)
      return response.body.slug as string
    }
    assert.equal(await regenerate(third, { description: 'kept' }), 'prunus-avium-cherry-3')
    assert.equal(await regenerate(second, { name: 'Sweet cherry' }), 'prunus-avium-sweet-cherry')
    assert.equal(await regenerate(third, { description: 'moved' }), 'prunus-avium-cherry-2')
  })

  it('are found in one query: a create after 2,000 plants with the same names', async (context) => {
    const names = { scientific_name: 'Malus domestica', name: 'Apple', note: 'setup' }
    await createPlant(t, names)
    // The other 1,999 rows are written directly, as copies of the first with the next suffixes: the
    // setup is about the slugs taken, and 2,000 creates through the API take seconds on PostgreSQL.
    const row = await t.store.db
      .selectFrom('plants')
      .select(['type', 'scientific_name', 'name', 'parent_id', 'version', 'created_at', 'updated_at', 'doc'])
      .where('slug', '=', 'malus-domestica-apple')
      .executeTakeFirstOrThrow()
    for (let start = 2; start <= 2000; start += 100) {
      const rows = Array.from({ length: Math.min(100, 2001 - start) }, (_, i) => ({
        ...row,
        slug: `malus-domestica-apple-${start + i}`,
      }))
      await t.store.db.insertInto('plants').values(rows).execute()
    }
    const start = performance.now()
    const plant = await createPlant(t, names)
    const ms = performance.now() - start
    assert.equal(plant.slug, 'malus-domestica-apple-2001')
    const again = await createPlant(t, names)
    assert.equal(again.slug, 'malus-domestica-apple-2002')
    // For the record only: the time is not asserted (it depends on the machine).
    context.diagnostic(`the 2,001st create ${ms.toFixed(1)} ms`)
  })
})
