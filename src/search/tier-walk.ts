// The page of a broad search, read tier by tier (ranking.ts) instead of ranking every match: a one-letter
// query matches 30,000 plants, and giving each a tier and a type costs ~40 ms on SQLite and over 100 ms on
// PostgreSQL, while the first page needs 20 ids. The order (tier, species first, id) is walked tier by
// tier, each asked in id order with a limit, so the walk stops as soon as the page is full. A deep page
// reads the ids before it (offset + limit of them at most), never more. The caller counts the total.
// Both databases walk alike; each supplies its full-text index (`TextIndex`).
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import { hasNameIn, namesIn, speciesFirst, type NameRanges, type TierTest } from './ranking.ts'
import type { SearchQuery } from './search-index.ts'
import { conditionsOf } from './full-text-search.ts'

export interface TextIndex {
  /** The full-text query: `anywhere`, in the names query `tier` (when given), in none of `earlier`. */
  compose(anywhere: string, tier: string | null, earlier: string[]): string
  /** The index joined to plants `p`. */
  from: RawBuilder<unknown>
  /** The index's plant id, in whose order it can be read. */
  id: RawBuilder<unknown>
  /** Whether the index hands out its matches in id order, so that a walk in that order stops at its limit
   * (FTS5: rowid order). GIN's matches are a bitmap: all are read and sorted before the first is known. */
  inIdOrder: boolean
  /** The plants matching `query` as `p`, with their id only (`p.id`): the plants are not read. */
  matchingAs(query: string): RawBuilder<unknown>
  /** The condition that the index matches `query`. */
  matches(query: string): RawBuilder<unknown>
  /** The condition that plant `p` matches `query`, tested for that plant alone. */
  matchesPlant(query: string): RawBuilder<unknown>
  /** The ids of the plants matching `query`, as the column `id`. */
  idsMatching(query: string): RawBuilder<unknown>
}

// A whole-name tier with fewer name rows than this is read from the names index and checked against the
// full-text match; a larger one is found by walking the full-text match in id order (it is dense there).
const FEW_NAMES = 500
// Where the full-text index cannot be walked in id order (GIN), up to this many name rows, a tier's plants
// are read from the names index, put in id order and walked in that order, each tested against the
// full-text match, until the page is full. Walking the full-text match instead, PostgreSQL read every
// plant of the tier before it could sort them: "Solanum lycopersicon" at a million plants, a tier of 3,418
// names, 64 ms against 11.
const SORTED_NAMES = 10_000
// Testing one plant against a full-text query costs about as much as reading this many of its matches
// (SQLite, a million plants: 20-50 µs against 0.1 µs).
const TEST_COSTS_READS = 500

interface Walk {
  db: Db
  index: TextIndex
  query: SearchQuery
  anywhere: string
  tests: TierTest[]
  /** How many plants match `anywhere` (as counted: an estimate past the count's limit). */
  matches: number
}

/** The ids of the page, in rank order. */
export async function pageIds(walk: Walk): Promise<number[]> {
  let skip = walk.query.offset
  const page: number[] = []
  for (let index = 0; index <= walk.tests.length; index++) {
    const ids = await tierIds(walk, index, skip + walk.query.limit - page.length)
    if (ids.length <= skip) {
      skip -= ids.length
      continue
    }
    page.push(...ids.slice(skip))
    skip = 0
    if (page.length >= walk.query.limit) break
  }
  return page.slice(0, walk.query.limit)
}

/** The first `limit` ids of tier `tests[index]` (tier 6 past the end) in rank order: species first,
 * then id. */
