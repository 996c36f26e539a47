// The full-text search both databases run: the same statements around each one's full-text index
// (`FullTextDialect`: SQLite FTS5 in sqlite-search.ts, a PostgreSQL tsvector in postgres-search.ts). The
// total first, counted up to a limit (bounded-count.ts); few matches are then ranked in one statement, more
// are walked tier by tier (tier-walk.ts), which reads only the ids up to the page.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import { prepared } from '../db/prepared.ts'
import {
  anywhereQuery,
  nameQueries,
  nameTiers,
  speciesFirst,
  tierExpression,
  tierTests,
  type WholeNameTerms,
  type TextSyntax,
  type TierTest,
} from './ranking.ts'
import { documents, ids, pageIds, type TextIndex } from './tier-walk.ts'
import { countLimit, exactTotal, type Total } from '../paging.ts'
import { boundedCount, totalOfWalk } from './bounded-count.ts'
import type { SearchQuery, SearchResult } from './search-index.ts'
import type { QueryPlan } from './query-plan.ts'
import { mayBeCut, nameWords } from './search-text.ts'
import type { Plant } from '../plants/plant.ts'
import { filterCondition, plantsMeeting, typeCondition, type PlantFilter } from './plant-filter.ts'
import { plantsAtMost } from './match-bound.ts'

export interface FullTextDialect {
  /** Terms, AND and OR of a query matching anywhere in a plant's text, and of one matching its names. */
  anywhere: TextSyntax
  names: TextSyntax
  index: TextIndex
  /** Plant `p`'s names match a names query: the tiers 2, 3 and 5 when all matches are ranked at once. */
  namesMatch: (query: string) => RawBuilder<unknown>
  /** Up to how many matches are ranked in one statement rather than walked. */
  fewMatches: number
  /** Few matches are ranked by their names (rankByNames) where the words may be in this many times more
   * plants' names; 0: always; Infinity: never. */
  namesCostMatches: number
  /** Plants `p` as the ranking reads them (with what `namesMatch` needs), found by id. */
  ranked: RawBuilder<unknown>
  /** Words matching fewer plants than this may have each match tested by a filter (withFilterForm);
   * 0: never. */
  testEachMatchUpTo: number
  /** Where given: words the vocabulary says match at most `upTo` plants are read as a set (`matchingAs`,
   * in no order a plan could walk) that the filters are then applied to, never walked in id order. */
  matchSet?: { upTo: number; matchingAs(query: string): RawBuilder<unknown> }
  /** Where given: the words' query with terms of the index that every plant meeting the filters has, so
   * that the index finds the plants that may meet both (the filters still decide). */
  narrowedBy?: (anywhere: string, filters: readonly PlantFilter[]) => string
  /** Where given: the index holds each plant's whole names as terms, and these queries ask for them. */
  wholeNames?: WholeNameTerms
}

export async function findMatches(
  db: Db,
  dialect: FullTextDialect,
  asked: SearchQuery,
): Promise<SearchResult> {
  const words = anywhereQuery(asked.plan.groups, dialect.anywhere)
  if (words === null) return { ...exactTotal(0), docs: [] }
  const query = await withFilterForm(db, dialect, asked, words)
  const anywhere = narrowed(dialect, query, words)
  const tests = tierTests(query.plan, nameQueries(query.plan.groups, dialect.names), dialect.wholeNames)
  // The matches' ids, one past as many as are ranked at once: few matches are then ranked by id, and the
  // walk is their exact count. More are counted on (bounded-count.ts) and walked tier by tier. Where the
  // vocabulary says the words match more, and that walk could not be the count, it is not taken (at a
  // million plants on PostgreSQL, "oak": 4,596 matches, 3.7 ms to read 251 of them).
  const few = dialect.fewMatches
  const limit = countLimit(query)
  const many =
    (query.plan.leastMatches ?? 0) > few && few + 1 < limit && query.type === null && query.filter === null
  const first = many
    ? null
    : await matchIds(db, dialect, query, anywhere, Number.isFinite(few) ? few + 1 : null)
  if (first !== null && first.length <= few) {
    const docs =
      query.offset >= first.length
        ? []
        : (await rankingByNames(db, dialect, query, first.length))
          ? await rankByNames(db, query, first)
          : await rankAll(db, dialect, query, first, tests)
    return { ...exactTotal(first.length), docs }
  }
  // The walk went as far as the count would have: it is the count.
  const counted =
    first !== null && first.length === limit
      ? await totalOfWalk(db, limit, Math.max(...first), limit)
      : await countOf(db, dialect, query, anywhere, limit)
  // An estimate may be low: a page past it is still read.
  if (!counted.estimated && query.offset >= counted.total) return { ...counted, docs: [] }
  const page = await pageIds({ db, index: dialect.index, query, anywhere, tests, matches: counted.total })
  return { ...counted, docs: await documents(db, page) }
}

