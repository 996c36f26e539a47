// The import of the 92k set, timed alone: a fresh database of the dialect in HORTUS_TEST_DB, then
// data/plants.jsonl and data/openfarm.jsonl imported as bench/throughput.bench.ts does, with the seconds of
// each file and of its phases (the plant lines, the links, the pictures, the closing ANALYZE), and where the
// time went: the database's time per kind of statement and table, the rest being the process's own work.
//   HORTUS_TEST_DB=sqlite node --max-semi-space-size=32 --import tsx bench/import.bench.ts
//   bash scripts/postgres/with-test-cluster.sh bash -c 'HORTUS_TEST_DB=postgres node --max-semi-space-size=32 --import tsx bench/import.bench.ts'
// (--max-semi-space-size=32 is the CLI's flag, package.json: an import as `npm run hortus -- import` runs it.)
// HORTUS_BENCH_STATEMENTS=0 leaves the statements untimed (their timing costs a little of its own).
// Not part of `npm test`: it takes about a minute per dialect.
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import type { Store } from '../src/db/store.ts'
import { importDataset } from '../src/transfer/import.ts'
import { readLines } from '../src/transfer/read-lines.ts'
import { createTestDatabaseUrl, openTestStore, TEST_DIALECT } from '../test/helpers/test-database.ts'
import { timeStatements, type StatementTimes } from './statement-times.ts'

const FILES = ['data/plants.jsonl', 'data/openfarm.jsonl']

const times: StatementTimes | null =
  process.env.HORTUS_BENCH_STATEMENTS === '0' ? null : await timeStatements(TEST_DIALECT)
const store = await openTestStore(await createTestDatabaseUrl())
const seconds = (ms: number) => (ms / 1000).toFixed(2).padStart(7)

/** CPU seconds since `since` of this process, and of the server processes of this database since the last
 * call with `start` (their ticks then are remembered, by process). */
const serverTicksAtStart = new Map<number, number>()
async function cpuSeconds(store: Store, since: NodeJS.CpuUsage, start = false) {
  const { user, system } = process.cpuUsage(since)
  const own = (user + system) / 1000
  if (store.dialect !== 'postgres') return { own, server: null }
  const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = 'hortus'`.execute(store.db)
  let ticks = 0
  for (const { pid } of rows) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    const used = Number(fields[11]) + Number(fields[12])
    if (start) serverTicksAtStart.set(pid, used)
    else ticks += used - (serverTicksAtStart.get(pid) ?? 0)
  }
  return { own, server: (ticks * 1000) / 100 }
}

let total = 0
for (const file of FILES) {
  times?.reset()
  const started = performance.now()
  const ownCpu = process.cpuUsage()
  await cpuSeconds(store, ownCpu, true)
  // Phases: the plant lines end with the batch that reads the file's last line; the links and pictures
  // follow, told apart by the first statement on a picture table; the closing ANALYZE is its own.
  const lineCount = readFileSync(file, 'utf8').split('\n').length - 1
  let linesDone = false
  times?.onStatement((label) => {
    if (times.phase === 'lines' && linesDone) times.enter('links')
    if (times.phase === 'links' && /plant_images|image_files/.test(label)) times.enter('pictures')
    if (label === 'analyze') times.enter('analyze')
  })
  times?.enter('lines')
  const summary = await importDataset(store, readLines(file), {
    source: file,
    baseDir: dirname(file),
    onProgress: (linesRead) => (linesDone = linesRead >= lineCount),
  })
  const elapsed = performance.now() - started
  const cpu = await cpuSeconds(store, ownCpu)
  total += elapsed
  console.log(
    `${TEST_DIALECT} ${file}: ${seconds(elapsed)} s  (${summary.created} created, ${summary.updated} updated, ` +
      `${summary.links.created} links, ${summary.images.added} pictures)`,
  )
  // On a busy machine the wall time says little: the CPU time of this process and of the database's
  // server processes serving it (PostgreSQL; read from /proc, the server on this machine) says more.
  console.log(
    `  cpu: this process ${seconds(cpu.own)} s` +
      (cpu.server === null ? '' : `, server ${seconds(cpu.server)} s`),
  )
  times?.print(elapsed)
}
console.log(`${TEST_DIALECT} both files: ${seconds(total)} s`)
await store.close()
