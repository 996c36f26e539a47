// Broad searches are walked tier by tier (src/search/tier-walk.ts) instead of ranked in one statement.
// Both ways must give the same page and total for any query, type, facets and page: this compares them
// over the starter dataset, with the walk forced on every search, and times one-letter searches over HTTP.
import { filterCondition, type PlantFilter } from '../../src/search/plant-filter.ts'
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { TEST_DIALECT } from '../helpers/test-database.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { planQuery } from '../../src/search/query-plan.ts'
import { SqliteSearch } from '../../src/search/sqlite-search.ts'
import { PostgresSearch } from '../../src/search/postgres-search.ts'
import type { SearchQuery } from '../../src/search/search-index.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
  await importDataset(t.store, readLines('data/plants.jsonl'), { source: 'data/plants.jsonl', images: false })
})
after(async () => t.close())

const Search = TEST_DIALECT === 'postgres' ? PostgresSearch : SqliteSearch
const walked = new Search({ fewMatches: 0 })
const rankedAll = new Search({ fewMatches: Infinity })
const rankedByNames = new Search({ fewMatches: Infinity, namesCostMatches: 0 })

it('walks tier by tier, and ranks by names, to the same pages and totals as ranking every match', async () => {
  const queries = ['s', 'a', 'to', 'tomato', 'tomatoe', 'basil', 'bazil', 'sweet p', 'mint', 'rose']
  queries.push('st johns wort', 'strawberries', 'calendula officianalis', 'paw paw', 'pea', 'zzz')
  const windows: Omit<SearchQuery, 'plan'>[] = [
    { type: null, filter: null, limit: 20, offset: 0 },
    { type: null, filter: null, limit: 7, offset: 13 },
    { type: null, filter: null, limit: 50, offset: 400 },
    { type: null, filter: null, limit: 20, offset: 100_000 },
    { type: 'Variety', filter: null, limit: 20, offset: 0 },
    { type: 'Plant', filter: null, limit: 10, offset: 30 },
    {
      type: null,
      filter: filterCondition([{ kind: 'values', keyNorm: 'family', values: ['solanaceae', 'rosaceae'] }]),
      limit: 20,
      offset: 5,
    },
    {
      type: null,
      filter: filterCondition([{ kind: 'range', keyNorm: 'height', min: 1, max: 3 }]),
      limit: 20,
      offset: 0,
    },
  ]
  let compared = 0
  for (const q of queries) {
    const plan = await planQuery(t.store.reader, q)
    for (const window of windows) {
      const query = { plan, ...window }
      const expected = await rankedAll.find(t.store.reader, query)
      const what = `${q} ${JSON.stringify(window)}`
      for (const other of [walked, rankedByNames]) {
        const actual = await other.find(t.store.reader, query)
        assert.equal(actual.total, expected.total, what)
        assert.deepEqual(actual.docs, expected.docs, what)
      }
      if (expected.docs.length > 0) compared++
    }
  }
  assert.ok(compared >= 40, `${compared} non-empty pages compared`)
})

