// `npm run bench`: Hortus at the size of the starter dataset plus OpenFarm (about 94,000 plants), measured
// against ceilings in the same run. For the dialect under test (HORTUS_TEST_DB; scripts/bench.sh runs
// SQLite, then PostgreSQL on a throwaway cluster) it times the import and the start, then for every case
// measures one client (p50/p99 of sequential requests) and 50 connections with autocannon (requests/s,
// p50, p99), Hortus and baseline runs interleaved (a Fastify hello-world route, and the bytes of a 100-plant
// page from memory). PostgreSQL runs the load with 1 and with 2 workers. Figures go to
// test-results/bench/<dialect>.json; bench/table.ts prints them. Every request goes to 127.0.0.1.
import { mkdirSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createKeyPair } from '../src/accounts/api-keys.ts'
import { importDataset } from '../src/transfer/import.ts'
import { readLines } from '../src/transfer/read-lines.ts'
import { createTestDatabaseUrl, openTestStore, TEST_DIALECT } from '../test/helpers/test-database.ts'
import { tempDir } from '../test/helpers/temp-dir.ts'
import { oneClient, underLoad, type LoadFigures, type LoadOptions, type RequestSpec } from './load.ts'
import { startBaseline, startHortus, timeToFirstAnswer, type Server } from './processes.ts'
import { CASES, type Workload } from './cases.ts'

