// Full-text search behind one interface; each database has its own index (sqlite-search.ts,
// postgres-search.ts), and both run the same statements around it (full-text-search.ts) and rank with the
// same tiers (ranking.ts).
import type { RawBuilder } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import type { PlantType } from '../plants/plant.ts'
import type { Total } from '../paging.ts'
import type { QueryPlan } from './query-plan.ts'
import type { PlantFilter } from './plant-filter.ts'
import type { NumberSpan } from './number-terms.ts'
import type { FacetValue } from './facet-terms.ts'

export { searchTerms } from './words.ts'

export interface SearchEntry {
  id: number
  name: string
  scientific_name: string
  /** The values of the name attributes (alternate names, names in other languages, synonyms). */
  alternate_names: string
  description: string
  /** The plant's number spans: PostgreSQL's index holds them as terms (number-terms.ts). */
  numbers: readonly NumberSpan[]
  /** The plant's facet rows: PostgreSQL's index holds them as terms too (facet-terms.ts). */
  facets: readonly FacetValue[]
  /** The plant's names as the names table holds them, with their kind (0: its common or scientific
   * name): PostgreSQL's index holds them as terms too. */
  names: ReadonlyMap<string, 0 | 1>
}

export interface SearchQuery {
  /** The words to match with their alternatives, and the phrases for the whole-name tiers. */
  plan: QueryPlan
  type: PlantType | null
  /** What plant `p` must be besides its words (plant-filter.ts); null: anything. */
  filter: RawBuilder<unknown> | null
  /** The filters `filter` is made of, when it is nothing else: a search whose words match few plants may
   * test each match rather than build the set of the plants meeting a filter (full-text-search.ts). */
  filters?: readonly PlantFilter[]
  limit: number
  offset: number
  /** The words match few plants: they are read as a set before the filters (full-text-search.ts). */
  matchesAsSet?: boolean
}

/** A page of matches and how many there are (exact, or estimated past the count's limit: paging.ts). */
export interface SearchResult extends Total {
  docs: string[]
}

/** A plant's entry as its save makes it, and as it was before (null: the plant may have none yet). */
export interface EntryChange {
  before: SearchEntry | null
  after: SearchEntry
}

/** Whether two entries have the same text: their names, alternate names and description. */
export const sameText = (a: SearchEntry, b: SearchEntry): boolean =>
  a.name === b.name &&
  a.scientific_name === b.scientific_name &&
  a.alternate_names === b.alternate_names &&
  a.description === b.description

export interface SearchIndex {
  /** Replaces the indexed entries of these plants (each at most once), inside the transaction that saves
   * them: one plant's save, or the plants an import changed, a few statements for many. An entry that
   * indexes as it did before is left as it is (most saves change an attribute, not the names). */
  put(tx: Tx, changes: readonly EntryChange[]): Promise<void>
  /** Indexes plants that have no entry yet (the importer's new plants), a few statements for many. */
  add(tx: Tx, entries: readonly SearchEntry[]): Promise<void>
  /** Removes every entry (a rebuild adds them all again). */
  clear(tx: Tx): Promise<void>
  find(db: Db, query: SearchQuery): Promise<SearchResult>
  /** How many plants match, without reading any, counting no further than `limit` (bounded-count.ts). */
  count(db: Db, query: SearchQuery, limit: number): Promise<Total>
  /** The condition that plant `p` matches the plan's words; null when nothing can. */
  matching(plan: QueryPlan): RawBuilder<unknown> | null
  /** Which of the filters are better tested on each plant matching the plan's words than built as sets
   * (plant-filter.ts `filterCondition`); null: none. */
  filterTests(
    db: Db,
    plan: QueryPlan,
    filters: readonly PlantFilter[],
  ): Promise<((filter: PlantFilter) => boolean) | null>
}
