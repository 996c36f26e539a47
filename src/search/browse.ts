// Search without words: the plants that meet the filters, in id order. The plant finder of the website and
// `GET /search?Height=1..3` without `q`. The total is the attribute tally's when the filter is one facet
// value (a count every save keeps), else counted up to a limit and estimated past it (bounded-count.ts).
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'
import { countLimit, exactTotal } from '../paging.ts'
import { FACET_VALUE_MAX_LENGTH } from '../plants/plant.ts'
import { totalOfWalk } from './bounded-count.ts'
import { conditionsOf } from './full-text-search.ts'
import type { PlantFilter } from './plant-filter.ts'
import type { SearchQuery, SearchResult } from './search-index.ts'
import { documents } from './tier-walk.ts'

/** `filters`: the filters `query.filter` was made of, when it is nothing else (a kept count may answer). */
export async function browsePlants(
  db: Db,
  query: Omit<SearchQuery, 'plan'>,
  filters: readonly PlantFilter[] = [],
): Promise<SearchResult> {
  const kept = query.type === null ? await keptCount(db, filters) : null
  if (kept !== null) {
    if (kept === 0 || query.offset >= kept || query.limit === 0) return { ...exactTotal(kept), docs: [] }
    const page = await sql<{ doc: string }>`
      SELECT p.doc FROM plants p WHERE ${conditionsOf(query)}
      ORDER BY p.id LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db)
    return { ...exactTotal(kept), docs: page.rows.map((row) => row.doc) }
  }
  // The ids in id order up to the count's limit, which is past the page: the page is among them.
  const limit = countLimit(query)
  const walked = await sql<{ id: number | string }>`
    SELECT p.id FROM plants p WHERE ${conditionsOf(query)} ORDER BY p.id LIMIT ${limit}`.execute(db)
  const ids = walked.rows.map((row) => Number(row.id))
  const total = await totalOfWalk(db, ids.length, ids.at(-1) ?? null, limit)
  return { ...total, docs: await documents(db, ids.slice(query.offset, query.offset + query.limit)) }
}

/** The plants with one facet value, as the attribute tally keeps them (each value element of a plant counts
 * once, as the facet matches it): null for any other filter. */
async function keptCount(db: Db, filters: readonly PlantFilter[]): Promise<number | null> {
  const [filter] = filters
  if (filters.length !== 1 || filter?.kind !== 'values' || filter.values.length !== 1) return null
  const value = filter.values[0]!
  // A value with a comma matches whole values only, which the tally does not count.
  if (value.includes(',') || value.length > FACET_VALUE_MAX_LENGTH) return null
  const row = await db
    .selectFrom('attribute_values')
    .select('plants')
    .where('key_norm', '=', filter.keyNorm)
    .where('value_norm', '=', value)
    .executeTakeFirst()
  return row === undefined ? 0 : Number(row.plants)
}