it('gives the same pages and totals whether a filter tests each match or is a set of plants', async () => {
  // Words that match fewer plants than a filter meets have each match tested (full-text-search.ts
  // withFilterForm); forced as far as it goes against never.
  const testingEach = new Search({ testEachMatchUpTo: 1_000_000 })
  const neverEach = new Search({ testEachMatchUpTo: 0 })
  const filterSets: PlantFilter[][] = [
    [{ kind: 'values', keyNorm: 'family', values: ['solanaceae', 'rosaceae'] }],
    [{ kind: 'range', keyNorm: 'height', min: 1, max: 3 }],
    [
      { kind: 'range', keyNorm: 'height', min: null, max: 0.5 },
      { kind: 'has', keyNorm: 'edible parts' },
    ],
  ]
  let compared = 0
  for (const q of ['tomato', 'basil', 'mint', 'rose', 'a', 'pea', 'zzz']) {
    const plan = await planQuery(t.store.reader, q)
    for (const filters of filterSets) {
      for (const window of [
        { limit: 20, offset: 0 },
        { limit: 5, offset: 10 },
      ]) {
        const query = { plan, type: null, filter: filterCondition(filters), filters, ...window }
        const expected = await neverEach.find(t.store.reader, query)
        const actual = await testingEach.find(t.store.reader, query)
        const what = `${q} ${JSON.stringify(filters)} ${JSON.stringify(window)}`
        assert.equal(actual.total, expected.total, what)
        assert.deepEqual(actual.docs, expected.docs, what)
        const counts = [testingEach, neverEach].map((search) => search.count(t.store.reader, query, 1000))
        assert.deepEqual(await counts[0], await counts[1], what)
        if (expected.docs.length > 0) compared++
      }
    }
  }
  assert.ok(compared >= 15, `${compared} non-empty pages compared`)
})

it('gives the same pages and totals with range and facet filters whether or not the index is asked for their terms', async () => {
  // On PostgreSQL the words' query is narrowed by the range filters' number terms (number-terms.ts) and the
  // facet filters' facet terms (facet-terms.ts) when the search knows its filters (`filters`); without them
  // it is the filter's condition alone. Edges of the starter's heights and pH, open ends, numbers no plant
  // has; facet values whole and as elements of lists, several values, and a value no plant has.
  const facets: PlantFilter[] = [
    { kind: 'values', keyNorm: 'family', values: ['rosaceae'] },
    { kind: 'values', keyNorm: 'family', values: ['solanaceae', 'lamiaceae'] },
    { kind: 'values', keyNorm: 'light requirement', values: ['full sun'] },
    { kind: 'values', keyNorm: 'edible parts', values: ['fruit'] },
    { kind: 'values', keyNorm: 'life cycle', values: ['perennial'] },
    { kind: 'values', keyNorm: 'family', values: ['no such family'] },
  ]
  const ranges: [string, number | null, number | null][] = [
    ['height', 1, 3],
    ['height', null, 0.5],
    ['height', 0.5, null],
    ['height', 20, null],
    ['height', 0, 0],
    ['height', -1, 1e9],
    ['soil ph', null, 6],
    ['soil ph', 6, 7],
    ['usda hardiness zone', null, 5],
  ]
  let compared = 0
  for (const q of ['tomato', 'mint', 'apple', 'grass', 'oak', 'a', 'rose']) {
    const plan = await planQuery(t.store.reader, q)
    const filterSets: PlantFilter[][] = [
      ...ranges.map(([keyNorm, min, max]): PlantFilter[] => [
        { kind: 'range', keyNorm, min, max },
        ...(keyNorm === 'height' ? [{ kind: 'range', keyNorm: 'soil ph', min: null, max: 7 } as const] : []),
      ]),
      ...facets.map((facet) => [facet]),
      [facets[2]!, { kind: 'range', keyNorm: 'height', min: null, max: 1 }],
    ]
    for (const filters of filterSets) {
      for (const search of [rankedAll, walked]) {
        const query = { plan, type: null, filter: filterCondition(filters), limit: 20, offset: 0 }
        const expected = await search.find(t.store.reader, query)
        const actual = await search.find(t.store.reader, { ...query, filters })
        const what = `${q} ${JSON.stringify(filters)}`
        assert.equal(actual.total, expected.total, what)
        assert.deepEqual(actual.docs, expected.docs, what)
        assert.deepEqual(
          await search.count(t.store.reader, { ...query, filters }, 1000),
          await search.count(t.store.reader, query, 1000),
          what,
        )
        if (expected.docs.length > 0) compared++
      }
    }
  }
  assert.ok(compared >= 45, `${compared} non-empty pages compared`)
})

