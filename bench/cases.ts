// What the bench asks: each case chooses its next request at random over the imported plants (ids, pages,
// queries), so no answer is the same one served again and again.
import type { RequestSpec } from './load.ts'

export interface Workload {
  ids: number[]
  /** each plant's page address, in the order of ids */
  slugs: string[]
  /** each plant's current version, read again after every run of a case that writes */
  versions: Map<number, number>
  /** pictures uploaded before the cases run */
  imageIds: number[]
}

export interface BenchCase {
  name: string
  /** the ceilings this case is compared with (the first is the one its target names) */
  baselines: Baseline[]
  next(workload: Workload): RequestSpec
  /** it changes plants: the bench reads their versions again after it (`Workload.versions`) */
  writes?: boolean
  /** measured again while a member saves plants (throughput.bench.ts's mixed case): the reads whose answers
   * derived state shapes (searches with q, facets, a plant, a page). The others are left out to keep the
   * bench's time: each adds two runs of wrk on each database. */
  underWrites?: boolean
}

/** What the baseline server (baseline-server.ts) answers from memory: see there. */
export type Baseline = 'hello-world' | 'page from memory' | 'plant with its headers'

/** One of `items`, leaving out the last `spare` (without copying the array: the bench's client sends
 * thousands of requests a second, and a copy of 92,000 ids per request slowed the client itself). */
const randomOf = <T>(items: readonly T[], spare = 0): T =>
  items[Math.floor(Math.random() * (items.length - spare))]!

function cycling(paths: string[]): () => RequestSpec {
  let next = 0
  return () => ({ path: paths[next++ % paths.length]! })
}

const search = (queries: string[], extra = '') =>
  cycling(queries.map((q) => `/api/search?q=${encodeURIComponent(q)}${extra}`))

const plainSearch = search([
  'tomato',
  'basil',
  'apple',
  'sweet potato',
  'black walnut',
  'Solanum lycopersicum',
  'pomodoro',
  'strawberries',
  'oak',
  'rosemary',
])
const typoSearch = search([
  'tomatoe',
  'bazil',
  'rosmary',
  'strawbery',
  'brocoli',
  'cucmber',
  'Ocimum basilicom',
  'calendula officianalis',
  'Solanum lycopersicon',
  'cauliflour',
])
const facetedSearch = cycling([
  '/api/search?q=tomato&family=solanaceae',
  '/api/search?q=bean&edible=true',
  '/api/search?q=mint&light%20requirement=Full%20sun',
  '/api/search?q=apple&life%20cycle=Perennial',
  '/api/search?q=oak&type=Species&family=fagaceae',
])
const oneLetterSearch = search(['a', 'b', 'c', 'm', 's', 't'])
// Queries as gardeners type them (issue 22): constraints read from q, soft words, companions, partial matches.
const naturalLanguageSearch = search([
  'full sun ground cover',
  'drought tolerant perennials',
  'shade tolerant shrubs',
  'nitrogen fixers',
  'trees for clay soil',
  'tomato plant',
  'companion plants for tomato',
  'hardy to zone 4 shrubs',
  'taller than 30 m',
  'basil seeds',
  'Tropaeolum majus',
  'edible flowers for partial shade',
])
const rangeSearch = cycling([
  '/api/search?q=tomato&Height=1..3',
  '/api/search?q=oak&Height=20..',
  '/api/search?q=mint&USDA%20Hardiness%20zone=..5',
  '/api/search?q=apple&Soil%20pH=6..7',
  '/api/search?q=grass&Height=..0.5&Soil%20pH=..6',
])
const browse = cycling([
  '/api/search?Layer=Shrubs',
  '/api/search?Height=1..3',
  '/api/search?Light%20requirement=Full%20shade&Layer=Herbs',
  '/api/search?USDA%20Hardiness%20zone=..4&page=3',
  '/api/search?Edible%20parts=Fruit&Life%20cycle=Perennial',
  '/api/search?Life%20cycle=Perennial&page=40',
])
const suggestions = cycling(
  ['t', 'to', 'tom', 'toma', 'tomat', 'b', 'ba', 'bas', 'basi', 'bazil', 'straw', 'rosm', 'sweet p'].map(
    (q) => `/api/suggest?q=${encodeURIComponent(q)}`,
  ),
)

