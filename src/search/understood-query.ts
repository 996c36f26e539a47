// From the reading of `q` (query-reading.ts) to what the search runs and what the answer says it read:
// the constraints as plant filters, each with its entry for the answer's `interpretation`; the plant a
// companion request names, found by the name search; the words left to search as names.
import type { Store } from '../db/store.ts'
import { normalizeFacet } from '../plants/plant.ts'
import type { PlantFilter } from './plant-filter.ts'
import type { PhraseBook } from './phrase-book.ts'
import { planQuery, wordsToPlan } from './query-plan.ts'
import { readQuery, type ReadConstraint } from './query-reading.ts'
import { nameRunsOf, tokensOf } from './query-tokens.ts'
import { isPlantName, namesAmong, WordLookup } from './vocabulary.ts'
import { foldedPhrase, foldedWords } from './words.ts'
import { searchIndexOf } from './dialect-search.ts'
import { nameRows } from './search-text.ts'
import { wordForms } from './word-forms.ts'
import type { Plant } from '../plants/plant.ts'

/** One constraint of the answer's interpretation: `words` is what it was read from. */
export type ConstraintJson =
  | { kind: 'value'; key: string; values: string[]; words: string }
  | { kind: 'has'; key: string; words: string }
  | { kind: 'range'; key: string; min: number | null; max: number | null; unit: string | null; words: string }
  | {
      kind: 'companions'
      plant: { id: number; name: string; scientific_name: string; link: string }
      words: string
    }

export interface UnderstoodQuery {
  /** Every filter holds for the plants that meet the query; values of one key match as OR. */
  filters: PlantFilter[]
  constraints: ConstraintJson[]
  nameWords: string[]
  droppedWords: string[]
}

/** What the reading of `q` asks the database first, and can ask before the phrase book is at hand. */
export interface QueryWords {
  /** `q` is some plant's whole name */
  isName: boolean
  /** the vocabulary, holding the words of `q` and those its plan looks up first */
  words: WordLookup
  /** runs of two to four words of `q` that are some plant's whole name ("runner beans") */
  names: ReadonlySet<string>
}

/** One read of the vocabulary serves both the reading of `q` and the plan of its name words (most of them
 * are all of its words), beside the look-up of `q` as a name. */
export async function lookUpQuery(store: Store, q: string): Promise<QueryWords> {
  const words = new WordLookup(store.reader)
  const tokens = tokensOf(q)
  const singulars = tokens.filter((token) => token.number === null).map((token) => token.word)
  const [isName, names] = await Promise.all([
    isPlantName(store.reader, foldedPhrase(q)),
    // A run is looked up only where each of its words is a word of some name: a query of typos asks none.
    words.find([...everyWordOf(q), ...singulars, ...wordsToPlan(q)]).then((known) => {
      const inNames = (word: string) => (known.get(word)?.namePlants ?? 0) > 0
      return namesAmong(store.reader, nameRunsOf(tokens, inNames))
    }),
  ])
  return { isName, words, names }
}

const everyWordOf = (q: string) =>
  tokensOf(q)
    .filter((token) => token.word !== '-')
    .map((token) => token.text)

