// Browsing without words (src/search/browse.ts) reads the ids of the filter met by the fewest plants and
// tests the others on them, or, when every filter is met by many, walks the plants in id order. Both ways
// must give the same page and total: this compares them over the starter dataset, the walk in id order
// forced on one side, for filters that are the whole condition and for filters a larger condition implies.
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { after, before, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { browsePlants } from '../../src/search/browse.ts'
import type { PlantFilter } from '../../src/search/plant-filter.ts'
import type { PlantType } from '../../src/plants/plant.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
  await importDataset(t.store, readLines('data/plants.jsonl'), { source: 'data/plants.jsonl', images: false })
})
after(async () => t.close())

const FILTERS: PlantFilter[][] = [
  [{ kind: 'values', keyNorm: 'layer', values: ['shrubs'] }],
  [{ kind: 'range', keyNorm: 'height', min: 1, max: 3 }],
  [
    { kind: 'values', keyNorm: 'light requirement', values: ['full shade'] },
    { kind: 'values', keyNorm: 'layer', values: ['herbs'] },
  ],
  [
    { kind: 'values', keyNorm: 'family', values: ['solanaceae', 'rosaceae'] },
    { kind: 'range', keyNorm: 'height', min: null, max: 2 },
  ],
  [
    { kind: 'has', keyNorm: 'edible parts' },
    { kind: 'range', keyNorm: 'usda hardiness zone', min: null, max: 4 },
    { kind: 'values', keyNorm: 'life cycle', values: ['perennial'] },
  ],
  [{ kind: 'window', action: 'sow_outdoors', anchor: 'last', min: -30, max: 10 }],
]
const WINDOWS: { type: PlantType | null; limit: number; offset: number }[] = [
  { type: null, limit: 20, offset: 0 },
  { type: null, limit: 7, offset: 13 },
  { type: null, limit: 50, offset: 300 },
  { type: 'Variety', limit: 20, offset: 0 },
  { type: 'Plant', limit: 10, offset: 30 },
]

it('gives the same pages and totals led by the fewest-met filter as walked in id order', async () => {
  let compared = 0
  for (const filters of FILTERS) {
    for (const window of WINDOWS) {
      const walked = await browsePlants(t.store.reader, window, filters, { leadingUpTo: 0 })
      const led = await browsePlants(t.store.reader, window, filters)
      const what = `${JSON.stringify(filters)} ${JSON.stringify(window)}`
      assert.equal(led.total, walked.total, what)
      assert.deepEqual(led.docs, walked.docs, what)
      if (walked.docs.length > 0) compared++
    }
  }
  assert.ok(compared >= 15, `only ${compared} pages had plants to compare`)
})

it('leads by a filter, testing the others and the condition beyond them on its ids', async () => {
  // A search's part "meets what q asked, does not match its words": the filters and more.
  const notRoses = sql`NOT p.id IN (SELECT plant_id FROM plant_facets WHERE key = 'family' AND value = 'rosaceae')`
  let compared = 0
  for (const filters of FILTERS) {
    for (const window of WINDOWS) {
      const walked = await browsePlants(t.store.reader, window, filters, { beyond: notRoses, leadingUpTo: 0 })
      const led = await browsePlants(t.store.reader, window, filters, { beyond: notRoses })
      const what = `${JSON.stringify(filters)} ${JSON.stringify(window)}`
      assert.equal(led.total, walked.total, what)
      assert.deepEqual(led.docs, walked.docs, what)
      if (walked.docs.length > 0) compared++
    }
  }
  assert.ok(compared >= 15, `only ${compared} pages had plants to compare`)
})
