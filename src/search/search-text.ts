// What search knows of a plant: its names (common, scientific, and the values of the name attributes:
// alternate names, names in other languages, synonyms) and its description. From them come the full-text
// entry, the rows of the names table and the plant's words for the vocabulary.
import { ALTERNATE_NAME_KEY, facetRows, normalizeFacet, type Attribute } from '../plants/plant.ts'
import { foldedPhrase, foldedWords } from './words.ts'
import type { SearchEntry } from './search-index.ts'
import { numberRows } from '../attributes/attribute-numbers.ts'

/** Attribute keys (normalised) whose values are names of the plant, comma-separated: searched with the
 * weight of a name. The starter dataset keeps every other name, in any language, in `Alternate name`. */
export const NAME_KEYS: ReadonlySet<string> = new Set(
  [ALTERNATE_NAME_KEY, 'Synonym', 'Synonyms'].map(normalizeFacet),
)

/** Name rows: 0 for the common or scientific name, 1 for another name. */
export type NameKind = 0 | 1

export interface SearchText {
  id: number
  name: string
  scientific_name: string
  description: string
  data: readonly Attribute[]
}

// A folded name in the names table is at most this long: a query is at most 200 characters.
const MAX_NAME_CHARS = 200
// Longer words are left out of the vocabulary: no typo is corrected towards them, and a key stays small.
export const MAX_VOCABULARY_WORD_CHARS = 60

function otherNames(data: readonly Attribute[]): string[] {
  return data
    .filter(({ key }) => NAME_KEYS.has(normalizeFacet(key)))
    .flatMap(({ value }) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean)
}

export function searchEntry(plant: SearchText): SearchEntry {
  return {
    id: plant.id,
    name: plant.name,
    scientific_name: plant.scientific_name,
    alternate_names: otherNames(plant.data).join(', '),
    description: plant.description,
    numbers: numberRows(plant.id, plant.data).map(({ key, low, high }) => ({ key, low, high })),
    facets: facetRows(plant.id, plant.data).map(({ key, value }) => ({ key, value })),
    names: nameRows(plant),
  }
}

/** The plant's folded names, each once, with the best kind it has. */
export function nameRows(plant: SearchText): Map<string, NameKind> {
  const rows = new Map<string, NameKind>()
  const add = (text: string, kind: NameKind) => {
    const name = foldedPhrase(text).slice(0, MAX_NAME_CHARS).trimEnd()
    if (name && (rows.get(name) ?? 1) >= kind) rows.set(name, kind)
  }
  add(plant.name, 0)
  add(plant.scientific_name, 0)
  for (const name of otherNames(plant.data)) add(name, 1)
  return rows
}

/** Whether a name of the names table may have been cut at its length (so some words are not in it). */
export function mayBeCut(name: string): boolean {
  // A cut name lost at most the one space after it.
  return name.length >= MAX_NAME_CHARS - 1
}

/** The words of the plant's names, as the full-text index has them. */
export function nameWords(plant: Pick<SearchText, 'name' | 'scientific_name' | 'data'>): Set<string> {
  return new Set(foldedWords(`${plant.name} ${plant.scientific_name} ${otherNames(plant.data).join(' ')}`))
}

/** The plant's distinct words: all of them, and those of its names. */
export function plantWords(plant: SearchText): { all: Set<string>; names: Set<string> } {
  const keep = (word: string) => word.length <= MAX_VOCABULARY_WORD_CHARS
  const names = new Set([...nameWords(plant)].filter(keep))
  const all = new Set([...names, ...foldedWords(plant.description).filter(keep)])
  return { all, names }
}
