// Prints the figures `npm run bench` wrote (test-results/bench/<dialect>.json) as one table, each figure
// beside its target from the performance issue, marked met (✓) or not (✗), and writes the verdicts to
// test-results/bench/targets.json.
//
// The generator's headroom: a ratio to a baseline is only worth something if wrk could have sent more than
// either server took. wrk's own CPU is measured in every run (LoadFigures.generatorCpuShare); what it could
// send at most against a baseline is that baseline's rate over the share of a core it used. A ratio is
// marked unmeasured unless that capacity is at least 3× the best Hortus rate set against the baseline (the
// rule of the performance issue; its literal form, the baseline's own rate ≥ 3× the best Hortus rate, is
// printed beside it, and cannot hold together with a target above 0.33×).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

interface Load {
  requestsPerSecond: number
  p50: number
  p99: number
  failures: number
  generatorCpuShare: number
  bytesPerAnswer: number
}
interface CaseFigures {
  case: string
  workers: number
  oneClient?: { p50: number; p99: number }
  oneClientFloor?: { p50: number; p99: number }
  load: Load
  baselines: { name: string; load: Load }[]
}
interface Figures {
  dialect: string
  plants: number
  importSeconds: Record<string, number>
  /** each file's lines the import rejected; missing where the bench measured a database imported before */
  rejectedLines?: Record<string, number>
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
/** Load targets: the case's rate over a baseline's in the same run (SQLite, one process). */
const RATIO: Record<string, { baseline: string; atLeast: number }> = {
  'GET /plants/<id>': { baseline: 'plant with its headers', atLeast: 0.45 },
  'keyset page of 100': { baseline: 'page from memory', atLeast: 0.35 },
}
const HEADROOM = 3

// The folder of one run's figures: test-results/bench unless named (scripts/bench.sh's runs go to run-<n>/).
const dir = process.argv[2] ?? join(import.meta.dirname, '..', 'test-results', 'bench')
const runs = ['sqlite', 'postgres']
  .map((dialect) => join(dir, `${dialect}.json`))
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Figures)

const mark = (met: boolean) => (met ? '✓' : '✗')
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1)
const rate = (value: number) => value.toFixed(0)
const verdicts: { run: string; target: string; value: string; met: boolean | null }[] = []
const verdict = (run: Figures, target: string, value: string, met: boolean | null) => {
  verdicts.push({ run: `${run.dialect}`, target, value, met })
  return met === null ? '(unmeasured)' : mark(met)
}

for (const run of runs) {
  const openfarm = run.importSeconds['data/openfarm.jsonl']
  const starter = run.importSeconds['data/plants.jsonl']
  console.log(
    `\n### ${run.dialect}: ${run.plants} plants; ${run.connections} connections, ${run.seconds} s per case (wrk)\n`,
  )
  if (run.rejectedLines) {
    const rejected = Object.values(run.rejectedLines).reduce((sum, lines) => sum + lines, 0)
    const each = Object.entries(run.rejectedLines).map(([file, lines]) => `${file} ${lines}`)
    console.log(
      `- imported: ${run.plants} plants in the database, ${rejected} lines rejected (${each.join(', ')}), target 0 ${verdict(run, 'no line rejected by the import', `${rejected} lines`, rejected === 0)}`,
    )
  }
  if (openfarm !== undefined && starter !== undefined) {
    const total = starter + openfarm
    console.log(
      `- import of the 92k set: ${total.toFixed(1)} s (starter ${starter.toFixed(1)} s + OpenFarm ${openfarm.toFixed(1)} s), target ≤ 20 s ${verdict(run, 'import ≤ 20 s', `${total.toFixed(1)} s`, total <= 20)}`,
    )
  }
  console.log(
    `- npm start to the first answer: ${run.startMs.toFixed(0)} ms, target ≤ 1000 ms ${verdict(run, 'start ≤ 1000 ms', `${run.startMs.toFixed(0)} ms`, run.startMs <= 1000)}`,
  )
  console.log(
    `- RSS after the run: ${run.rssMb.toFixed(0)} MB, target ≤ 200 MB ${verdict(run, 'RSS ≤ 200 MB', `${run.rssMb.toFixed(0)} MB`, run.rssMb <= 200)}` +
      (run.rssTwoWorkersMb ? `; with 2 workers ${run.rssTwoWorkersMb.toFixed(0)} MB per worker` : ''),
  )
  if (run.uploadMs)
    console.log(
      `- a picture upload (1600 × 1200 JPEG: decoded, re-encoded without metadata, two WebP sizes, stored): p50 ${run.uploadMs.p50.toFixed(0)} ms, p90 ${run.uploadMs.p90.toFixed(0)} ms`,
    )
  printHeadroom(run)
  console.log(
    '\n| case | workers | req/s | bytes/answer | p50 | p99 | wrk CPU | ratios to baselines (target) | one client p50 | one client p99 (target) | one client, hello-world p50 / p99 |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const c of run.cases) {
    const ratios = c.baselines.map(({ name, load }) => {
      const value = c.load.requestsPerSecond / load.requestsPerSecond
      const target = RATIO[c.case]
      const judged = target?.baseline === name
      const met = judged ? (hasHeadroom(run, name) ? value >= target.atLeast : null) : undefined
      const mark =
        met === undefined
          ? ''
          : ` (≥ ${target!.atLeast} ${verdict(run, `${c.case} ≥ ${target!.atLeast}× ${name}`, `${value.toFixed(2)}×`, met)})`
      return `${value.toFixed(2)}× ${name}${mark}`
    })
    if (run.dialect === 'postgres' && c.workers === 2) {
      const one = run.cases.find((other) => other.case === c.case && other.workers === 1)
      if (one && c.case !== 'PUT /plants/<id>') {
        const value = c.load.requestsPerSecond / one.load.requestsPerSecond
        ratios.push(
          `${value.toFixed(2)}× 1 worker (≥ 1 ${verdict(run, `${c.case}: 2 workers ≥ 1`, `${value.toFixed(2)}×`, value >= 1)})`,
        )
      }
    }
    const target = ONE_CLIENT_P99[c.case]
    const p99 = c.oneClient?.p99
    const oneClientP99 =
      p99 === undefined
        ? ''
        : `${ms(p99)}` +
          (target
            ? ` (≤ ${target} ${verdict(run, `${c.case} (${c.workers}w) one-client p99 ≤ ${target} ms`, `${ms(p99)} ms`, p99 <= target)})`
            : '')
    const floor = c.oneClientFloor ? `${ms(c.oneClientFloor.p50)} / ${ms(c.oneClientFloor.p99)}` : ''
    const failures = c.load.failures > 0 ? ` (${c.load.failures} failed)` : ''
    console.log(
      `| ${c.case}${failures} | ${c.workers} | ${rate(c.load.requestsPerSecond)} | ${c.load.bytesPerAnswer.toFixed(0)} | ${ms(c.load.p50)} | ${ms(c.load.p99)} | ${(c.load.generatorCpuShare * 100).toFixed(0)}% | ${ratios.join('; ')} | ${c.oneClient ? ms(c.oneClient.p50) : ''} | ${oneClientP99} | ${floor} |`,
    )
  }
  printPageTargets(run)
}

