// How many plants a query's words can match at most, from the vocabulary's counts alone (no plant is read):
// a term matches at most the plants that have a word it covers (itself, or every word it is a prefix of),
// an alternative at most the sum of its parts', words that must all match at most the fewest of theirs.
// PostgreSQL reads such few matches as a set before its filters (postgres-search.ts, MATCH_SET_UP_TO).
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'
import type { MatchExpr } from './query-plan.ts'
import { prefixEnd } from './ranking.ts'

/** A prefix this short covers too many words to add up: its matches are not few. */
const SHORTEST_PREFIX = 3

/** What the vocabulary counts for each word (as a prefix): plants with it, and plants with it in a name. */
type WordCounts = Map<string, { plants: number; inNames: number }>

// One read of the counts per query plan: a search asks for its bound up to four times (the count's filter
// form, the page's, the ranking's names), and a plan lives for one request, so the counts cannot go stale
// in it.
const countsOfPlan = new WeakMap<readonly MatchExpr[], Promise<WordCounts>>()

/** At most how many plants match every group, or null when a prefix is too short to say. `inNames`: match
 * them with the words of their names (the vocabulary's name counts). */
export async function plantsAtMost(
  db: Db,
  groups: readonly MatchExpr[],
  { inNames = false } = {},
): Promise<number | null> {
  const words = new Set<string>()
  const collect = (expr: MatchExpr): boolean => {
    if ('all' in expr) return expr.all.every(collect)
    if ('any' in expr) return expr.any.every(collect)
    words.add(expr.term.word)
    return !expr.term.prefix || [...expr.term.word].length >= SHORTEST_PREFIX
  }
  if (groups.length === 0 || !groups.every(collect)) return null
  let counting = countsOfPlan.get(groups)
  if (!counting) countsOfPlan.set(groups, (counting = wordCounts(db, words)))
  const counts = await counting
  const most = (expr: MatchExpr): number =>
    'term' in expr
      ? ((inNames ? counts.get(expr.term.word)?.inNames : counts.get(expr.term.word)?.plants) ?? 0)
      : 'all' in expr
        ? Math.min(...expr.all.map(most))
        : expr.any.reduce((sum, part) => sum + most(part), 0)
  return Math.min(...groups.map(most))
}

async function wordCounts(db: Db, words: ReadonlySet<string>): Promise<WordCounts> {
  // An exact word is counted as a prefix too: more words, still a bound.
  const ranges = [...words].map((word) => sql`(${word}, ${prefixEnd(word)})`)
  const { rows } = await sql<{ word: string; plants: number | string; name_plants: number | string }>`
    SELECT r.column1 AS word, sum(w.plants) AS plants, sum(w.name_plants) AS name_plants
    FROM (VALUES ${sql.join(ranges)}) AS r
    JOIN search_words w ON w.word >= r.column1 AND w.word < r.column2 GROUP BY r.column1`.execute(db)
  return new Map(
    rows.map((row) => [row.word, { plants: Number(row.plants), inNames: Number(row.name_plants) }]),
  )
}
