// Offset pages start from kept markers (every thousandth plant in id order, src/plants/plant-offsets.ts):
// whatever the order plants arrive in, a page at any offset holds the plants a keyset walk shows there.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { insertPlants, type PlantRow } from '../../src/plants/plant.repository.ts'
import { moveOffsetsAfter } from '../../src/plants/plant-offsets.ts'
import { OFFSET_STEP } from '../../src/plants/plant-offsets.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

const ids = (response: { body: { plants: { id: number }[] } }) =>
  response.body.plants.map((plant) => plant.id)

/** Every plant's id, in the order a keyset walk of the API gives them. */
async function walk(): Promise<number[]> {
  const seen: number[] = []
  for (let lastId = 0, more = true; more;) {
    const response = await t.request('GET', `/api/plants?per_page=100&last_id=${lastId}`)
    seen.push(...ids(response))
    more = response.body.pagination.has_more
    lastId = response.body.pagination.last_id
  }
  return seen
}

/** Offset pages around every marker, at its edges, at the end and past it, each compared with the walk. */
async function assertOffsetPagesMatch(): Promise<void> {
  const all = await walk()
  for (const perPage of [1, 37, 100]) {
    const pages = new Set<number>([1, 2])
    for (let marker = 0; marker <= all.length + OFFSET_STEP; marker += OFFSET_STEP) {
      for (const offset of [marker - perPage, marker, marker + perPage]) {
        if (offset >= 0) pages.add(Math.floor(offset / perPage) + 1)
      }
    }
    pages.add(Math.ceil(all.length / perPage))
    pages.add(Math.ceil(all.length / perPage) + 1)
    for (const page of pages) {
      const response = await t.request('GET', `/api/plants?page=${page}&per_page=${perPage}`)
      assert.equal(response.status, 200)
      const offset = (page - 1) * perPage
      assert.deepEqual(ids(response), all.slice(offset, offset + perPage), `page ${page} of ${perPage}`)
      assert.equal(response.body.pagination.total, all.length)
    }
  }
}

/** Plants written as a mirror writes them, with the ids given (in one transaction). */
async function insertWithIds(newIds: number[]): Promise<void> {
  const now = new Date().toISOString()
  const rows: PlantRow[] = newIds.map((id) => ({
    id,
    type: 'Plant',
    scientific_name: `Offsetia ${id}`,
    name: `Offset plant ${id}`,
    parent_id: null,
    slug: `offset-plant-${id}`,
    version: 1,
    created_at: now,
    updated_at: now,
    doc: JSON.stringify({ id, name: `Offset plant ${id}` }),
  }))
  await t.store.transaction(async (tx) => {
    await insertPlants(tx, rows)
    moveOffsetsAfter(tx, newIds)
  })
}

describe('offset pages from kept markers', () => {
  it('hold the same plants as the keyset walk as plants arrive in order, out of order and below the first', async () => {
    const range = (from: number, count: number, step = 1) =>
      Array.from({ length: count }, (_, i) => from + i * step)
    // After the last plant: positions only added.
    await insertWithIds(range(10_000, 1_300, 2))
    await assertOffsetPagesMatch()
    // Between plants already there (odd ids among the even): every marker after the lowest moves.
    await insertWithIds(range(10_001, 900, 2))
    await assertOffsetPagesMatch()
    // Below the first plant, and after the last, in one transaction: every marker moves.
    await insertWithIds([...range(5_000, 150), ...range(20_000, 120)])
    await assertOffsetPagesMatch()
    // Through the API: after the last plant on SQLite, below the first on PostgreSQL (its sequence).
    for (let i = 0; i < 3; i++) await createPlant(t)
    await assertOffsetPagesMatch()
  })
})
