// SQLite FTS5 search. Every word is quoted, so `NEAR(` or `AND` are just words; a typed word is also a
// prefix (`quenz` finds "Quenzelberry"), its forms and corrections are whole words.
import { sql, type RawBuilder } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import { forManyRows } from '../db/many-rows.ts'
import { facetCondition } from './facet-filter.ts'
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
import type { SearchEntry, SearchIndex, SearchQuery, SearchResult } from './search-index.ts'

const NAME_COLUMNS = '{name scientific_name alternate_names}'
// Up to this many matches, ranking them all in one statement (~1.3 µs each) beats walking the tiers.
const FEW_MATCHES = 2000

const FTS5: TextSyntax = {
  term: ({ word, prefix }) => `"${word}"${prefix ? '*' : ''}`,
  and: ' AND ',
  or: ' OR ',
}

/** FTS5 for the tier walk: a column filter keeps a query to the names, `NOT` leaves out a tier. */
const FTS5_INDEX: TextIndex = {
  compose(anywhere, tier, earlier) {
    let query = `(${anywhere})`
    if (tier !== null) query = `(${query} AND (${NAME_COLUMNS} : (${tier})))`
    for (const before of earlier) query = `(${query} NOT (${NAME_COLUMNS} : (${before})))`
    return query
  },
  from: sql`plants_fts JOIN plants p ON p.id = plants_fts.rowid`,
  id: sql`plants_fts.rowid`,
  matches: (query) => sql`plants_fts MATCH ${query}`,
  idsMatching: (query) => sql`SELECT rowid FROM plants_fts WHERE plants_fts MATCH ${query}`,
}

export class SqliteSearch implements SearchIndex {
  /** `fewMatches`: up to how many matches are ranked in one statement (a test walks every search). */
  constructor(private readonly options: { fewMatches: number } = { fewMatches: FEW_MATCHES }) {}

  async put(tx: Tx, entry: SearchEntry): Promise<void> {
    await sql`DELETE FROM plants_fts WHERE rowid = ${entry.id}`.execute(tx)
    await sql`INSERT INTO plants_fts (rowid, name, scientific_name, alternate_names, description)
      VALUES (${entry.id}, ${entry.name}, ${entry.scientific_name}, ${entry.alternate_names}, ${entry.description})`.execute(
      tx,
    )
  }

  async add(tx: Tx, entries: SearchEntry[]): Promise<void> {
    const row = sql`(${null}, ${null}, ${null}, ${null}, ${null})`
    await forManyRows(
      tx,
      'plants_fts',
      5,
      (count) =>
        sql`INSERT INTO plants_fts (rowid, name, scientific_name, alternate_names, description)
        VALUES ${sql.join(Array.from({ length: count }, () => row))}`.compile(tx),
      entries.map((entry) => [
        entry.id,
        entry.name,
        entry.scientific_name,
        entry.alternate_names,
        entry.description,
      ]),
    )
  }

  async find(db: Db, query: SearchQuery): Promise<SearchResult> {
    const { plan } = query
    const anywhere = anywhereQuery(plan.groups, FTS5)
    if (anywhere === null) return { total: 0, docs: [] }
    const tests = tierTests(plan, nameQueries(plan.groups, FTS5))
    // The exact total; without a type or facet the index counts its matches alone, in about a millisecond
    // even for one letter. Few matches are ranked in one statement; more are walked tier by tier
    // (tier-walk.ts), which reads only the ids up to the page.
    const total = await count(
      db,
      query.type === null && query.facets.length === 0
        ? sql`SELECT count(*) AS total FROM plants_fts WHERE plants_fts MATCH ${anywhere}`
        : sql`SELECT count(*) AS total FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid
            WHERE ${filters(query, anywhere)}`,
    )
    if (total <= this.options.fewMatches) return rankAll(db, query, anywhere, tests)
    if (query.offset >= total) return { total, docs: [] }
    return {
      total,
      docs: await documents(db, await pageIds({ db, index: FTS5_INDEX, query, anywhere, tests })),
    }
  }
}

const filters = (query: SearchQuery, anywhere: string) => sql`plants_fts MATCH ${anywhere}
  AND (${query.type} IS NULL OR p.type = ${query.type})
  AND ${facetCondition('p.id', query.facets)}`

async function count(db: Db, query: RawBuilder<unknown>): Promise<number> {
  const counted = await (query as RawBuilder<{ total: number }>).execute(db)
  return Number(counted.rows[0]?.total ?? 0)
}

/** Every match ranked in one pass with the total, then only the page's documents read. */
async function rankAll(
  db: Db,
  query: SearchQuery,
  anywhere: string,
  tests: TierTest[],
): Promise<SearchResult> {
  const tier = tierExpression(
    tests,
    (match) =>
      sql`p.id IN (SELECT rowid FROM plants_fts WHERE plants_fts MATCH ${`${NAME_COLUMNS} : (${match})`})`,
  )
  const page = await sql<{ total: number; doc: string }>`
    WITH ranked AS (
      SELECT p.id, ${tier} AS tier, ${speciesFirst} AS kind, count(*) OVER () AS total
      FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid
      WHERE ${filters(query, anywhere)}
      ORDER BY tier, kind, p.id
      LIMIT ${query.limit} OFFSET ${query.offset}
    )
    SELECT ranked.total, p.doc FROM ranked JOIN plants p ON p.id = ranked.id
    ORDER BY ranked.tier, ranked.kind, ranked.id`.execute(db)
  if (page.rows.length > 0) {
    return { total: Number(page.rows[0]!.total), docs: page.rows.map((row) => row.doc) }
  }
  if (query.offset === 0) return { total: 0, docs: [] }
  // Past the last page: the window count came back with no rows, so count on its own.
  const total = await count(
    db,
    sql`SELECT count(*) AS total FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid
    WHERE ${filters(query, anywhere)}`,
  )
  return { total, docs: [] }
}
