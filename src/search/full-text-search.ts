// The full-text search both databases run: the same statements around each one's full-text index
// (`FullTextDialect`: SQLite FTS5 in sqlite-search.ts, a PostgreSQL tsvector in postgres-search.ts). The
// exact total first; few matches are then ranked in one statement, more are walked tier by tier
// (tier-walk.ts), which reads only the ids up to the page.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import { prepared } from '../db/prepared.ts'
import {
  anywhereQuery,
  nameQueries,
  speciesFirst,
  tierExpression,
  tierTests,
  type TextSyntax,
  type TierTest,
} from './ranking.ts'
import { documents, pageIds, type TextIndex } from './tier-walk.ts'
import type { SearchQuery, SearchResult } from './search-index.ts'
import type { QueryPlan } from './query-plan.ts'

export interface FullTextDialect {
  /** Terms, AND and OR of a query matching anywhere in a plant's text, and of one matching its names. */
  anywhere: TextSyntax
  names: TextSyntax
  index: TextIndex
  /** Plant `p`'s names match a names query: the tiers 2, 3 and 5 when all matches are ranked at once. */
  namesMatch: (query: string) => RawBuilder<unknown>
  /** Up to how many matches are ranked in one statement rather than walked. */
  fewMatches: number
}

export async function findMatches(
  db: Db,
  dialect: FullTextDialect,
  query: SearchQuery,
): Promise<SearchResult> {
  const anywhere = anywhereQuery(query.plan.groups, dialect.anywhere)
  if (anywhere === null) return { total: 0, docs: [] }
  const tests = tierTests(query.plan, nameQueries(query.plan.groups, dialect.names))
  const total = await countOf(db, dialect, query, anywhere)
  if (query.offset >= total) return { total, docs: [] }
  if (total <= dialect.fewMatches) return { total, docs: await rankAll(db, dialect, query, anywhere, tests) }
  const ids = await pageIds({ db, index: dialect.index, query, anywhere, tests })
  return { total, docs: await documents(db, ids) }
}

export async function countMatches(db: Db, dialect: FullTextDialect, query: SearchQuery): Promise<number> {
  const anywhere = anywhereQuery(query.plan.groups, dialect.anywhere)
  return anywhere === null ? 0 : countOf(db, dialect, query, anywhere)
}

export function matchingCondition(dialect: FullTextDialect, plan: QueryPlan): RawBuilder<unknown> | null {
  const anywhere = anywhereQuery(plan.groups, dialect.anywhere)
  return anywhere === null ? null : sql`p.id IN (${dialect.index.idsMatching(anywhere)})`
}

/** The plant's type and the filter, on plant `p`. */
export function conditionsOf(query: Pick<SearchQuery, 'type' | 'filter'>): RawBuilder<unknown> {
  return sql`${query.type === null ? sql`1 = 1` : sql`p.type = ${query.type}`} AND ${query.filter ?? sql`1 = 1`}`
}

// Without a type or filter the index counts its matches alone, in about a millisecond even for one letter.
async function countOf(db: Db, dialect: FullTextDialect, query: SearchQuery, anywhere: string) {
  if (query.type === null && query.filter === null) {
    const [counted] = await countAll(dialect.index)(db, anywhere)
    return Number(counted?.total ?? 0)
  }
  return count(
    db,
    sql`SELECT count(*) AS total FROM ${dialect.index.from}
      WHERE ${dialect.index.matches(anywhere)} AND ${conditionsOf(query)}`,
  )
}

// The count of every plain search, of one shape per index: planned once per connection on PostgreSQL.
const countsAll = new WeakMap<
  TextIndex,
  (db: Db, anywhere: string) => Promise<{ total: number | string }[]>
>()
function countAll(index: TextIndex) {
  let run = countsAll.get(index)
  if (!run) {
    run = prepared((db, anywhere: string) => {
      const query = sql<{ total: number | string }>`
        SELECT count(*) AS total FROM (${index.idsMatching(anywhere)}) AS matches`
      return { compile: () => query.compile(db) }
    })
    countsAll.set(index, run)
  }
  return run
}

async function count(db: Db, query: RawBuilder<unknown>): Promise<number> {
  const counted = await (query as RawBuilder<{ total: number | string }>).execute(db)
  return Number(counted.rows[0]?.total ?? 0)
}

/** Every match ranked in one pass, then only the page's documents read. */
async function rankAll(
  db: Db,
  dialect: FullTextDialect,
  query: SearchQuery,
  anywhere: string,
  tests: TierTest[],
): Promise<string[]> {
  const tier = tierExpression(tests, dialect.namesMatch)
  const page = await sql<{ doc: string }>`
    WITH ranked AS (
      SELECT p.id, ${tier} AS tier, ${speciesFirst} AS kind
      FROM ${dialect.index.from}
      WHERE ${dialect.index.matches(anywhere)} AND ${conditionsOf(query)}
      ORDER BY tier, kind, p.id
      LIMIT ${query.limit} OFFSET ${query.offset}
    )
    SELECT p.doc FROM ranked JOIN plants p ON p.id = ranked.id
    ORDER BY ranked.tier, ranked.kind, ranked.id`.execute(db)
  return page.rows.map((row) => row.doc)
}
