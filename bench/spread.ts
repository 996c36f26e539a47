// The spread of several runs of `npm run bench` (HORTUS_BENCH_RUNS=<n>; scripts/bench.sh keeps each run's
// figures and verdicts in test-results/bench/run-<n>/): for every target, its value in each run, the
// lowest and highest, and in how many runs it was met. A machine shared with other work moves a figure
// from one run to the next; a target met in one run of three is not met. Writes spread.json beside the runs.
// `node bench/spread.ts <folder>` reads the runs in another folder (npm run bench:scale with
// HORTUS_SCALE_RUNS: test-results/bench/scale-runs/), where figures without a target are listed too.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

interface Verdict {
  run: string
  target: string
  value: string
  met: boolean | null
  /** a figure shown for its spread alone */
  noTarget?: true
}

const dir = process.argv[2] ?? join(import.meta.dirname, '..', 'test-results', 'bench')
const runDirs = readdirSync(dir)
  .filter((name) => /^run-\d+$/.test(name) && existsSync(join(dir, name, 'targets.json')))
  .sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)))
const runs = runDirs.map(
  (name) => JSON.parse(readFileSync(join(dir, name, 'targets.json'), 'utf8')) as Verdict[],
)

/** A verdict's figure and its unit: "27.8 s" → 27.8, "s"; "7.5 ms (≤ 12.3)" → 7.5, "ms". */
function figure(value: string): { number: number; unit: string } {
  const match = /^(-?[\d.]+)\s*(.*)$/.exec(value)
  return match
    ? { number: Number(match[1]), unit: match[2]!.replace(/ \(.*\)$/, '') }
    : { number: NaN, unit: value }
}

const rows = new Map<string, { run: string; target: string; values: (Verdict | undefined)[] }>()
runs.forEach((verdicts, index) => {
  for (const verdict of verdicts) {
    const key = `${verdict.run}\u0000${verdict.target}`
    const row = rows.get(key) ?? { run: verdict.run, target: verdict.target, values: [] }
    row.values[index] = verdict
    rows.set(key, row)
  }
})

console.log(`\n### ${runs.length} runs of the bench: each target's figure per run, its spread, runs met\n`)
console.log(
  `| database | target | ${runDirs.map((name) => name.replace('-', ' ')).join(' | ')} | spread | met |`,
)
console.log(`| --- | --- | ${runDirs.map(() => '---').join(' | ')} | --- | --- |`)
const spread = [...rows.values()].map(({ run, target, values }) => {
  const present = values.filter((value): value is Verdict => value !== undefined)
  const figures = present.map((value) => figure(value.value))
  const numbers = figures.map((each) => each.number).filter(Number.isFinite)
  const unit = figures[0]?.unit ?? ''
  const low = Math.min(...numbers)
  const high = Math.max(...numbers)
  const met = present.filter((value) => value.met === true).length
  const unmeasured = present.filter((value) => value.met === null).length
  const cells = runDirs.map((_, index) => {
    const value = values[index]
    if (!value) return ''
    if (value.noTarget) return value.value
    return `${value.value} ${value.met === null ? '(unmeasured)' : value.met ? '✓' : '✗'}`
  })
  const range = numbers.length > 0 ? `${low}–${high}${unit && unit !== '×' ? ' ' : ''}${unit}` : ''
  const metCell = present.some((value) => value.noTarget)
    ? '—'
    : `${met}/${present.length}${unmeasured > 0 ? ` (${unmeasured} unmeasured)` : ''}`
  console.log(`| ${run} | ${target} | ${cells.join(' | ')} | ${range} | ${metCell} |`)
  return {
    run,
    target,
    values: present.map((value) => value.value),
    low,
    high,
    unit,
    met: present.some((value) => value.noTarget) ? null : met,
    runs: present.length,
  }
})
writeFileSync(join(dir, 'spread.json'), JSON.stringify(spread, null, 2))
const targets = spread.filter((row) => row.met !== null)
const always = targets.filter((row) => row.met === row.runs).length
const never = targets.filter((row) => row.met === 0).length
console.log(
  `\ntargets met in every run: ${always}; in none: ${never}; in some: ${targets.length - always - never} (${join(dir, 'spread.json')})`,
)