/** The best Hortus rate set against each baseline, and what wrk could have sent to that baseline. */
function headroomOf(run: Figures, baseline: string) {
  const against = run.cases.filter((c) => c.baselines.some((b) => b.name === baseline))
  const best = Math.max(0, ...against.map((c) => c.load.requestsPerSecond))
  const runs = against.flatMap((c) => c.baselines.filter((b) => b.name === baseline).map((b) => b.load))
  const capacity = Math.min(
    ...runs.map((load) => load.requestsPerSecond / Math.max(load.generatorCpuShare, 1e-6)),
  )
  const ceiling = Math.min(...runs.map((load) => load.requestsPerSecond))
  return { best, capacity, ceiling }
}

function hasHeadroom(run: Figures, baseline: string): boolean {
  const { best, capacity } = headroomOf(run, baseline)
  return capacity >= HEADROOM * best
}

function printHeadroom(run: Figures): void {
  const names = [...new Set(run.cases.flatMap((c) => c.baselines.map((b) => b.name)))]
  for (const name of names) {
    const { best, capacity, ceiling } = headroomOf(run, name)
    const ok = capacity >= HEADROOM * best
    console.log(
      `- generator headroom on "${name}": wrk could send ${rate(capacity)} req/s (its CPU share), ` +
        `${(capacity / best).toFixed(1)}× the best Hortus rate set against it (${rate(best)} req/s), need ≥ ${HEADROOM}× ${verdict(run, `generator headroom on ${name}`, `${(capacity / best).toFixed(1)}×`, ok)}` +
        `; the baseline itself: ${rate(ceiling)} req/s, ${(ceiling / best).toFixed(1)}× the best Hortus rate` +
        (ok ? '' : ' — the generator may be the bottleneck: its ratios are unmeasured'),
    )
  }
}

/** The first page no slower than any other page; plain search ≥ 0.5× the keyset page's rate. */
function printPageTargets(run: Figures): void {
  const one = (name: string) => run.cases.find((c) => c.case === name && c.workers === 1)
  const first = one('first page of 100')
  const keyset = one('keyset page of 100')
  const alike = one('keyset page, starter plants')
  const search = one('plain search')
  if (first && alike) {
    const value = first.load.requestsPerSecond / alike.load.requestsPerSecond
    console.log(
      `- the first page: ${rate(first.load.requestsPerSecond)} req/s (${first.load.bytesPerAnswer.toFixed(0)} B) against ${rate(alike.load.requestsPerSecond)} for other pages of the starter's plants (${alike.load.bytesPerAnswer.toFixed(0)} B): ${value.toFixed(2)}×, target no slower (≥ 0.95, the noise of a run) ${verdict(run, 'first page no slower than other pages', `${value.toFixed(2)}×`, value >= 0.95)}`,
    )
  }
  if (search && keyset) {
    const value = search.load.requestsPerSecond / keyset.load.requestsPerSecond
    console.log(
      `- plain search under load: ${value.toFixed(2)}× the keyset page's rate, target ≥ 0.5 ${verdict(run, 'plain search ≥ 0.5× keyset page', `${value.toFixed(2)}×`, value >= 0.5)}`,
    )
  }
}

writeFileSync(join(dir, 'targets.json'), JSON.stringify(verdicts, null, 2))
const met = verdicts.filter((v) => v.met === true).length
const missed = verdicts.filter((v) => v.met === false).length
const unmeasured = verdicts.filter((v) => v.met === null).length
console.log(
  `\ntargets: ${met} met, ${missed} not met, ${unmeasured} unmeasured (${join(dir, 'targets.json')})`,
)
