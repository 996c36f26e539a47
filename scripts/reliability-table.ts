// Prints the figures the reliability suites recorded (test-results/reliability/<dialect>.jsonl, written by
// recordFigure in test/helpers/reliability.ts) as one markdown table: a row per suite and measure, a
// column per database. `npm run test:reliability` runs it after the full tier; `--tier fast` shows what
// `npm test` recorded instead.
//   node --import tsx scripts/reliability-table.ts [--tier full|fast]
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface Figure {
  dialect: 'sqlite' | 'postgres'
  tier: 'fast' | 'full'
  suite: string
  measure: string
  value: number | string
  target?: string
}

const DIR = join(import.meta.dirname, '..', 'test-results', 'reliability')
const DIALECTS = ['sqlite', 'postgres'] as const
const tierArgument = process.argv.indexOf('--tier')
const tier = tierArgument >= 0 ? process.argv[tierArgument + 1] : 'full'

function read(dialect: string): Figure[] {
  const file = join(DIR, `${dialect}.jsonl`)
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Figure)
    .filter((figure) => figure.tier === tier)
}

interface Row {
  suite: string
  measure: string
  values: Record<string, string[]>
  target: string
}

// Rows in the order the suites recorded them; a measure recorded twice on a database shows both values.
const rows = new Map<string, Row>()
for (const dialect of DIALECTS) {
  for (const figure of read(dialect)) {
    const id = `${figure.suite}\u0000${figure.measure}`
    const row = rows.get(id) ?? { suite: figure.suite, measure: figure.measure, values: {}, target: '' }
    ;(row.values[dialect] ??= []).push(String(figure.value))
    row.target ||= figure.target ?? ''
    rows.set(id, row)
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const sorted = [...rows.values()].sort((a, b) => a.suite.localeCompare(b.suite))
console.log(`\nReliability figures (${tier} tier)\n`)
if (sorted.length === 0) {
  console.log(`No figures recorded in ${DIR} for the ${tier} tier.`)
} else {
  console.log('| suite | measure | SQLite | PostgreSQL | target |')
  console.log('| --- | --- | --- | --- | --- |')
  for (const row of sorted) {
    const [sqlite, postgres] = DIALECTS.map((dialect) => row.values[dialect]?.join('; ') ?? '—')
    console.log(
      `| ${[row.suite, row.measure, sqlite!, postgres!, row.target].map((text) => cell(text)).join(' | ')} |`,
    )
  }
}