export async function understandQuery(
  store: Store,
  q: string,
  book: PhraseBook,
  { isName, words, names }: QueryWords,
): Promise<UnderstoodQuery> {
  const everyWord = everyWordOf(q)
  // A query that is some plant's whole name ("ice plant", "summer squash") is that name, every word of it.
  if (isName) {
    return { filters: [], constraints: [], nameWords: everyWord, droppedWords: [] }
  }
  // Words no plant has anywhere may be typos of a phrase's word ("drough tolerant"); known ones never are.
  const known = await words.find(everyWord)
  const reading = readQuery(q, book, {
    isUnknownWord: (word) => (known.get(word)?.plants ?? 0) === 0,
    isNameWord: (word) => (known.get(word)?.namePlants ?? 0) > 0,
    names,
  })
  const filters: PlantFilter[] = []
  const constraints: ConstraintJson[] = []
  for (const constraint of reading.constraints) {
    constraints.push(constraintJson(constraint, book))
    filters.push(filterOf(constraint))
  }
  let { nameWords } = reading
  if (reading.companionsOf) {
    const plant = await plantNamed(store, reading.companionsOf.nameWords, words)
    if (plant) {
      constraints.push({ kind: 'companions', plant, words: reading.companionsOf.words })
      filters.push({ kind: 'companions', plantId: plant.id })
    } else {
      nameWords = [...nameWords, ...reading.companionsOf.nameWords]
    }
  }
  // Nothing left but soft words ("plants"): they are the query after all.
  if (nameWords.length === 0 && constraints.length === 0) {
    return { filters: [], constraints: [], nameWords: everyWord, droppedWords: [] }
  }
  return { filters: mergedByKey(filters), constraints, nameWords, droppedWords: reading.droppedWords }
}

function constraintJson({ meaning, words }: ReadConstraint, book: PhraseBook): ConstraintJson {
  switch (meaning.kind) {
    case 'value':
      return { kind: 'value', key: meaning.key, values: meaning.values, words }
    case 'has':
      return { kind: 'has', key: meaning.key, words }
    case 'range':
      return {
        kind: 'range',
        key: meaning.key,
        min: meaning.min,
        max: meaning.max,
        unit: book.vocabulary.units[meaning.key] ?? null,
        words,
      }
    case 'window':
      // A window is a range of the window key's days, counted from its frost.
      return {
        kind: 'range',
        key: meaning.key,
        min: meaning.min,
        max: meaning.max,
        unit: `days from the ${meaning.anchor} frost`,
        words,
      }
  }
}

function filterOf({ meaning }: ReadConstraint): PlantFilter {
  switch (meaning.kind) {
    case 'value':
      return { kind: 'values', keyNorm: meaning.keyNorm, values: meaning.values.map(normalizeFacet) }
    case 'has':
      return { kind: 'has', keyNorm: meaning.keyNorm }
    case 'range':
      return { kind: 'range', keyNorm: meaning.keyNorm, min: meaning.min, max: meaning.max }
    case 'window':
      return {
        kind: 'window',
        action: meaning.action,
        anchor: meaning.anchor,
        min: meaning.min,
        max: meaning.max,
      }
  }
}

/** Two values of one key in `q` ("annuals and biennials") match as OR, as a facet's repeated values do. */
function mergedByKey(filters: PlantFilter[]): PlantFilter[] {
  const merged: PlantFilter[] = []
  for (const filter of filters) {
    const same =
      filter.kind === 'values'
        ? merged.find(
            (other): other is Extract<PlantFilter, { kind: 'values' }> =>
              other.kind === 'values' && other.keyNorm === filter.keyNorm,
          )
        : undefined
    if (same) same.values = [...new Set([...same.values, ...(filter as typeof same).values])]
    else merged.push(filter.kind === 'values' ? { ...filter, values: [...filter.values] } : filter)
  }
  return merged
}

/** The plant the words name: the first answer of the name search, when its names have every word (as a
 * word or a word's start, in either English form): "companion plants for tomatoes" is Tomato, but "plants
 * with edible fruit" names no plant, whatever a description says. */
async function plantNamed(store: Store, words: string[], vocabulary: WordLookup) {
  const plan = await planQuery(store.reader, words.join(' '), vocabulary)
  const found = await searchIndexOf(store).find(store.reader, {
    plan,
    type: null,
    filter: null,
    limit: 1,
    offset: 0,
  })
  if (found.docs.length === 0) return null
  const plant = JSON.parse(found.docs[0]!) as Plant
  const names = [...nameRows(plant).keys()].flatMap((name) => name.split(' '))
  const named = foldedWords(words.join(' ')).every((word) =>
    [word, ...wordForms(word)].some((form) => names.some((name) => name.startsWith(form))),
  )
  if (!named) return null
  return { id: plant.id, name: plant.name, scientific_name: plant.scientific_name, link: plant.link }
}
