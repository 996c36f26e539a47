// Search at the size of the starter dataset plus OpenFarm (about 94,000 plants): p50 and p99 latency over
// real HTTP of plain, typo, faceted and one-letter searches and of suggestions, each category cycling
// through its queries, against reading one stored plant in the same run. HORTUS_TEST_DB=postgres runs it
// on PostgreSQL (inside scripts/postgres/with-test-cluster.sh, as `npm run bench:pg` does). Targets on
// SQLite: plain p99 ≤ 10 ms, typo ≤ 15 ms, one letter ≤ 30 ms, suggestion ≤ 2 ms.
import { performance } from 'node:perf_hooks'
import { TEST_DIALECT } from '../test/helpers/test-database.ts'
import { importedStore, startService } from './service.ts'

const ROUNDS = 500
const WARM_UP = 50

const store = await importedStore()

const { app, port, headers } = await startService(store)

async function get(path: string): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`)
  return JSON.parse(text)
}

/** p50 and p99 of `ROUNDS` sequential requests cycling through `paths`, after a warm-up. */
async function measure(paths: string[]) {
  for (let round = 0; round < WARM_UP; round++) await get(paths[round % paths.length]!)
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    await get(paths[round % paths.length]!)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: times[Math.floor(ROUNDS * 0.5)]!, p99: times[Math.floor(ROUNDS * 0.99)]! }
}

const searches = (queries: string[], extra = '') =>
  queries.map((q) => `/api/search?q=${encodeURIComponent(q)}${extra}`)
const categories: [string, string[]][] = [
  [
    'plain search',
    searches([
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
    ]),
  ],
  [
    'typo search',
    searches([
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
    ]),
  ],
  [
    'faceted search',
    [
      '/api/search?q=tomato&family=solanaceae',
      '/api/search?q=bean&edible=true',
      '/api/search?q=mint&light%20requirement=Full%20sun',
      '/api/search?q=apple&life%20cycle=Perennial',
      '/api/search?q=oak&type=Species&family=fagaceae',
    ],
  ],
  ['one-letter search', searches(['a', 'b', 'c', 'm', 's', 't'])],
  [
    'suggestion',
    ['t', 'to', 'tom', 'toma', 'tomat', 'b', 'ba', 'bas', 'basi', 'bazil', 'straw', 'rosm', 'sweet p'].map(
      (q) => `/api/suggest?q=${encodeURIComponent(q)}`,
    ),
  ],
]

const tomato = (await get('/api/search?q=tomato&per_page=1')) as { plants: { id: number }[] }
const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10)
const row = (name: string, { p50, p99 }: { p50: number; p99: number }) =>
  console.log(`${name.padEnd(34)} p50 ${ms(p50)}  p99 ${ms(p99)}`)
console.log(`\n${TEST_DIALECT}: ${ROUNDS} sequential requests per line, cycling through its queries`)
row('baseline: GET /api/plants/<id>', await measure([`/api/plants/${tomato.plants[0]!.id}`]))
for (const [name, paths] of categories) row(name, await measure(paths))

await app.close()
await store.close()
