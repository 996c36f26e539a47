// `npm run bench:scale`: how the cost grows with the data (issue 25). For the dialect under test
// (HORTUS_TEST_DB; scripts/bench-scale.sh runs SQLite, then PostgreSQL on a throwaway cluster) it imports the
// two real files (about 92,000 plants) into one database, copies it, and imports made-up plants into the
// copy up to HORTUS_SCALE_PLANTS (1,000,000 unless told; bench/scale/generate.ts, written to var/scale/).
// Then both are served at once, and each read case of bench/cases.ts is measured on the small one and right
// after on the large one, so that both see the same machine (it is shared: measured apart, minutes apart,
// their p99s differed by more than the data made them). Figures: the import time, the database's size on
// disk, the server's RSS while serving, one client's p50/p99 over HORTUS_SCALE_ROUNDS requests (2,000
// unless told), and the statements of every case planned and timed (bench/scale/explain.ts). They go to
// test-results/bench/scale-<dialect>.json; bench/scale/table.ts prints them. Every request goes to 127.0.0.1.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import pg from 'pg'
import { createKeyPair } from '../../src/accounts/api-keys.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { createTestDatabaseUrl, openTestStore, TEST_DIALECT } from '../../test/helpers/test-database.ts'
import { CASES, type Workload } from '../cases.ts'
import { oneClient } from '../load.ts'
import { startHortus, type Server } from '../processes.ts'
import { workloadOf } from '../service.ts'
import { run } from '../../test/helpers/processes.ts'
import { explainer, type PlannedStatement } from './explain.ts'
import { REAL_FILES, writeDataset } from './generate.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const TOTAL = Number(process.env.HORTUS_SCALE_PLANTS ?? 1_000_000)
const ROUNDS = Number(process.env.HORTUS_SCALE_ROUNDS ?? 2000)
/** Requests of each case whose statements are planned. */
const EXPLAINED_REQUESTS = 3
// The read cases: not the writes, and not the pictures (a few uploads, the same at any size).
// HORTUS_SCALE_CASES=<regular expression>: only the cases whose names match.
const ONLY = new RegExp(process.env.HORTUS_SCALE_CASES ?? '', 'i')
const READ_CASES = CASES.filter(({ name }) => !/^PUT |\/images\//.test(name) && ONLY.test(name))

export interface CaseFigures {
  case: string
  p50: number
  p99: number
  failures: number
  statements: PlannedStatement[]
}

export interface StageFigures {
  plants: number
  /** seconds per imported file; the stage's import time is their sum with the stages before */
  importSeconds: Record<string, number>
  databaseMb: number
  rssMb: number
  /** the server's peak RSS since it started (it only serves: the bench imports before starting it) */
  peakRssMb: number
  cases: CaseFigures[]
}

export interface ScaleFigures {
  dialect: string
  rounds: number
  stages: StageFigures[]
}

const SCALE_DIR = join(ROOT, 'var', 'scale')
// HORTUS_SCALE_REUSE=1: databases imported by an earlier run are measured again without importing them
// again; their import times are those of that run. SQLite's are kept in var/scale/; PostgreSQL's on a
// server that outlives the run (HORTUS_TEST_PG_URL set by hand: scripts/bench-scale.sh then starts no
// throwaway cluster), as hortus_scale_real and hortus_scale_real_large.
const REUSE = process.env.HORTUS_SCALE_REUSE === '1'

async function importFiles(url: string, files: string[]): Promise<Record<string, number>> {
  const store = await openTestStore(url)
  const seconds: Record<string, number> = {}
  try {
    for (const file of files) {
      const started = performance.now()
      const summary = await importDataset(store, readLines(file), { source: file, baseDir: dirname(file) })
      seconds[file] = (performance.now() - started) / 1000
      console.log(
        `imported ${file}: ${summary.created} plants, ${summary.links.created} links, ` +
          `${summary.rejected.length} lines rejected, in ${seconds[file].toFixed(1)} s`,
      )
    }
  } finally {
    await store.close()
  }
  return seconds
}

/** The database `name` made by `make` (which returns its import times), or with HORTUS_SCALE_REUSE=1 the
 * one an earlier run made. What their import took is kept beside them in var/scale/. `url`: PostgreSQL's
 * large database, which `make` copies from the small one. */
async function database(
  name: string,
  make: (url: string) => Promise<Record<string, number>>,
  url?: string,
): Promise<{ url: string; importSeconds: Record<string, number> }> {
  mkdirSync(SCALE_DIR, { recursive: true })
  if (TEST_DIALECT !== 'sqlite' && !REUSE) {
    const made = url ?? (await createTestDatabaseUrl())
    return { url: made, importSeconds: await make(made) }
  }
  const kept = TEST_DIALECT === 'sqlite' ? `sqlite:${join(SCALE_DIR, `${name}.db`)}` : (url ?? keptUrl())
  const record = TEST_DIALECT === 'sqlite' ? `${kept.slice('sqlite:'.length)}.json` : recordOf(kept)
  if (REUSE && existsSync(record) && (await exists(kept))) {
    console.log(`${kept}: imported by an earlier run`)
    return { url: kept, importSeconds: JSON.parse(readFileSync(record, 'utf8')) as Record<string, number> }
  }
  await remove(kept, url === undefined)
  const importSeconds = await make(kept)
  writeFileSync(record, JSON.stringify(importSeconds))
  return { url: kept, importSeconds }
}

/** The small database kept on the PostgreSQL server. */
const keptUrl = () =>
  Object.assign(new URL(process.env.HORTUS_TEST_PG_URL!), { pathname: '/hortus_scale_real' }).toString()
const databaseName = (url: string) => new URL(url).pathname.slice(1)
const recordOf = (url: string) => join(SCALE_DIR, `postgres-${databaseName(url)}.json`)

async function onServer<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.HORTUS_TEST_PG_URL })
  await client.connect()
  try {
    return (await client.query<T>(statement, values)).rows
  } finally {
    await client.end()
  }
}

