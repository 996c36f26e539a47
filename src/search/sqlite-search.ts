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

    const tier = tierExpression(
      plan,
      names,
      (match) =>
        sql`p.id IN (SELECT rowid FROM plants_fts WHERE plants_fts MATCH ${`${NAME_COLUMNS} : (${match})`})`,
    )
    // The page is ranked on ids alone, with the total counted in the same pass, then only its documents
    // are read: sorting the documents of a broad search would move every matching document.
    const page = await sql<{ total: number; doc: string }>`
      WITH ranked AS (
        SELECT p.id, ${tier} AS tier, ${speciesFirst} AS kind, count(*) OVER () AS total
        FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid
        WHERE ${filters}
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
    const counted = await sql<{ total: number }>`
      SELECT count(*) AS total FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid WHERE ${filters}`.execute(
      db,
    )
    return { total: Number(counted.rows[0]?.total ?? 0), docs: [] }
  }
}