async function tierIds(walk: Walk, index: number, limit: number): Promise<number[]> {
  const { db, query, anywhere, tests } = walk
  const test = tests[index]
  const earlier = tests.slice(0, index)
  const earlierTexts = earlier.flatMap((before) => {
    const text = 'text' in before ? before.text : before.asText
    return text === undefined ? [] : [text]
  })
  const match = walk.index.compose(
    anywhere,
    test !== undefined && 'text' in test ? test.text : null,
    earlierTexts,
  )
  // Earlier whole-name tiers the index cannot leave out are left out by the names table, match by match.
  const conditions = sql.join(
    [
      conditionsOf(query),
      ...earlier.flatMap((before) =>
        'names' in before && before.asText === undefined ? [sql`NOT ${hasNameIn(before.names)}`] : [],
      ),
    ],
    sql` AND `,
  )

  const sortedUpTo = walk.index.inIdOrder ? FEW_NAMES : SORTED_NAMES
  const names = test !== undefined && 'names' in test ? await nameRows(db, test.names, sortedUpTo) : null
  if (test !== undefined && 'names' in test && names !== null && names < FEW_NAMES) {
    // No name in the tier: no plant either (its text form asks for the same names). At a million plants
    // PostgreSQL took 11-15 ms to find none for `t` (its `'t':*` read whole before the name term).
    if (names === 0) return []
    // Few plants: each is tested against the full-text match on its own when that costs less than reading
    // the whole match (`a`: 247,000 plants at a million, 27 ms to read, 0.3 ms to test the two plants named
    // "A"), also where the index holds whole names: PostgreSQL read all of `'a':*` before its name term
    // (13.6 ms).
    const eachTested = names * TEST_COSTS_READS < walk.matches
    // Else, where the index holds whole names, it intersects them with the match.
    if (test.asText !== undefined && !eachTested)
      return ids(
        db,
        sql`SELECT p.id FROM ${walk.index.from}
          WHERE ${walk.index.matches(walk.index.compose(anywhere, test.asText, earlierTexts))} AND ${conditions}
          ORDER BY ${speciesFirst}, ${walk.index.id} LIMIT ${limit}`,
      )
    // Else they are read through the names index and sorted.
    const matching = eachTested
      ? walk.index.matchesPlant(match)
      : sql`p.id IN (${walk.index.idsMatching(match)})`
    return ids(
      db,
      sql`SELECT p.id FROM plants p
        WHERE p.id IN (${namesIn(test.names)})
          AND ${matching}
          AND ${conditions}
        ORDER BY ${speciesFirst}, p.id LIMIT ${limit}`,
    )
  }
  // Many plants: walk them in id order, once for species and once for varieties, each stopping at the
  // limit: the tier's plants read from the names index (GIN, up to SORTED_NAMES names), else the full-text
  // match.
  const tierNames = test !== undefined && 'names' in test ? test.names : null
  const inTier = tierNames === null ? sql`1 = 1` : hasNameIn(tierNames)
  const walked = (kind: RawBuilder<unknown>, rows: number) =>
    tierNames !== null && names !== null
      ? sql`SELECT p.id FROM (SELECT plant_id FROM (${namesIn(tierNames)}) AS tier
            GROUP BY plant_id ORDER BY plant_id) n
          JOIN plants p ON p.id = n.plant_id
          WHERE ${walk.index.matchesPlant(match)} AND ${kind} AND ${conditions}
          ORDER BY n.plant_id LIMIT ${rows}`
      : sql`SELECT p.id FROM ${walk.index.from}
          WHERE ${walk.index.matches(match)} AND ${inTier} AND ${kind} AND ${conditions}
          ORDER BY ${walk.index.id} LIMIT ${rows}`
  const found: number[] = []
  for (const kind of query.type === null ? [sql`p.type = 'Plant'`, sql`p.type <> 'Plant'`] : [sql`1 = 1`]) {
    found.push(...(await ids(db, walked(kind, limit - found.length))))
    if (found.length >= limit) break
  }
  return found
}

/** How many name rows are in the ranges, when fewer than `upTo`. */
async function nameRows(db: Db, ranges: NameRanges, upTo: number): Promise<number | null> {
  const counted = await sql<{ rows: number }>`
    SELECT count(*) AS rows FROM (${namesIn(ranges)} LIMIT ${upTo}) AS few`.execute(db)
  const rows = Number(counted.rows[0]?.rows ?? 0)
  return rows < upTo ? rows : null
}

/** The documents of `ids`, in that order. */
export async function documents(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await sql<{ id: number; doc: string }>`
    SELECT id, doc FROM plants WHERE id IN (${sql.join(ids)})`.execute(db)
  const docs = new Map(rows.rows.map((row) => [Number(row.id), row.doc]))
  return ids.map((id) => docs.get(id)!)
}

/** The column `id` of the statement's rows, as numbers. */
export async function ids(db: Db, query: RawBuilder<unknown>): Promise<number[]> {
  const rows = await (query as RawBuilder<{ id: number }>).execute(db)
  return rows.rows.map((row) => Number(row.id))
}