export async function countMatches(
  db: Db,
  dialect: FullTextDialect,
  query: SearchQuery,
  limit: number,
): Promise<Total> {
  const words = anywhereQuery(query.plan.groups, dialect.anywhere)
  if (words === null) return exactTotal(0)
  const formed = await withFilterForm(db, dialect, query, words)
  return countOf(db, dialect, formed, narrowed(dialect, formed, words), limit)
}

/** The words' query, narrowed by the index's terms of the query's filters where the dialect has them. */
function narrowed(dialect: FullTextDialect, query: SearchQuery, words: string): string {
  return dialect.narrowedBy && query.filters?.length ? dialect.narrowedBy(words, query.filters) : words
}

export function matchingCondition(dialect: FullTextDialect, plan: QueryPlan): RawBuilder<unknown> | null {
  const anywhere = anywhereQuery(plan.groups, dialect.anywhere)
  return anywhere === null ? null : sql`p.id IN (${dialect.index.idsMatching(anywhere)})`
}

/** The query with each filter that more plants meet than the words match as a test of each match
 * (plant-filter.ts), on a database that builds a set for `p.id IN (…)` (`testEachMatchUpTo`). How many
 * plants the words match is the vocabulary's bound where it is below that (match-bound.ts: no plant read,
 * and close: "grass" 9,337 for 9,277 matches at a million plants, whose count took 2 ms), else their
 * matches counted that far; then each filter's plants one past it. At a million plants, "grass"
 * with two ranges: 7.6 → 3.2 ms, "apple" with a pH range: 7.0 → 0.9 ms; a set smaller than the match
 * stays a set ("oak" with heights over 20 m), and so does every filter of words matching more (`a`,
 * 600,000 plants: each tested against a rare family, 99 ms against 11 with the set). */
async function withFilterForm(
  db: Db,
  dialect: FullTextDialect,
  query: SearchQuery,
  anywhere: string,
): Promise<SearchQuery> {
  const filters = query.filters ?? []
  if (filters.length === 0) return query
  const most = await plantsAtMost(db, query.plan.groups)
  if (dialect.matchSet && most !== null && most <= dialect.matchSet.upTo)
    return { ...query, matchesAsSet: true }
  const testedEach = await testingEach(db, dialect, filters, anywhere, most)
  return testedEach ? { ...query, filter: filterCondition(filters, sql`p.id`, testedEach) } : query
}

/** Which filters test each match of the words rather than being sets (see withFilterForm); null: none.
 * `most`: the vocabulary's bound of the words' matches. */
async function testingEach(
  db: Db,
  dialect: FullTextDialect,
  filters: readonly PlantFilter[],
  anywhere: string,
  most: number | null,
): Promise<((filter: PlantFilter) => boolean) | null> {
  const upTo = dialect.testEachMatchUpTo
  if (upTo === 0 || filters.length === 0) return null
  const words = most !== null && most < upTo ? most : await countedUpTo(db, dialect, anywhere, upTo)
  if (words >= upTo) return null
  const met = await plantsMeeting(db, filters, words + 1)
  return (filter) => met[filters.indexOf(filter)]! > words
}

/** Which of `filters` test each plant matching the plan's words, for conditions that combine the words
 * with them (a search's parts, search.service.ts); null: none. */
export async function filtersTestingEach(
  db: Db,
  dialect: FullTextDialect,
  plan: QueryPlan,
  filters: readonly PlantFilter[],
): Promise<((filter: PlantFilter) => boolean) | null> {
  const anywhere = anywhereQuery(plan.groups, dialect.anywhere)
  if (anywhere === null || dialect.testEachMatchUpTo === 0 || filters.length === 0) return null
  return testingEach(db, dialect, filters, anywhere, await plantsAtMost(db, plan.groups))
}

async function countedUpTo(db: Db, dialect: FullTextDialect, anywhere: string, upTo: number) {
  const [walked] = await countAll(dialect.index)(db, anywhere, upTo)
  return Number(walked?.n ?? upTo)
}

/** The plant's type and the filter, on plant `p`. */
export function conditionsOf(query: Pick<SearchQuery, 'type' | 'filter'>): RawBuilder<unknown> {
  return sql`${query.type === null ? sql`1 = 1` : sql`p.type = ${query.type}`} AND ${query.filter ?? sql`1 = 1`}`
}

// Without a type or filter the index counts its matches alone, without reading the plants.
async function countOf(
  db: Db,
  dialect: FullTextDialect,
  query: SearchQuery,
  anywhere: string,
  limit: number,
): Promise<Total> {
  if (query.type === null && query.filter === null) {
    const [walked] = await countAll(dialect.index)(db, anywhere, limit)
    return totalOfWalk(db, Number(walked?.n ?? 0), walked?.last == null ? null : Number(walked.last), limit)
  }
  return boundedCount(db, matching(dialect, query, anywhere), limit)
}

/** The ids of the matches as the column `id`, in the index's order. The plants' rows are not read: the
 * filters ask only for `p.id`, which is the index's own id, and the type is in an index of its own (at a
 * million plants, reading each match's row cost 4 µs a match; the filters alone 0.5). */
