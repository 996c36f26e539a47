// SQLite FTS5 search. Every word is quoted and given a prefix star, so `quenz` finds "Quenzelberry" and
// `NEAR(` or `AND` are just words.
import { sql } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import { facetCondition } from './facet-filter.ts'
import type { SearchEntry, SearchIndex, SearchQuery, SearchResult } from './search-index.ts'

const NAME_COLUMNS = '{name scientific_name alternate_names}'

export class SqliteSearch implements SearchIndex {
  async put(tx: Tx, entry: SearchEntry): Promise<void> {
    await sql`DELETE FROM plants_fts WHERE rowid = ${entry.id}`.execute(tx)
    await sql`INSERT INTO plants_fts (rowid, name, scientific_name, alternate_names, description)
      VALUES (${entry.id}, ${entry.name}, ${entry.scientific_name}, ${entry.alternate_names}, ${entry.description})`.execute(
      tx,
    )
  }

  async find(db: Db, query: SearchQuery): Promise<SearchResult> {
    if (query.terms.length === 0) return { total: 0, docs: [] }
    const quoted = query.terms.map((term) => `"${term}"`)
    const anyColumnPrefix = quoted.map((term) => `${term}*`).join(' AND ')
    const nameWhole = `${NAME_COLUMNS} : (${quoted.join(' AND ')})`
    const namePrefix = `${NAME_COLUMNS} : (${anyColumnPrefix})`

    const filters = sql`plants_fts MATCH ${anyColumnPrefix}
      AND (${query.type} IS NULL OR p.type = ${query.type})
      AND ${facetCondition('p.id', query.facets)}`

    const counted = await sql<{ total: number }>`
      SELECT count(*) AS total FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid WHERE ${filters}`.execute(
      db,
    )
    const total = Number(counted.rows[0]?.total ?? 0)
    if (total === 0 || query.offset >= total) return { total, docs: [] }

    const page = await sql<{ doc: string }>`
      SELECT p.doc FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid
      WHERE ${filters}
      ORDER BY
        CASE
          WHEN lower(p.name) = ${query.phrase} OR lower(p.scientific_name) = ${query.phrase} THEN 0
          WHEN p.id IN (SELECT rowid FROM plants_fts WHERE plants_fts MATCH ${nameWhole}) THEN 1
          WHEN p.id IN (SELECT rowid FROM plants_fts WHERE plants_fts MATCH ${namePrefix}) THEN 2
          ELSE 3
        END,
        p.id
      LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db)
    return { total, docs: page.rows.map((row) => row.doc) }
  }
}