const CONNECTIONS = 50
const SECONDS = Number(process.env.HORTUS_BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = 1
const ONE_CLIENT_ROUNDS = 500
// HORTUS_BENCH_CASES=<regular expression>: only the cases whose names match (a quick look at a few).
const ONLY = new RegExp(process.env.HORTUS_BENCH_CASES ?? '', 'i')

// The database: the starter dataset, then the OpenFarm set, imported and timed.
const url = await createTestDatabaseUrl()
const store = await openTestStore(url)
const imports: Record<string, number> = {}
for (const file of ['data/plants.jsonl', 'data/openfarm.jsonl']) {
  const started = performance.now()
  const summary = await importDataset(store, readLines(file), { source: file, baseDir: dirname(file) })
  imports[file] = (performance.now() - started) / 1000
  console.log(`imported ${file}: ${summary.created} plants in ${imports[file].toFixed(1)} s`)
}
const key = await createKeyPair(store, 'bench@example.org')
const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
const plants = await store.db.selectFrom('plants').select(['id', 'version', 'slug']).orderBy('id').execute()
await store.close()
const workload: Workload = {
  ids: plants.map((plant) => Number(plant.id)),
  slugs: plants.map((plant) => plant.slug),
  versions: new Map(plants.map((plant) => [Number(plant.id), Number(plant.version)])),
  imageIds: [],
}
console.log(`${TEST_DIALECT}: ${plants.length} plants`)

const startMs = await timeToFirstAnswer(url)
console.log(`npm start to the first answer: ${startMs.toFixed(0)} ms`)

interface CaseFigures {
  case: string
  oneClient: { p50: number; p99: number }
  /** the same client against the hello-world route, right after (SQLite runs only) */
  oneClientFloor?: { p50: number; p99: number }
  load: LoadFigures
  baseline?: { name: string; load: LoadFigures }
  workers: number
}
const results: CaseFigures[] = []

// Pictures: a few uploads through the API, one after another, each a photo-sized JPEG of its own colours
// (its processing is the cost: decoding, re-encoding without metadata, two WebP sizes); the thumb case
// then serves them.
const UPLOADS = 20
async function timeUploads(server: Server): Promise<{ p50: number; p90: number }> {
  const times: number[] = []
  for (let index = 0; index < UPLOADS; index++) {
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer()
    const form = new FormData()
    form.append('license', 'CC0-1.0')
    form.append('note', 'bench')
    form.append('file', new Blob([new Uint8Array(photo)]), 'photo.jpg')
    const plantId = workload.ids[(index * 7919) % workload.ids.length]!
    const started = performance.now()
    const response = await fetch(`http://127.0.0.1:${server.port}/api/plants/${plantId}/images`, {
      method: 'POST',
      headers,
      body: form,
    })
    times.push(performance.now() - started)
    const image = (await response.json()) as { id: number }
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(image)}`)
    workload.imageIds.push(image.id)
  }
  times.sort((a, b) => a - b)
  return { p50: times[Math.floor(UPLOADS / 2)]!, p90: times[Math.floor(UPLOADS * 0.9)]! }
}

const load = (server: Server, next: () => RequestSpec, onAnswer?: LoadOptions['onAnswer']) =>
  underLoad({ port: server.port, headers, next, onAnswer, connections: CONNECTIONS, seconds: SECONDS })
const warmUp = (server: Server, next: () => RequestSpec, onAnswer?: LoadOptions['onAnswer']) =>
  underLoad({
    port: server.port,
    headers,
    next,
    onAnswer,
    connections: CONNECTIONS,
    seconds: WARM_UP_SECONDS,
  })

async function measureCases(hortus: Server, workers: number, baseline: Server | null): Promise<void> {
  // A baseline is measured again whenever the kind the cases compare with changes (hello-world, page,
  // hello-world): the runs interleave, and a case is set against the baseline measured just before it.
  let lastBaseline: CaseFigures['baseline']
  for (const benchCase of CASES.filter((each) => ONLY.test(each.name))) {
    const next = () => benchCase.next(workload)
    const onAnswer =
      benchCase.onAnswer &&
      ((spec: RequestSpec, status: number, body: string) => benchCase.onAnswer!(spec, status, body, workload))
    if (baseline && benchCase.baseline && lastBaseline?.name !== benchCase.baseline) {
      const path = benchCase.baseline === 'hello-world' ? '/hello' : '/page'
      await warmUp(baseline, () => ({ path }))
      lastBaseline = { name: benchCase.baseline, load: await load(baseline, () => ({ path })) }
    }
    const baselineFigures = baseline && benchCase.baseline ? lastBaseline : undefined
    // The one client comes after the warm-up, so it times a server that has run the route (not its first
    // compilations), and is followed by the same client against the hello-world route: what sequential
    // requests over loopback cost on this machine at the least, the floor its figures stand on.
    await warmUp(hortus, next, onAnswer)
    const single = await oneClient(hortus.port, headers, next, ONE_CLIENT_ROUNDS)
    const floor = baseline
      ? await oneClient(baseline.port, {}, () => ({ path: '/hello' }), ONE_CLIENT_ROUNDS)
      : undefined
    const figures = await load(hortus, next, onAnswer)
    const ratio = baselineFigures
      ? (figures.requestsPerSecond / baselineFigures.load.requestsPerSecond).toFixed(2)
      : ''
    console.log(
      `${workers}w ${benchCase.name.padEnd(22)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s ` +
        `p50 ${figures.p50} p99 ${figures.p99} ms; one client p50 ${single.p50.toFixed(2)} p99 ${single.p99.toFixed(2)} ms` +
        (floor ? ` (hello-world p50 ${floor.p50.toFixed(2)} p99 ${floor.p99.toFixed(2)} ms)` : '') +
        (baselineFigures
          ? `; baseline ${baselineFigures.load.requestsPerSecond.toFixed(0)} req/s, ratio ${ratio}`
          : '') +
        (figures.failures + single.failures > 0 ? `; FAILURES ${figures.failures + single.failures}` : ''),
    )
    results.push({
      case: benchCase.name,
      oneClient: single,
      oneClientFloor: floor,
      load: figures,
      baseline: baselineFigures,
      workers,
    })
  }
}

const hortus = await startHortus(url)
const uploads = await timeUploads(hortus)
console.log(
  `picture upload (a 1600 × 1200 JPEG, processed and stored): p50 ${uploads.p50.toFixed(0)} ms, ` +
    `p90 ${uploads.p90.toFixed(0)} ms over ${UPLOADS}`,
)
const page = await fetch(`http://127.0.0.1:${hortus.port}/api/plants?per_page=100`, { headers })
const pageFile = join(tempDir('hortus-bench-'), 'page.json')
writeFileSync(pageFile, Buffer.from(await page.arrayBuffer()))
// The baselines run beside SQLite only: PostgreSQL's targets are set against the SQLite figures.
const baseline = TEST_DIALECT === 'sqlite' ? await startBaseline(pageFile) : null
await measureCases(hortus, 1, baseline)
const rssMb = hortus.rssMb()
await hortus.stop()
await baseline?.stop()
let rssTwoWorkersMb: number | undefined
if (TEST_DIALECT === 'postgres') {
  const twoWorkers = await startHortus(url, 2)
  await measureCases(twoWorkers, 2, null)
  rssTwoWorkersMb = twoWorkers.rssMb()
  await twoWorkers.stop()
}
console.log(
  `RSS after the run: ${rssMb.toFixed(0)} MB` +
    (rssTwoWorkersMb ? `; with 2 workers ${rssTwoWorkersMb.toFixed(0)} MB per worker` : ''),
)

const dir = join(import.meta.dirname, '..', 'test-results', 'bench')
mkdirSync(dir, { recursive: true })
const figures = {
  dialect: TEST_DIALECT,
  plants: plants.length,
  importSeconds: imports,
  startMs,
  rssMb,
  rssTwoWorkersMb,
  uploadMs: { p50: uploads.p50, p90: uploads.p90 },
  connections: CONNECTIONS,
  seconds: SECONDS,
  cases: results,
}
writeFileSync(join(dir, `${TEST_DIALECT}.json`), JSON.stringify(figures, null, 2))
console.log(`figures written to test-results/bench/${TEST_DIALECT}.json`)
