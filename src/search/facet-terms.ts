// A plant's facet values (plant_facets: each value whole and each element of a list, as facetRows makes
// them) as terms of PostgreSQL's full-text index, so that a search with words and a facet filter finds
// the plants that have both inside the GIN index, an intersection of its lists. Without them the index
// found every plant with the words and the table was read for each to learn its id before the filter
// left most out: "bean" that is edible at a million plants read 2,160 matches for 184 (6.1 ms, 1.3 with
// the terms). Like the number terms (number-terms.ts) they only narrow: the filter's own condition still
// decides (plant-filter.ts).
import type { PlantFilter } from './plant-filter.ts'

/** A facet row of a plant: its key and value normalized (plants/plant.ts facetRows). */
export interface FacetValue {
  key: string
  value: string
}

// `#` is never part of a word (words.ts), so a facet term matches no typed word, whole or as a prefix.
// A key or value with a `:` in it may give the term of another pair: a plant that has it is tested by the
// filter, never wrongly found.
const term = (key: string, value: string) => `#f:${key}:${value}`

/** The terms of a plant's facet rows, each once. */
export function facetTerms(facets: readonly FacetValue[]): string[] {
  return [...new Set(facets.map(({ key, value }) => term(key, value)))]
}

/** The conditions on the terms that every plant meeting the facet filters meets: for each filter of
 * values, the terms of its values, one of which the plant has; none for a filter of another kind. */
export function facetTermChoices(filters: readonly PlantFilter[]): string[][] {
  return filters.flatMap((filter) =>
    filter.kind === 'values' && filter.values.length > 0
      ? [filter.values.map((value) => term(filter.keyNorm, value))]
      : [],
  )
}