async function exists(url: string): Promise<boolean> {
  if (TEST_DIALECT === 'sqlite') return existsSync(url.slice('sqlite:'.length))
  return (await onServer('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(url)])).length > 0
}

/** Removes a kept database, and makes it again empty where `make` does not copy it (the small one). */
async function remove(url: string, empty: boolean): Promise<void> {
  if (TEST_DIALECT === 'sqlite') {
    const path = url.slice('sqlite:'.length)
    for (const suffix of ['.json', '', '-wal', '-shm']) rmSync(path + suffix, { force: true })
    return
  }
  rmSync(recordOf(url), { force: true })
  await onServer(`DROP DATABASE IF EXISTS ${databaseName(url)} WITH (FORCE)`)
  if (empty) await onServer(`CREATE DATABASE ${databaseName(url)} TEMPLATE template0 ENCODING 'UTF8'`)
}

/** A copy of the (closed) database at `url` to `to` (SQLite), or a PostgreSQL database made from it. */
async function copy(url: string, to: string): Promise<void> {
  if (TEST_DIALECT === 'sqlite') {
    const from = url.replace(/^sqlite:/, '')
    const path = to.replace(/^sqlite:/, '')
    for (const suffix of ['', '-wal'])
      if (existsSync(from + suffix)) copyFileSync(from + suffix, path + suffix)
    return
  }
  await onServer(`CREATE DATABASE ${databaseName(to)} TEMPLATE ${databaseName(url)}`)
}

/** The URL of a new PostgreSQL database made from the one at `url`. */
function largeUrlOf(url: string): string {
  const large = new URL(url)
  large.pathname = `${large.pathname}_large`
  return large.toString()
}

async function databaseMb(url: string): Promise<number> {
  if (TEST_DIALECT === 'sqlite') {
    const path = url.replace(/^sqlite:/, '')
    const bytes = ['', '-wal', '-shm']
      .map((suffix) => path + suffix)
      .filter((file) => existsSync(file))
      .reduce((sum, file) => sum + statSync(file).size, 0)
    return bytes / 1024 / 1024
  }
  const store = await openTestStore(url)
  try {
    const { rows } = await sql<{
      bytes: string
    }>`SELECT pg_database_size(current_database()) AS bytes`.execute(store.db)
    return Number(rows[0]!.bytes) / 1024 / 1024
  } finally {
    await store.close()
  }
}

/** Resident and peak memory of the server's process, in MB. Not Server.rssMb(): that takes any child process
 * for a worker, and when scripts/start.mjs has just rebuilt the bundle, esbuild's service is one (14 MB). */
function memoryOf(server: Server): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${server.process.child.pid}/status`, 'utf8')
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
  return { rssMb: mb('VmRSS'), peakRssMb: mb('VmHWM') }
}

async function workloadAt(url: string): Promise<Workload> {
  const store = await openTestStore(url)
  try {
    return await workloadOf(store)
  } finally {
    await store.close()
  }
}

interface Stage {
  url: string
  /** a key of its own, made by this run */
  headers: Record<string, string>
  workload: Workload
  figures: StageFigures
}

async function stageOf(url: string, importSeconds: Record<string, number>): Promise<Stage> {
  const workload = await workloadAt(url)
  const store = await openTestStore(url)
  const key = await createKeyPair(store, `bench-scale-${Date.now()}@example.org`).finally(() => store.close())
  const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
  const figures = {
    plants: workload.ids.length,
    importSeconds,
    databaseMb: 0,
    rssMb: 0,
    peakRssMb: 0,
    cases: [],
  }
  return { url, headers, workload, figures }
}

/** Where a server started by startHortus writes its log (its standard output is that file). */
const logOf = (server: Server) => readlinkSync(`/proc/${server.process.child.pid}/fd/1`)

/** Each case on every stage's server in turn, then their memory and size. A server that dies in a case
 * (the case fails, with the end of its log) is started again for the next. */
async function measure(stages: Stage[]): Promise<void> {
  const servers: Server[] = []
  try {
    for (const stage of stages) servers.push(await startHortus(stage.url))
    for (const benchCase of READ_CASES) {
      for (const [index, { headers, workload, figures, url }] of stages.entries()) {
        const next = () => benchCase.next(workload)
        const log = logOf(servers[index]!)
        let measured: Awaited<ReturnType<typeof oneClient>>
        try {
          measured = await oneClient(servers[index]!.port, headers, next, ROUNDS)
        } catch (error) {
          const end = readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')
          console.log(
            `${figures.plants} ${benchCase.name}: ${String(error)}; the server's log ends with\n${end}`,
          )
          measured = { p50: NaN, p99: NaN, failures: ROUNDS }
          await servers[index]!.stop().catch(() => {})
          servers[index] = await startHortus(url)
        }
        console.log(
          `${String(figures.plants).padStart(8)} ${benchCase.name.padEnd(24)} one client ` +
            `p50 ${measured.p50.toFixed(2)} p99 ${measured.p99.toFixed(2)} ms` +
            (measured.failures > 0 ? `; FAILURES ${measured.failures}` : ''),
        )
        figures.cases.push({ case: benchCase.name, ...measured, statements: [] })
      }
    }
    for (const [index, { figures }] of stages.entries()) Object.assign(figures, memoryOf(servers[index]!))
  } finally {
    for (const server of servers) await server.stop()
  }
  for (const { url, figures } of stages) {
    figures.databaseMb = await databaseMb(url)
    console.log(
      `${figures.plants} plants: database ${figures.databaseMb.toFixed(0)} MB, server RSS ` +
        `${figures.rssMb.toFixed(0)} MB (peak ${figures.peakRssMb.toFixed(0)} MB)`,
    )
  }
}

