// Search without words: the plants that meet the filters, in id order, with the exact total. The plant
// finder of the website and `GET /search?Height=1..3` without `q`.
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'
import { conditionsOf } from './full-text-search.ts'
import type { SearchQuery, SearchResult } from './search-index.ts'

export async function browsePlants(db: Db, query: Omit<SearchQuery, 'plan'>): Promise<SearchResult> {
  const counted = await sql<{ total: number | string }>`
    SELECT count(*) AS total FROM plants p WHERE ${conditionsOf(query)}`.execute(db)
  const total = Number(counted.rows[0]?.total ?? 0)
  if (total === 0 || query.offset >= total) return { total, docs: [] }
  const page = await sql<{ doc: string }>`
    SELECT p.doc FROM plants p WHERE ${conditionsOf(query)}
    ORDER BY p.id LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db)
  return { total, docs: page.rows.map((row) => row.doc) }
}
