// Prints what `npm run bench:scale` measured (test-results/bench/scale-<dialect>.json) as one table: each
// figure at the size of the real data and at the large size side by side, with the growth, and SQLite's
// targets at the large size marked met (✓) or not (✗); then the full scans the statements' plans showed.
// Writes both runs together to test-results/bench/scale.json, and each figure at the large size with its
// verdict to targets.json (for bench/spread.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CaseFigures, ScaleFigures, StageFigures } from './scale.bench.ts'

const IMPORT_SECONDS = 200
const RSS_MB = 300
const P99_GROWTH = 2

const dir = process.env.HORTUS_SCALE_RESULTS ?? join(import.meta.dirname, '..', '..', 'test-results', 'bench')
const runs = ['sqlite', 'postgres']
  .map((dialect) => join(dir, `scale-${dialect}.json`))
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')) as ScaleFigures)
if (runs.length === 0) {
  console.error('no figures in test-results/bench/scale-*.json: run npm run bench:scale first')
  process.exit(1)
}

const mark = (met: boolean) => (met ? '✓' : '✗')
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1)
const importOf = (stage: StageFigures) => Object.values(stage.importSeconds).reduce((sum, s) => sum + s, 0)
/** Full scans of a large table in a case's statements. */
const scansOf = (figures: CaseFigures | undefined) =>
  (figures?.statements ?? []).flatMap((statement) => statement.scans.map((scan) => ({ ...scan, statement })))

interface Row {
  measure: string
  cells: string[]
}
const rows: Row[] = []
const heads: string[] = []
/** Each figure at the large size, with its target where SQLite has one: what bench/spread.ts compares
 * across runs (HORTUS_SCALE_RUNS). */
const verdicts: { run: string; target: string; value: string; met: boolean | null; noTarget?: true }[] = []

/** One run's cells for a measure: small, large, growth, and (SQLite only) the target and its mark. */
function cells(
  run: ScaleFigures,
  small: number | undefined,
  large: number | undefined,
  format: (value: number) => string,
  target?: { text: string; met: boolean },
): string[] {
  const growth =
    small !== undefined && large !== undefined && small > 0 ? `${(large / small).toFixed(2)}×` : ''
  const shown = [small, large].map((value) => (value === undefined ? '' : format(value)))
  if (run.dialect !== 'sqlite') return [...shown, growth]
  return [...shown, growth, target ? `${target.text} ${mark(target.met)}` : '']
}

for (const run of runs) {
  const [small, large] = run.stages
  const name = run.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'
  heads.push(
    `${name} ${small!.plants.toLocaleString('en')}`,
    `${name} ${large ? large.plants.toLocaleString('en') : ''}`,
    'growth',
    ...(run.dialect === 'sqlite' ? ['target at the large size'] : []),
  )
}

function addRow(
  measure: string,
  value: (stage: StageFigures) => number | undefined,
  format: (value: number) => string,
  /** `rule`: the target in words when its limit depends on the run (the spread compares runs by it) */
  target?: (small: number | undefined, large: number) => { text: string; met: boolean; rule?: string },
) {
  rows.push({
    measure,
    cells: runs.flatMap((run) => {
      const [small, large] = run.stages
      const smallValue = small && value(small)
      const largeValue = large && value(large)
      const verdict = target && largeValue !== undefined ? target(smallValue, largeValue) : undefined
      if (large && largeValue !== undefined) {
        const unit = /\(([^)]+)\)$/.exec(measure)?.[1]
        const at = `${measure.replace(/ \([^)]+\)$/, '')} at ${large.plants.toLocaleString('en')}`
        const shown = unit ? `${format(largeValue)} ${unit}` : format(largeValue)
        verdicts.push(
          run.dialect === 'sqlite' && verdict
            ? {
                run: run.dialect,
                target: `${at} (target ${verdict.rule ?? `${verdict.text}${unit ? ` ${unit}` : ''}`})`,
                value: verdict.rule ? `${shown} (${verdict.text})` : shown,
                met: verdict.met,
              }
            : { run: run.dialect, target: at, value: shown, met: null, noTarget: true },
        )
      }
      return cells(run, smallValue, largeValue, format, verdict)
    }),
  })
}

addRow(
  'import (s)',
  importOf,
  (s) => s.toFixed(1),
  (_, large) => ({
    text: `≤ ${IMPORT_SECONDS}`,
    met: large <= IMPORT_SECONDS,
  }),
)
addRow(
  'database on disk (MB)',
  (stage) => stage.databaseMb,
  (mb) => mb.toFixed(0),
)
addRow(
  'server RSS serving (MB)',
  (stage) => stage.rssMb,
  (mb) => mb.toFixed(0),
  (_, large) => ({
    text: `≤ ${RSS_MB}`,
    met: large <= RSS_MB,
  }),
)
addRow(
  'server peak RSS (MB)',
  (stage) => stage.peakRssMb,
  (mb) => mb.toFixed(0),
)
const caseNames = runs[0]!.stages[0]!.cases.map((figures) => figures.case)
for (const caseName of caseNames) {
  const of = (stage: StageFigures) => stage.cases.find((figures) => figures.case === caseName)
  addRow(`${caseName}: p50 (ms)`, (stage) => of(stage)?.p50, ms)
  addRow(
    `${caseName}: p99 (ms)`,
    (stage) => of(stage)?.p99,
    ms,
    (small, large) => ({
      text: small === undefined ? '' : `≤ ${ms(P99_GROWTH * small)}`,
      met: small !== undefined && large <= P99_GROWTH * small,
      rule: `≤ ${P99_GROWTH}× its p99 at the real size`,
    }),
  )
}
addRow(
  'statements scanning a large table',
  (stage) => stage.cases.reduce((sum, figures) => sum + scansOf(figures).length, 0),
  String,
  (_, large) => ({ text: '0', met: large === 0 }),
)

console.log(`\n| measure | ${heads.join(' | ')} |`)
console.log(`| --- | ${heads.map(() => '---').join(' | ')} |`)
for (const row of rows) console.log(`| ${row.measure} | ${row.cells.join(' | ')} |`)

for (const run of runs) {
  const large = run.stages.at(-1)!
  const scans = large.cases.flatMap((figures) =>
    scansOf(figures).map((scan) => ({ case: figures.case, ...scan })),
  )
  if (scans.length === 0) continue
  console.log(`\n${run.dialect}, ${large.plants} plants: statements that read a large table whole`)
  for (const scan of scans) {
    const sql = scan.statement.sql.replace(/\s+/g, ' ').trim().slice(0, 160)
    console.log(`- ${scan.case}: ${scan.table} (${scan.rows} rows), ${ms(scan.statement.ms)} ms: ${sql}`)
    for (const line of scan.statement.plan) console.log(`    ${line}`)
  }
}

writeFileSync(join(dir, 'scale.json'), JSON.stringify({ runs }, null, 2))
writeFileSync(join(dir, 'targets.json'), JSON.stringify(verdicts, null, 2))
console.log('\nfigures written to test-results/bench/scale.json')
