// The attribute registry at the size of the starter dataset plus OpenFarm (about 94,000 plants): how long
// GET /api/attributes and its neighbours take over real HTTP, against reading one stored plant in the same
// run, and what keeping the registry adds to a save. HORTUS_TEST_DB=postgres runs it on PostgreSQL (inside
// scripts/postgres/with-test-cluster.sh, as `npm run bench:pg` does). Every request goes to 127.0.0.1.
import { performance } from 'node:perf_hooks'
import { TEST_DIALECT } from '../test/helpers/test-database.ts'
import { importedStore, startService } from './service.ts'

const ROUNDS = 200
const WARM_UP = 20

const store = await importedStore()
const count = async (table: 'plants' | 'attribute_keys' | 'attribute_values') =>
  Number(
    (
      await store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
console.log(
  `${TEST_DIALECT}: ${await count('plants')} plants; registry: ${await count('attribute_keys')} keys, ` +
    `${await count('attribute_values')} values`,
)

const { app, port, headers } = await startService(store)

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

/** Median and 95th percentile of `ROUNDS` sequential runs, after a warm-up. */
async function measure(run: (round: number) => Promise<unknown>) {
  for (let round = 0; round < WARM_UP; round++) await run(round)
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    await run(WARM_UP + round)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(ROUNDS / 2)]!, p95: times[Math.floor(ROUNDS * 0.95)]! }
}

interface PlantRef {
  id: number
  version: number
}
const tomato = (await send<{ plants: PlantRef[] }>('GET', '/api/search?q=tomato&per_page=1')).plants[0]!
const reads: [string, string][] = [
  ['GET /api/attributes', '/api/attributes'],
  ['GET /api/attributes/family?page=2', '/api/attributes/family?page=2'],
  ['GET /api/attributes/Alternate name?page=300', '/api/attributes/Alternate%20name?page=300'],
  ['GET /api/search?q=tomato&family=solanaceae', '/api/search?q=tomato&family=solanaceae'],
]
const baseline = await measure(() => send('GET', `/api/plants/${tomato.id}`))
const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10)
const row = (name: string, { median, p95 }: { median: number; p95: number }, base: { median: number }) =>
  console.log(
    `${name.padEnd(48)} median ${ms(median)}  p95 ${ms(p95)}  ×${(median / base.median).toFixed(1)}`,
  )
console.log(`\n${ROUNDS} sequential requests each; ×: median against the baseline's`)
row('baseline: GET /api/plants/<id>', baseline, baseline)
for (const [name, path] of reads) row(name, await measure(() => send('GET', path)), baseline)

// Saves: changing the description (registry untouched) against changing an attribute value (two counters
// down, two up), on the same plant.
let version = (await send<PlantRef>('GET', `/api/plants/${tomato.id}`)).version
const save = async (body: object) => {
  version = (await send<PlantRef>('PUT', `/api/plants/${tomato.id}`, { ...body, version, note: 'bench' }))
    .version
}
const description = await measure((round) => save({ description: `Bench description ${round}` }))
const attribute = await measure((round) =>
  save({ data: [{ key: 'Bench value', value: `Value ${round % 2}, Shared` }] }),
)
console.log('')
row('baseline: PUT description only', description, description)
row('PUT an attribute value (registry kept)', attribute, description)

await app.close()
await store.close()