// The sowing calendar (issue 29) for a few places, north and south, with and without a first frost.
const FROSTS = [
  'last_frost=04-15&first_frost=10-20',
  'last_frost=03-01&first_frost=11-30',
  'last_frost=09-20&first_frost=05-01',
  'last_frost=05-10',
]
/** A day of 2026 at random, YYYY-MM-DD. */
const randomDay = () =>
  new Date(Date.UTC(2026, 0, 1 + Math.floor(Math.random() * 365))).toISOString().slice(0, 10)

let written = 0

export const CASES: BenchCase[] = [
  {
    name: 'GET /plants/<id>',
    underWrites: true,
    baselines: ['plant with its headers', 'hello-world'],
    next: ({ ids }) => ({ path: `/api/plants/${randomOf(ids)}` }),
  },
  {
    name: 'keyset page of 100',
    underWrites: true,
    baselines: ['page from memory'],
    next: ({ ids }) => ({ path: `/api/plants?per_page=100&last_id=${randomOf(ids, 100)}` }),
  },
  {
    // Pages among the starter's plants (the first 3,000 ids), of about the first page's size: the first page
    // must cost no more than these.
    name: 'keyset page, starter plants',
    baselines: ['page from memory'],
    next: ({ ids }) => ({
      path: `/api/plants?per_page=100&last_id=${ids[1 + Math.floor(Math.random() * 2900)]}`,
    }),
  },
  {
    // What every client asks for first: it must cost no more than any later page.
    name: 'first page of 100',
    baselines: ['page from memory'],
    next: () => ({ path: '/api/plants?per_page=100' }),
  },
  {
    name: 'offset page of 100',
    baselines: ['page from memory'],
    next: ({ ids }) => ({
      path: `/api/plants?page=${1 + Math.floor(Math.random() * Math.ceil(ids.length / 100))}&per_page=100`,
    }),
  },
  { name: 'plain search', baselines: ['hello-world'], next: plainSearch, underWrites: true },
  { name: 'typo search', baselines: ['hello-world'], next: typoSearch, underWrites: true },
  { name: 'faceted search', baselines: ['hello-world'], next: facetedSearch, underWrites: true },
  { name: 'one-letter search', baselines: ['hello-world'], next: oneLetterSearch },
  {
    name: 'natural-language search',
    baselines: ['hello-world'],
    next: naturalLanguageSearch,
    underWrites: true,
  },
  { name: 'range filter', baselines: ['hello-world'], next: rangeSearch, underWrites: true },
  { name: 'browse without q', baselines: ['hello-world'], next: browse, underWrites: true },
  { name: 'GET /suggest', baselines: ['hello-world'], next: suggestions, underWrites: true },
  {
    name: 'calendar of a plant',
    baselines: ['hello-world'],
    next: ({ ids }) => ({ path: `/api/plants/${randomOf(ids)}/calendar?${randomOf(FROSTS)}&year=2026` }),
  },
  {
    name: 'sow now (a page)',
    baselines: ['hello-world'],
    underWrites: true,
    next: () => ({ path: `/api/calendar?${randomOf(FROSTS)}&date=${randomDay()}&per_page=100` }),
  },
  {
    // The website's plant page (issue 24), rendered on the server: a target of 5 ms at one client.
    name: 'plant page (website)',
    baselines: ['hello-world'],
    next: ({ slugs }) => ({ path: `/plants/${randomOf(slugs)}` }),
  },
  {
    name: 'GET /images/<id>/thumb.webp',
    baselines: ['page from memory'],
    next: ({ imageIds }) => ({ path: `/images/${randomOf(imageIds)}/thumb.webp` }),
  },
  {
    name: 'PUT /plants/<id>',
    baselines: ['hello-world'],
    // Plants in turn through the whole set, so no two connections write the same plant at once.
    next: ({ ids, versions }) => {
      const id = ids[(written * 7919) % ids.length]!
      written++
      const body = JSON.stringify({
        version: versions.get(id),
        note: 'bench',
        description: `Bench write ${written}`,
      })
      return { method: 'PUT', path: `/api/plants/${id}`, body }
    },
    writes: true,
  },
]