function matching(dialect: FullTextDialect, query: SearchQuery, anywhere: string): RawBuilder<unknown> {
  const type = query.type === null ? sql`1 = 1` : typeCondition(query.type)
  const matches =
    query.matchesAsSet && dialect.matchSet
      ? dialect.matchSet.matchingAs(anywhere)
      : dialect.index.matchingAs(anywhere)
  return sql`SELECT p.id AS id FROM ${matches}
    WHERE ${query.filter ?? sql`1 = 1`} AND ${type}`
}

function matchIds(
  db: Db,
  dialect: FullTextDialect,
  query: SearchQuery,
  anywhere: string,
  limit: number | null,
): Promise<number[]> {
  return ids(db, sql`${matching(dialect, query, anywhere)}${limit === null ? sql`` : sql` LIMIT ${limit}`}`)
}

// The count of every plain search, of one shape per index, built and compiled once. Its plan depends on
// the words: counting the few matches of "tomato" reads them from the index; counting 2,001 of the
// 600,000 of `a` reads the table until it has them.
const countsAll = new WeakMap<
  TextIndex,
  (db: Db, anywhere: string, limit: number) => Promise<{ n: number | string; last: number | string | null }[]>
>()
function countAll(index: TextIndex) {
  let run = countsAll.get(index)
  if (!run) {
    run = prepared(
      (db, anywhere: string, limit: number) => {
        const query = sql<{ n: number | string; last: number | string | null }>`
        SELECT count(*) AS n, max(id) AS last FROM (${index.idsMatching(anywhere)} LIMIT ${limit}) AS walked`
        return { compile: () => query.compile(db) }
      },
      { valuesChangePlan: true },
    )
    countsAll.set(index, run)
  }
  return run
}

/** The matches `ids` (few) ranked in one statement, then only the page's documents read. */
async function rankAll(
  db: Db,
  dialect: FullTextDialect,
  query: SearchQuery,
  ids: number[],
  tests: TierTest[],
): Promise<string[]> {
  const tier = tierExpression(tests, dialect.namesMatch)
  const page = await sql<{ doc: string }>`
    WITH ranked AS (
      SELECT p.id, ${tier} AS tier, ${speciesFirst} AS kind
      FROM ${dialect.ranked}
      WHERE p.id IN (${sql.join(ids)})
      ORDER BY tier, kind, p.id
      LIMIT ${query.limit} OFFSET ${query.offset}
    )
    SELECT p.doc FROM ranked JOIN plants p ON p.id = ranked.id
    ORDER BY ranked.tier, ranked.kind, ranked.id`.execute(db)
  return page.rows.map((row) => row.doc)
}

/** Whether `matches` few matches are ranked by their names: where the vocabulary says the words may be in
 * many times more plants' names (the plants the ranking statement's names tiers would find). */
async function rankingByNames(
  db: Db,
  dialect: FullTextDialect,
  query: SearchQuery,
  matches: number,
): Promise<boolean> {
  if (!Number.isFinite(dialect.namesCostMatches)) return false
  const inNames = await plantsAtMost(db, query.plan.groups, { inNames: true })
  return inNames === null || matches * dialect.namesCostMatches <= inNames
}

/** The matches `ids` (few) ranked by their names (ranking.ts `nameTiers`), then only the page's documents
 * read. A name longer than the names table keeps is read whole from its plant. */
async function rankByNames(db: Db, query: SearchQuery, ids: number[]): Promise<string[]> {
  const rows = await sql<{ id: number | string; species: number; name: string | null; kind: number | null }>`
    SELECT p.id, ${speciesFirst} AS species, n.name, n.kind
    FROM plants p LEFT JOIN search_names n ON n.plant_id = p.id
    WHERE p.id IN (${sql.join(ids)})`.execute(db)
  const plants = new Map<number, { species: number; names: { name: string; kind: number }[] }>()
  for (const row of rows.rows) {
    const id = Number(row.id)
    let plant = plants.get(id)
    if (!plant) plants.set(id, (plant = { species: Number(row.species), names: [] }))
    if (row.name !== null) plant.names.push({ name: row.name, kind: Number(row.kind) })
  }
  const cut = [...plants.keys()].filter((id) => plants.get(id)!.names.some(({ name }) => mayBeCut(name)))
  const cutDocs = await documents(db, cut)
  const wholeWords = new Map(
    cut.map((id, index) => [id, [...nameWords(JSON.parse(cutDocs[index]!) as Plant)]]),
  )
  const tierOf = nameTiers(query.plan)
  const ranked = [...plants].map(([id, { species, names }]) => {
    const words = wholeWords.get(id) ?? names.flatMap(({ name }) => name.split(' '))
    return { id, species, tier: tierOf({ names, words }) }
  })
  ranked.sort((a, b) => a.tier - b.tier || a.species - b.species || a.id - b.id)
  const page = ranked.slice(query.offset, query.offset + query.limit).map(({ id }) => id)
  return documents(db, page)
}
