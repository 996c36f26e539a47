// The reliability suites (test/reliability/) run in two tiers: the fast one inside `npm test`, and the full
// one from `npm run test:reliability` (HORTUS_RELIABILITY=full), which scales the rounds and trials up and
// prints the figures each suite recorded as a table. Figures go to test-results/reliability/<dialect>.jsonl,
// one JSON object per line, so suites running in parallel processes can all append to the same file.
import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_DIALECT } from './test-database.ts'

const FULL_TIER = process.env.HORTUS_RELIABILITY === 'full'

/** How many rounds or trials to run: `fast` in `npm test`, `full` in `npm run test:reliability`. */
export function tierCount(fast: number, full: number): number {
  return FULL_TIER ? full : fast
}

export interface Figure {
  /** the suite, e.g. "crash safety" */
  suite: string
  /** what was measured, e.g. "acknowledged creates lost" */
  measure: string
  /** the figure, e.g. 0, or "1 winner / 49 mismatches in 200 of 200 trials" */
  value: number | string
  /** what it must be, e.g. "0" or "≤ 2 s"; empty when the figure is for information */
  target?: string
}

const FIGURES_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'reliability')

/** Records a figure for the table `npm run test:reliability` prints. */
export function recordFigure(figure: Figure): void {
  mkdirSync(FIGURES_DIR, { recursive: true })
  const line = JSON.stringify({ dialect: TEST_DIALECT, tier: FULL_TIER ? 'full' : 'fast', ...figure })
  appendFileSync(join(FIGURES_DIR, `${TEST_DIALECT}.jsonl`), line + '\n')
}
