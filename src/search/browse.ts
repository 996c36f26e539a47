// Search without words: the plants that meet the filters, in id order. The plant finder of the website and
// `GET /search?Height=1..3` without `q`. The total is the attribute tally's when the filter is one facet
// value (a count every save keeps), else counted up to a limit and estimated past it (bounded-count.ts).
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import { countLimit, exactTotal } from '../paging.ts'
import { boundedCountAndPage } from './bounded-count.ts'
import { conditionsOf } from './full-text-search.ts'
import {
  bothConditions,
  filterCondition,
  idsOf,
  isTallied,
  plantsMeeting,
  talliedPlants,
  typeCondition,
  type PlantFilter,
} from './plant-filter.ts'
import type { SearchQuery, SearchResult } from './search-index.ts'
import { documents, ids } from './tier-walk.ts'

// A filter met by fewer plants than this leads the walk: its ids are read and sorted, and checked against
// the other filters, instead of walking the plants in id order and testing each (at a million plants,
// two facet values met by 4,000 and 11,000 plants: 5 ms led, 25 ms walked). More, and the walk in id order
// stops sooner than reading them all.
const LEADING_UP_TO = 20_000

/** The plants that meet every filter, and `beyond` where given (a condition on plant `p`); the fewest-met
 * filter may lead the walk, its ids tested by the others and `beyond`. Without `beyond` a kept count may
 * answer. `leadingUpTo`: a test makes every walk go in id order. */
export async function browsePlants(
  db: Db,
  window: Pick<SearchQuery, 'type' | 'limit' | 'offset'>,
  filters: readonly PlantFilter[],
  {
    leadingUpTo = LEADING_UP_TO,
    beyond = null,
  }: { leadingUpTo?: number; beyond?: RawBuilder<unknown> | null } = {},
): Promise<SearchResult> {
  const query = { ...window, filter: bothConditions(filterCondition(filters), beyond) }
  const kept = query.type === null && beyond === null ? await keptCount(db, filters) : null
  const inIdOrder = await idWalk(db, query, filters, leadingUpTo, beyond)
  if (kept !== null) {
    if (kept === 0 || query.offset >= kept || query.limit === 0) return { ...exactTotal(kept), docs: [] }
    const page = await ids(db, sql`${inIdOrder} LIMIT ${query.limit} OFFSET ${query.offset}`)
    return { ...exactTotal(kept), docs: await documents(db, page) }
  }
  // The ids in id order up to the count's limit, which is past the page: the page is among them.
  const { total, ids: page } = await boundedCountAndPage(db, inIdOrder, countLimit(query), query)
  return { ...total, docs: await documents(db, page) }
}

/** The ids meeting the query (the column `id`), in id order: a statement to add a LIMIT to. */
async function idWalk(
  db: Db,
  query: Pick<SearchQuery, 'type' | 'filter'>,
  filters: readonly PlantFilter[],
  leadingUpTo: number,
  beyond: RawBuilder<unknown> | null,
): Promise<RawBuilder<unknown>> {
  const leading = await fewestMet(db, filters, leadingUpTo, beyond)
  if (leading === null) return sql`SELECT p.id FROM plants p WHERE ${conditionsOf(query)} ORDER BY p.id`
  // The others test each of the leader's ids (a lookup of that plant, plant-filter.ts), never made to
  // lead (`+p.id`: SQLite would). They are met by more plants than the leader: building their sets cost
  // more than the lookups, and a leader of one facet value is read in id order, so the walk stops at its
  // limit (at a million plants, the bench's browsing and natural-language searches led by a facet: 2.6-6.9
  // → 0.6-3.3 ms; at 92,000, the same or better). The leader is not tested again: as part of
  // `query.filter` it made SQLite build the set of its own plants ("edible flowers for partial shade":
  // its 'partial sun/shade' part 5.0 → 2.3 ms).
  const others = bothConditions(
    filterCondition(
      filters.filter((filter) => filter !== leading),
      sql`+p.id`,
      () => true,
    ),
    beyond,
  )
  return sql`SELECT DISTINCT p.id FROM (${idsOf(leading)}) p
    WHERE ${others ?? sql`1 = 1`} AND ${query.type === null ? sql`1 = 1` : typeCondition(query.type)}
    ORDER BY p.id`
}

/** The filter met by the fewest plants, when fewer than `upTo` (each counted that far at most). A filter
 * alone, with nothing `beyond` to test, always leads: walking the plants in id order builds the set of all
 * its plants first, as reading them does before sorting, and took longer at a million plants (heights of
 * 1-3 m: 2.5 ms against 1.2, and the count to choose 0.6 ms more). A test beyond it is made of every plant
 * a leader sorts, but only until the page is full of those a walk in id order meets. */
async function fewestMet(
  db: Db,
  filters: readonly PlantFilter[],
  upTo: number,
  beyond: RawBuilder<unknown> | null,
): Promise<PlantFilter | null> {
  if (filters.length === 0 || upTo === 0) return null
  if (filters.length === 1 && beyond === null) return filters[0]!
  const met = await plantsMeeting(db, filters, upTo)
  let fewest: { filter: PlantFilter; plants: number } | null = null
  for (const [index, filter] of filters.entries()) {
    const plants = met[index]!
    if (plants < upTo && (fewest === null || plants < fewest.plants)) fewest = { filter, plants }
  }
  return fewest?.filter ?? null
}

/** The plants with one facet value, as the attribute tally keeps them (each value element of a plant counts
 * once, as the facet matches it): null for any other filter. */
async function keptCount(db: Db, filters: readonly PlantFilter[]): Promise<number | null> {
  const [filter] = filters
  if (filters.length !== 1 || filter?.kind !== 'values' || filter.values.length !== 1) return null
  if (!isTallied(filter.values[0]!)) return null
  const { rows } = await sql<{ plants: number | string }>`SELECT ${talliedPlants(filter)} AS plants`.execute(
    db,
  )
  return Number(rows[0]!.plants)
}