it('tests each plant of a whole-name tier of few among many matches, and leaves it out of later tiers', async () => {
  // Two plants named "Quorlix…" among 1,200 that mention quorlix: their tiers are read through the names
  // table, each plant tested against the match (tier-walk.ts `eachTested`), and on PostgreSQL that match is
  // what leaves the plant of the whole name out of the tier of names starting with it.
  const plant = (name: string, description: string) =>
    JSON.stringify({
      type: 'Plant',
      scientific_name: `Testus ${name.toLowerCase().replace(/ /g, '')}`,
      name,
      description,
    })
  const lines = [
    JSON.stringify({ hortus_dataset: 1, license: 'CC BY-SA 4.0' }),
    ...Array.from({ length: 1200 }, (_, i) => plant(`Quiet plant ${i}`, 'Grows beside quorlix.')),
    plant('Quorlix', 'A plant.'),
    plant('Quorlix giant', 'A tall plant.'),
  ]
  await importDataset(
    t.store,
    (async function* () {
      yield* lines
    })(),
    { source: 'tier test', images: false },
  )
  const plan = await planQuery(t.store.reader, 'quorlix')
  for (const window of [
    { limit: 5, offset: 0 },
    { limit: 3, offset: 1 },
  ]) {
    const query = { plan, type: null, filter: null, ...window }
    const names = (await walked.find(t.store.reader, query)).docs.map((doc) => JSON.parse(doc).name)
    const expected = (await rankedAll.find(t.store.reader, query)).docs.map((doc) => JSON.parse(doc).name)
    assert.deepEqual(names, expected, JSON.stringify(window))
    assert.deepEqual(
      names.slice(0, 2 - window.offset),
      ['Quorlix', 'Quorlix giant'].slice(window.offset),
      JSON.stringify(window),
    )
    assert.equal(new Set(names).size, names.length, `a plant twice: ${names.join(', ')}`)
  }
})

it('ranks a plant by the words of a name longer than the names table keeps, however it ranks', async () => {
  // The names table keeps the first 200 characters of a name; ranking a few matches by their names reads
  // their words from there, so a name that may have been cut is read whole from its plant.
  const described = await createPlant(t, { name: 'Hedge mustard', description: 'Not a zorblat.' })
  const longName = `${'very long name '.repeat(14)}zorblat`
  const named = await createPlant(t, { name: 'Bramble', data: [{ key: 'Alternate name', value: longName }] })
  const plan = await planQuery(t.store.reader, 'zorblat')
  const query = { plan, type: null, filter: null, limit: 20, offset: 0 }
  const ranked = (await rankedAll.find(t.store.reader, query)).docs.map((doc) => JSON.parse(doc).id)
  assert.deepEqual(ranked, [named.id, described.id])
  assert.deepEqual(
    (await walked.find(t.store.reader, query)).docs.map((doc) => JSON.parse(doc).id),
    ranked,
  )
})

it('answers one-letter searches, first and deep pages, within 300 ms', async () => {
  // A guard against a query that blows up (seconds: every match ranked, every typo tried), not a speed
  // target: those are the bench's (npm run bench). Alone these take 25–45 ms on SQLite; in the whole suite,
  // two files at once on two cores, the best of 3 reached 108 ms, the code as fast alone as before.
  for (const path of [
    '/api/search?q=s',
    '/api/search?q=a&type=Variety',
    '/api/search?q=s&per_page=5&page=20',
  ]) {
    // The best of 3 after a warm-up: the cost of the query, not a moment the shared machine was busy.
    await t.request('GET', path)
    let elapsed = Infinity
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = performance.now()
      const response = await t.request('GET', path)
      elapsed = Math.min(elapsed, performance.now() - started)
      assert.equal(response.status, 200, `${path}: ${response.text}`)
      assert.ok(response.body.plants.length > 0, `${path} found nothing`)
    }
    assert.ok(elapsed < 300, `${path}: ${elapsed.toFixed(1)} ms`)
  }
})
