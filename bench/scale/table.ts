// Prints what `npm run bench:scale` measured (test-results/bench/scale-<dialect>.json) as one table: each
// figure at the size of the real data and at the large size side by side, with the growth, and the targets
// marked met (✓) or not (✗): on both databases each read's p99 at the large size ≤ 2× its p99 at the real
// size; SQLite's import of the large size, its RSS and its full scans; PostgreSQL's import of the real set
// (≤ 30 s). Then the full scans the statements' plans showed.
// Writes both runs and the verdicts together to test-results/bench/scale.json, and each figure at the large
// size (with its verdict where it has a target) and each target at the real size to targets.json (for
// bench/spread.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CaseFigures, ScaleFigures, StageFigures } from './scale.bench.ts'

const IMPORT_SECONDS = 200
/** PostgreSQL's import of the real set (about 92,000 plants), in seconds. */
const POSTGRES_IMPORT_SECONDS = 30
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
/** Each figure at the large size, with its target where the run has one, and the targets at the real size:
 * what bench/spread.ts compares across runs (HORTUS_SCALE_RUNS). */
const verdicts: { run: string; target: string; value: string; met: boolean | null; noTarget?: true }[] = []

interface Target {
  text: string
  met: boolean
  /** the target in words when its limit depends on the run (the spread compares runs by it) */
  rule?: string
}
/** A measure's targets on one run: at the large size (from both figures), and at the real size. */
interface Targets {
  large?: (run: ScaleFigures, small: number | undefined, large: number) => Target | undefined
  small?: (run: ScaleFigures, small: number) => Target | undefined
}

/** One run's cells for a measure: small, large, growth, and the targets with their marks. */
function cells(
  run: ScaleFigures,
  small: number | undefined,
  large: number | undefined,
  format: (value: number) => string,
  targets: { small?: Target; large?: Target },
): string[] {
  const growth =
    small !== undefined && large !== undefined && small > 0 ? `${(large / small).toFixed(2)}×` : ''
  const shown = [small, large].map((value) => (value === undefined ? '' : format(value)))
  const [smallSize, largeSize] = run.stages.map((stage) => stage.plants.toLocaleString('en'))
  const marked = [
    targets.small && `${smallSize}: ${targets.small.text} ${mark(targets.small.met)}`,
    targets.large &&
      `${targets.small ? `${largeSize}: ` : ''}${targets.large.text} ${mark(targets.large.met)}`,
  ].filter(Boolean)
  return [...shown, growth, marked.join('; ')]
}

for (const run of runs) {
  const [small, large] = run.stages
  const name = run.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'
  heads.push(
    `${name} ${small!.plants.toLocaleString('en')}`,
    `${name} ${large ? large.plants.toLocaleString('en') : ''}`,
    'growth',
    `${name} targets (at the large size unless said)`,
  )
}

function addRow(
  measure: string,
  value: (stage: StageFigures) => number | undefined,
  format: (value: number) => string,
  targets: Targets = {},
) {
  const unit = /\(([^)]+)\)$/.exec(measure)?.[1]
  const named = measure.replace(/ \([^)]+\)$/, '')
  const shown = (figure: number) => (unit ? `${format(figure)} ${unit}` : format(figure))
  rows.push({
    measure,
    cells: runs.flatMap((run) => {
      const [small, large] = run.stages
      const smallValue = small && value(small)
      const largeValue = large && value(large)
      const verdict = {
        small: smallValue !== undefined ? targets.small?.(run, smallValue) : undefined,
        large: largeValue !== undefined ? targets.large?.(run, smallValue, largeValue) : undefined,
      }
      if (small && smallValue !== undefined && verdict.small) {
        verdicts.push({
          run: run.dialect,
          target: `${named} at ${small.plants.toLocaleString('en')} (target ${verdict.small.text}${unit ? ` ${unit}` : ''})`,
          value: shown(smallValue),
          met: verdict.small.met,
        })
      }
      if (large && largeValue !== undefined) {
        const at = `${named} at ${large.plants.toLocaleString('en')}`
        const target = verdict.large
        verdicts.push(
          target
            ? {
                run: run.dialect,
                target: `${at} (target ${target.rule ?? `${target.text}${unit ? ` ${unit}` : ''}`})`,
                value: target.rule ? `${shown(largeValue)} (${target.text})` : shown(largeValue),
                met: target.met,
              }
            : { run: run.dialect, target: at, value: shown(largeValue), met: null, noTarget: true },
        )
      }
      return cells(run, smallValue, largeValue, format, verdict)
    }),
  })
}

/** A target of SQLite's alone (the performance issue set them for the embedded database). */
const sqliteOnly =
  (target: (large: number) => Target) =>
  (run: ScaleFigures, _small: number | undefined, large: number): Target | undefined =>
    run.dialect === 'sqlite' ? target(large) : undefined

addRow('import (s)', importOf, (s) => s.toFixed(1), {
  large: sqliteOnly((large) => ({ text: `≤ ${IMPORT_SECONDS}`, met: large <= IMPORT_SECONDS })),
  // PostgreSQL's import of the real set (issue 38); its million has no import target.
  small: (run, small) =>
    run.dialect === 'postgres'
      ? { text: `≤ ${POSTGRES_IMPORT_SECONDS}`, met: small <= POSTGRES_IMPORT_SECONDS }
      : undefined,
})
addRow(
  'database on disk (MB)',
  (stage) => stage.databaseMb,
  (mb) => mb.toFixed(0),
)
addRow(
  'server RSS serving (MB)',
  (stage) => stage.rssMb,
  (mb) => mb.toFixed(0),
  { large: sqliteOnly((large) => ({ text: `≤ ${RSS_MB}`, met: large <= RSS_MB })) },
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
    // On both databases (issue 38 gave PostgreSQL's million this target).
    {
      large: (_run, small, large) => ({
        text: small === undefined ? '' : `≤ ${ms(P99_GROWTH * small)}`,
        met: small !== undefined && large <= P99_GROWTH * small,
        rule: `≤ ${P99_GROWTH}× its p99 at the real size`,
      }),
    },
  )
}
addRow(
  'statements scanning a large table',
  (stage) => stage.cases.reduce((sum, figures) => sum + scansOf(figures).length, 0),
  String,
  { large: sqliteOnly((large) => ({ text: '0', met: large === 0 })) },
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

writeFileSync(
  join(dir, 'scale.json'),
  JSON.stringify({ runs, targets: verdicts.filter((each) => !each.noTarget) }, null, 2),
)
writeFileSync(join(dir, 'targets.json'), JSON.stringify(verdicts, null, 2))
console.log('\nfigures written to test-results/bench/scale.json')
