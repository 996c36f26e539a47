// Prints the figures `npm run bench` wrote (test-results/bench/<dialect>.json) as one table, each figure
// beside its target from the performance issue, marked met (✓) or not (✗).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface Load {
  requestsPerSecond: number
  p50: number
  p99: number
  failures: number
}
interface CaseFigures {
  case: string
  workers: number
  oneClient: { p50: number; p99: number }
  oneClientFloor?: { p50: number; p99: number }
  load: Load
  baseline?: { name: string; load: Load }
}
interface Figures {
  dialect: string
  plants: number
  importSeconds: Record<string, number>
  startMs: number
  rssMb: number
  rssTwoWorkersMb?: number
  uploadMs?: { p50: number; p90: number }
  connections: number
  seconds: number
  cases: CaseFigures[]
}

/** Single-client p99 targets (ms) and load ratio targets, by case. */
const ONE_CLIENT_P99: Record<string, number> = {
  'GET /plants/<id>': 3,
  'keyset page of 100': 5,
  'offset page of 100': 10,
  'plain search': 10,
  'faceted search': 10,
  'typo search': 15,
  'one-letter search': 30,
  'natural-language search': 15,
  'range filter': 10,
  'browse without q': 30,
  'GET /suggest': 2,
  'calendar of a plant': 10,
  'sow now (a page)': 30,
  'plant page (website)': 5,
}
const RATIO: Record<string, number> = { 'GET /plants/<id>': 0.7, 'keyset page of 100': 0.5 }

const dir = join(import.meta.dirname, '..', 'test-results', 'bench')
const runs = ['sqlite', 'postgres']
  .map((dialect) => join(dir, `${dialect}.json`))
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Figures)

const mark = (met: boolean) => (met ? '✓' : '✗')
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1)
const sqliteId = runs
  .find((run) => run.dialect === 'sqlite')
  ?.cases.find((c) => c.case === 'GET /plants/<id>')?.load.requestsPerSecond

for (const run of runs) {
  const openfarm = run.importSeconds['data/openfarm.jsonl'] ?? 0
  const starter = run.importSeconds['data/plants.jsonl'] ?? 0
  console.log(
    `\n### ${run.dialect}: ${run.plants} plants; ${run.connections} connections, ${run.seconds} s per case\n`,
  )
  console.log(
    `- import of the 92k set: ${(starter + openfarm).toFixed(1)} s (starter ${starter.toFixed(1)} s + OpenFarm ${openfarm.toFixed(1)} s), target ≤ 20 s ${mark(starter + openfarm <= 20)}`,
  )
  console.log(
    `- npm start to the first answer: ${run.startMs.toFixed(0)} ms, target ≤ 1000 ms ${mark(run.startMs <= 1000)}`,
  )
  console.log(
    `- RSS after the run: ${run.rssMb.toFixed(0)} MB, target ≤ 200 MB ${mark(run.rssMb <= 200)}` +
      (run.rssTwoWorkersMb ? `; with 2 workers ${run.rssTwoWorkersMb.toFixed(0)} MB per worker` : ''),
  )
  if (run.uploadMs)
    console.log(
      `- a picture upload (1600 × 1200 JPEG: decoded, re-encoded without metadata, two WebP sizes, stored): p50 ${run.uploadMs.p50.toFixed(0)} ms, p90 ${run.uploadMs.p90.toFixed(0)} ms`,
    )
  console.log(
    '\n| case | workers | req/s | p50 | p99 | p99 ≤ 10× p50 | baseline req/s | ratio (target) | one client p50 | one client p99 (target) | one client, hello-world p50 / p99 |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const c of run.cases) {
    const isRead = c.case !== 'PUT /plants/<id>'
    const tail = isRead ? `${mark(c.load.p99 <= 10 * Math.max(c.load.p50, 1))}` : ''
    let ratio = ''
    if (c.baseline) {
      const value = c.load.requestsPerSecond / c.baseline.load.requestsPerSecond
      const target = RATIO[c.case]
      ratio = `${value.toFixed(2)}×` + (target ? ` (≥ ${target} ${mark(value >= target)})` : '')
    } else if (run.dialect === 'postgres' && c.workers === 2 && c.case === 'GET /plants/<id>' && sqliteId) {
      const value = c.load.requestsPerSecond / sqliteId
      ratio = `${value.toFixed(2)}× SQLite (≥ 0.5 ${mark(value >= 0.5)})`
    }
    const target = ONE_CLIENT_P99[c.case]
    const oneClientP99 =
      `${ms(c.oneClient.p99)}` + (target ? ` (≤ ${target} ${mark(c.oneClient.p99 <= target)})` : '')
    const floor = c.oneClientFloor ? `${ms(c.oneClientFloor.p50)} / ${ms(c.oneClientFloor.p99)}` : ''
    const failures = c.load.failures > 0 ? ` (${c.load.failures} failed)` : ''
    console.log(
      `| ${c.case}${failures} | ${c.workers} | ${c.load.requestsPerSecond.toFixed(0)} | ${c.load.p50} | ${c.load.p99} | ${tail} | ` +
        `${c.baseline ? `${c.baseline.load.requestsPerSecond.toFixed(0)} (${c.baseline.name})` : ''} | ${ratio} | ${ms(c.oneClient.p50)} | ${oneClientP99} | ${floor} |`,
    )
  }
}
