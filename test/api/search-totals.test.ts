// Totals that do not walk every match (docs/API.md, "Totals"): exact when a count is kept or there are at
// most 2,000 matches, an estimate marked in the pagination and a header past that, and paging by
// total_pages reaches the last page of results, which carries the exact total. Over real HTTP, on the
// database under test.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp, type TestResponse } from '../helpers/test-app.ts'
import { importDataset } from '../../src/transfer/import.ts'

const ESTIMATED = 'hortus-total-estimated'
// Past the exact bound (2,000), and not a whole number of pages of 100.
const SHRUBS = 2150
const HERBS = 40

let t: TestApp
before(async () => {
  t = await buildTestApp()
  const plant = (i: number, layer: string) => ({
    type: 'Plant',
    scientific_name: `Zyxia ${layer.toLowerCase()} ${i}`,
    name: `Zyxberry ${layer} ${i}`,
    data: [
      { key: 'Layer', value: layer },
      { key: 'Family', value: 'Rosaceae' },
      { key: 'Height', value: String(1 + (i % 3)) },
    ],
  })
  const lines = [
    { hortus_dataset: 1, license: 'CC BY-SA 4.0' },
    ...Array.from({ length: SHRUBS }, (_, i) => plant(i, 'Shrubs')),
    ...Array.from({ length: HERBS }, (_, i) => plant(i, 'Herbs')),
  ].map((line) => JSON.stringify(line))
  await importDataset(
    t.store,
    (async function* () {
      yield* lines
    })(),
    { source: 'totals test' },
  )
})
after(async () => t.close())

const ids = (response: TestResponse) => response.body.plants.map((plant: { id: number }) => plant.id)

/** Every page the way the public clients walk them: until the page number reaches total_pages. */
async function walkByTotalPages(path: string): Promise<{ seen: number[]; pages: TestResponse[] }> {
  const seen: number[] = []
  const pages: TestResponse[] = []
  for (let page = 1; page < 100; page++) {
    const response = await t.request('GET', `${path}&per_page=100&page=${page}`)
    assert.equal(response.status, 200, response.text)
    pages.push(response)
    seen.push(...ids(response))
    if (page >= response.body.pagination.total_pages) break
  }
  return { seen, pages }
}

describe('an exact total where it is cheap', () => {
  it('reads one facet value from the kept tally: exact past the bound, and unmarked', async () => {
    const response = await t.request('GET', '/api/search?Layer=Shrubs&per_page=10')
    assert.equal(response.status, 200, response.text)
    assert.deepEqual(response.body.pagination, {
      page: 1,
      per_page: 10,
      total: SHRUBS,
      total_pages: SHRUBS / 10,
    })
    assert.equal(response.headers.get(ESTIMATED), null)
  })

  it('counts a few matches exactly, in the interface shape field for field', async () => {
    const response = await t.request('GET', '/api/search?Layer=Herbs&Family=Rosaceae&per_page=15')
    assert.deepEqual(response.body.pagination, { page: 1, per_page: 15, total: HERBS, total_pages: 3 })
    assert.equal(response.headers.get(ESTIMATED), null)
    const text = await t.request('GET', '/api/search?q=zyxberry&Layer=Herbs&per_page=15')
    assert.deepEqual(text.body.pagination, { page: 1, per_page: 15, total: HERBS, total_pages: 3 })
  })
})

describe('past the bound, an estimate that says so', () => {
  for (const path of ['/api/search?Layer=Shrubs&Family=Rosaceae', '/api/search?q=zyxberry']) {
    it(`marks the total of ${path} in the pagination and a header, with a page after this one`, async () => {
      const response = await t.request('GET', `${path}&per_page=100`)
      assert.equal(response.status, 200, response.text)
      const { pagination } = response.body
      assert.equal(pagination.total_estimated, true)
      assert.equal(response.headers.get(ESTIMATED), 'true')
      assert.ok(Number.isInteger(pagination.total) && pagination.total > 2000, JSON.stringify(pagination))
      assert.ok(pagination.total_pages >= 2, JSON.stringify(pagination))
      assert.equal(response.body.plants.length, 100)
    })

    it(`pages ${path} by total_pages to the last page of results, every plant once`, async () => {
      const { seen, pages } = await walkByTotalPages(path)
      const total = path.includes('q=') ? SHRUBS + HERBS : SHRUBS
      assert.equal(seen.length, total)
      assert.equal(new Set(seen).size, total)
      const last = pages.at(-1)!
      // The last page is counted to its end: the exact total, and no mark.
      assert.deepEqual(last.body.pagination, {
        page: Math.ceil(total / 100),
        per_page: 100,
        total,
        total_pages: Math.ceil(total / 100),
      })
      assert.equal(last.headers.get(ESTIMATED), null)
      // Every page before it promised one more.
      for (const page of pages.slice(0, -1))
        assert.ok(page.body.pagination.total_pages > page.body.pagination.page)
    })
  }

  it('answers a page past an estimate, and an empty page past the end with the exact total', async () => {
    const path = '/api/search?Layer=Shrubs&Family=Rosaceae&per_page=100'
    const deep = await t.request('GET', `${path}&page=21`)
    assert.equal(deep.body.plants.length, 100)
    const lastPage = await t.request('GET', `${path}&page=22`)
    assert.equal(lastPage.body.plants.length, SHRUBS - 2100)
    const past = await t.request('GET', `${path}&page=23`)
    assert.deepEqual(past.body.plants, [])
    assert.deepEqual(past.body.pagination, { page: 23, per_page: 100, total: SHRUBS, total_pages: 22 })
  })

  it('gives the same plants in the same order as paging to an empty page', async () => {
    const path = '/api/search?Layer=Shrubs&Family=Rosaceae'
    const untilEmpty: number[] = []
    for (let page = 1; page < 100; page++) {
      const response = await t.request('GET', `${path}&per_page=100&page=${page}`)
      if (response.body.plants.length === 0) break
      untilEmpty.push(...ids(response))
    }
    assert.deepEqual((await walkByTotalPages(path)).seen, untilEmpty)
    assert.deepEqual(
      untilEmpty,
      [...untilEmpty].sort((a, b) => a - b),
    )
  })

  it('reads the kept count for a constraint read from q, and estimates a search by words and constraints', async () => {
    const shrubs = await t.request('GET', '/api/search?q=shrubs&per_page=100')
    assert.deepEqual(
      shrubs.body.interpretation.constraints.map((each: { key: string }) => each.key),
      ['Layer'],
    )
    assert.deepEqual(shrubs.body.pagination, { page: 1, per_page: 100, total: SHRUBS, total_pages: 22 })
    const both = await t.request('GET', '/api/search?q=zyxberry shrubs&per_page=100')
    assert.equal(both.body.plants.length, 100)
    assert.equal(both.body.pagination.total_estimated, true)
    assert.equal(both.headers.get(ESTIMATED), 'true')
  })
})