/** The statements behind each case, planned in this process while no server runs. */
async function explainCases({ url, headers, workload, figures }: Stage): Promise<void> {
  const store = await openTestStore(url)
  const explain = await explainer(store, url, headers)
  try {
    for (const [index, benchCase] of READ_CASES.entries()) {
      const paths = Array.from({ length: EXPLAINED_REQUESTS }, () => benchCase.next(workload).path)
      figures.cases[index]!.statements = await explain.explain(paths)
      for (const { table, rows, ms } of figures.cases[index]!.statements.flatMap((statement) =>
        statement.scans.map((scan) => ({ ...scan, ms: statement.ms })),
      ))
        console.log(
          `${String(figures.plants).padStart(8)} ${benchCase.name.padEnd(24)} ` +
            `scans ${table} (${rows} rows) in ${ms.toFixed(2)} ms`,
        )
    }
  } finally {
    await explain.close()
    await store.close()
  }
}

// The bundle npm start runs is brought up to date now, so that no start builds it.
await run(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--build-only'])
const small = await database('sqlite-real', (url) =>
  importFiles(
    url,
    REAL_FILES.map((file) => join(ROOT, file)),
  ),
)
const stages = [await stageOf(small.url, small.importSeconds)]
const made = TOTAL - stages[0]!.figures.plants
if (made > 0) {
  const large = await database(
    `sqlite-${TOTAL}`,
    async (url) => {
      mkdirSync(SCALE_DIR, { recursive: true })
      const file = join(SCALE_DIR, `made-up-${made}.jsonl`)
      const started = performance.now()
      writeDataset(ROOT, file, made)
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      console.log(`${made} made-up plants written to ${file} in ${seconds} s`)
      await copy(small.url, url)
      return { ...small.importSeconds, ...(await importFiles(url, [file])) }
    },
    TEST_DIALECT === 'sqlite' ? undefined : largeUrlOf(small.url),
  )
  stages.push(await stageOf(large.url, large.importSeconds))
}
await measure(stages)
for (const stage of stages) await explainCases(stage)

const dir = join(ROOT, 'test-results', 'bench')
mkdirSync(dir, { recursive: true })
const figures: ScaleFigures = {
  dialect: TEST_DIALECT,
  rounds: ROUNDS,
  stages: stages.map((stage) => stage.figures),
}
writeFileSync(join(dir, `scale-${TEST_DIALECT}.json`), JSON.stringify(figures, null, 2))
console.log(`figures written to test-results/bench/scale-${TEST_DIALECT}.json`)
