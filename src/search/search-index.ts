// Full-text search behind one interface; each database has its own implementation (sqlite-search.ts,
// postgres-search.ts). Both rank the same way: whole-name matches, then name-prefix matches, then matches
// in other text (descriptions), then id.
import type { Db, Tx } from '../db/store.ts'
import type { PlantType } from '../plants/plant.ts'

export interface SearchEntry {
  id: number
  name: string
  scientific_name: string
  alternate_names: string
  description: string
}

export interface FacetFilter {
  /** Normalised (see normalizeFacet) key and values; values match as OR, filters as AND. */
  key: string
  values: string[]
}

export interface SearchQuery {
  /** Lower-cased words of the query; only letters and digits, so no search syntax survives. */
  terms: string[]
  /** The query as one lower-cased phrase, to recognise a search for a plant's exact name. */
  phrase: string
  type: PlantType | null
  facets: FacetFilter[]
  limit: number
  offset: number
}

export interface SearchResult {
  total: number
  docs: string[]
}

export interface SearchIndex {
  /** Replaces the indexed text of one plant, inside the transaction that saves it. */
  put(tx: Tx, entry: SearchEntry): Promise<void>
  find(db: Db, query: SearchQuery): Promise<SearchResult>
}

/** The words of a text, lower-cased. Everything but letters and digits separates words, so quotes,
 * operators and parentheses never reach the database's query syntax. */
export function textWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}

/** The distinct words of a user's query, at most 16 of them. */
export function searchTerms(text: string): string[] {
  return [...new Set(textWords(text))].slice(0, 16)
}
