// SQLite FTS5 search. Every word is quoted, so `NEAR(` or `AND` are just words; a typed word is also a
// prefix (`quenz` finds "Quenzelberry"), its forms and corrections are whole words.
import { sql } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import { facetCondition } from './facet-filter.ts'
import { anywhereQuery, nameQueries, speciesFirst, tierExpression, type TextSyntax } from './ranking.ts'
import type { SearchEntry, SearchIndex, SearchQuery, SearchResult } from './search-index.ts'

const NAME_COLUMNS = '{name scientific_name alternate_names}'

const FTS5: TextSyntax = {
  term: ({ word, prefix }) => `"${word}"${prefix ? '*' : ''}`,
  and: ' AND ',
  or: ' OR ',
}

export class SqliteSearch implements SearchIndex {
  async put(tx: Tx, entry: SearchEntry): Promise<void> {
    await sql`DELETE FROM plants_fts WHERE rowid = ${entry.id}`.execute(tx)
    await sql`INSERT INTO plants_fts (rowid, name, scientific_name, alternate_names, description)
      VALUES (${entry.id}, ${entry.name}, ${entry.scientific_name}, ${entry.alternate_names}, ${entry.description})`.execute(
      tx,
    )
  }

  async find(db: Db, query: SearchQuery): Promise<SearchResult> {
    const { plan } = query
    const anywhere = anywhereQuery(plan.groups, FTS5)
    if (anywhere === null) return { total: 0, docs: [] }
    const names = nameQueries(plan.groups, FTS5)

    const filters = sql`plants_fts MATCH ${anywhere}
      AND (${query.type} IS NULL OR p.type = ${query.type})
      AND ${facetCondition('p.id', query.facets)}`

    const counted = await sql<{ total: number }>`
      SELECT count(*) AS total FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid WHERE ${filters}`.execute(
      db,
    )
    const total = Number(counted.rows[0]?.total ?? 0)
    if (total === 0 || query.offset >= total) return { total, docs: [] }

    const tier = tierExpression(
      plan,
      names,
      (match) =>
        sql`p.id IN (SELECT rowid FROM plants_fts WHERE plants_fts MATCH ${`${NAME_COLUMNS} : (${match})`})`,
    )
    const page = await sql<{ doc: string }>`
      SELECT p.doc FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid
      WHERE ${filters}
      ORDER BY ${tier}, ${speciesFirst}, p.id
      LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db)
    return { total, docs: page.rows.map((row) => row.doc) }
  }
}
