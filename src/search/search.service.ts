// Search: the full-text form (q read for constraints and names, type, facets and ranges, offset paging),
// browsing by filters without q, and the exact-match form.
import { sql, type RawBuilder } from 'kysely'
import type { Store } from '../db/store.ts'
import { AppError, validationFailed } from '../errors.ts'
import {
  countLimit,
  countedPagination,
  exactTotal,
  offsetWindow,
  plantListJson,
  readPlantList,
  type PageRequest,
  type PlantList,
} from '../paging.ts'
import type { IgnoredParameter } from '../text/closest-name.ts'
import { findExact } from '../plants/plant.repository.ts'
import type { PlantType } from '../plants/plant.ts'
import { browsePlants } from './browse.ts'
import { searchIndexOf } from './dialect-search.ts'
import { facetFilters } from './facet-parameters.ts'
import { phraseBookOf } from './phrase-book-cache.ts'
import { bothConditions, filterCondition, type PlantFilter } from './plant-filter.ts'
import { planQuery, withoutCorrections, type QueryPlan } from './query-plan.ts'
import type { SearchQuery, SearchResult } from './search-index.ts'
import { lookUpQuery, understandQuery, type ConstraintJson } from './understood-query.ts'
import type { WordLookup } from './vocabulary.ts'
import { foldedPhrase } from './words.ts'

export type TypeParam = 'Plant' | 'Species' | 'Variety'

/** The parameters of /search itself; every other name is a facet. */
export const SEARCH_PARAMETERS = ['q', 'type', 'page', 'per_page', 'scientific_name', 'name'] as const

/** What a client sent to /search: its own parameters, and attribute keys with the wanted value(s). */
export interface SearchParams extends PageRequest {
  q?: string | undefined
  type?: TypeParam | undefined
  scientific_name?: string | undefined
  name?: string | undefined
  [facet: string]: unknown
}

export interface ExactRequest {
  scientific_name: string
  type: TypeParam
  name?: string | undefined
}

export const toPlantType = (type: TypeParam): PlantType => (type === 'Variety' ? 'Variety' : 'Plant')

export interface SearchOptions {
  /** A name that is neither a search parameter nor an attribute key in use is an error, not ignored. */
  strict: boolean
}

/** A page of results as JSON, the names the search ignored (also in the answer's interpretation), and
 * whether its total is an estimate (also in its pagination). */
export interface SearchAnswer {
  json: string
  ignored: IgnoredParameter[]
  estimated: boolean
}

export async function searchPlants(
  store: Store,
  params: SearchParams,
  { strict }: SearchOptions = { strict: false },
): Promise<SearchAnswer> {
  const { page, perPage, limit, offset } = offsetWindow(params)
  const q = params.q?.trim() ?? ''
  // Independent reads, together: on PostgreSQL each on a connection of its own. The facets' keys are read
  // while the phrase book is checked.
  const reading = phraseBookOf(store.reader)
  const [book, { filters, ignored }, queryWords] = await Promise.all([
    reading,
    facetFilters(store.reader, params, SEARCH_PARAMETERS, reading, strict),
    q === '' ? null : lookUpQuery(store, q),
  ])
  const type = params.type ? toPlantType(params.type) : null
  const window = { type, limit, offset }
  let result: SearchResult
  let interpretation: Interpretation = {
    constraints: [],
    name_words: [],
    dropped_words: [],
    unmatched_words: [],
  }
  if (queryWords === null) {
    if (filters.length === 0) throw searchNeedsSomething()
    result = await browsePlants(store.reader, window, filters)
  } else {
    const understood = await understandQuery(store, q, book, queryWords)
    const asked = filterCondition(filters)
    const read = filterCondition(understood.filters)
    const implied = [...filters, ...understood.filters]
    interpretation = {
      constraints: understood.constraints,
      name_words: understood.nameWords,
      dropped_words: understood.droppedWords,
      unmatched_words: [],
    }
    if (understood.nameWords.length === 0 && read === null) {
      // No word at all ("..", "!?"): nothing matches, as before q was read.
      result = { ...exactTotal(0), docs: [] }
    } else if (understood.nameWords.length === 0) {
      // Only constraints: browsing by them.
      result = await browsePlants(store.reader, window, implied)
    } else {
      const names = await namesToSearch(store, understood.nameWords, queryWords.words)
      interpretation.name_words = names.kept
      interpretation.unmatched_words = names.unmatched
      const query = { ...window, plan: names.plan, filter: asked, filters }
      result = await constraintsFirst(store, query, { readFilters: understood.filters, implied })
    }
  }
  const pagination = countedPagination(page, perPage, result)
  return {
    json: plantListJson(result.docs, pagination, {
      interpretation: { ...interpretation, ignored_parameters: ignored },
    }),
    ignored,
    estimated: result.estimated,
  }
}

/** How the answer says it read `q`. */
export interface Interpretation {
  constraints: ConstraintJson[]
  name_words: string[]
  dropped_words: string[]
  unmatched_words: string[]
}

/** searchPlants as objects, for the website's search page. */
export async function searchPlantList(
  store: Store,
  params: SearchParams,
): Promise<PlantList & { interpretation: Interpretation }> {
  return readPlantList((await searchPlants(store, params)).json)
}

function searchNeedsSomething() {
  return new AppError(
    'badRequest',
    'Parameter q is required unless a facet or range is given: the words to search for, or attribute filters ' +
      'to browse by (Layer=Shrubs, Height=1..3).',
  )
}

/** With constraints read from `q`, the answer comes in four parts, the page taken across them: a plant whose
 * whole name the name words are ("apple tree" is the apple, whatever its Layer); the plants matching the
 * names that meet every constraint; the plants that meet every constraint without matching the names, in
 * id order (a word such as "wall" in "climbers for a sunny wall" names no plant the person wants); then the
 * plants matching the names that do not meet them. Each text part in the usual ranking. A part's total
 * places the parts after it, and it is exact whenever a later part is read: a part counted past its limit
 * has matches past the page, which it fills (paging.ts countLimit). */
async function constraintsFirst(
  store: Store,
  query: SearchQuery,
  { readFilters, implied }: { readFilters: readonly PlantFilter[]; implied: readonly PlantFilter[] },
): Promise<SearchResult> {
  if (readFilters.length === 0) return searchIndexOf(store).find(store.reader, query)
  // The filters tested on each plant matching the words where that costs less than their sets, as a
  // search's filters are (full-text-search.ts withFilterForm): the parts combine the words with them.
  const testedEach = (await searchIndexOf(store).filterTests(store.reader, query.plan, implied)) ?? undefined
  const read = filterCondition(readFilters, sql`p.id`, testedEach)!
  const asked = filterCondition(query.filters ?? [], sql`p.id`, testedEach)
  const named =
    query.plan.phrases.length > 0
      ? sql`p.id IN (SELECT plant_id FROM search_names WHERE kind = 0 AND name IN (${sql.join(query.plan.phrases)}))`
      : sql`1 = 0`
  const names = searchIndexOf(store).matching(query.plan) ?? sql`1 = 0`
  // The third part is browsed: the constraints are its filters (`implied`), and it matches neither.
  const neither = sql`(NOT ${names} AND NOT ${named})`
  const parts: { browse: boolean; filter: RawBuilder<unknown> }[] = [
    { browse: false, filter: named },
    { browse: false, filter: sql`(${read} AND NOT ${named})` },
    { browse: true, filter: sql`(${read} AND ${neither})` },
    { browse: false, filter: sql`(NOT ${read} AND NOT ${named})` },
  ]
  let total = 0
  let estimated = false
  const docs: string[] = []
  for (const part of parts) {
    const inPart = { ...query, filter: bothConditions(asked, part.filter), filters: undefined }
    const window = { ...inPart, limit: query.limit - docs.length, offset: Math.max(0, query.offset - total) }
    const found =
      window.limit === 0 && !part.browse
        ? { ...(await searchIndexOf(store).count(store.reader, inPart, countLimit(window))), docs: [] }
        : part.browse
          ? await browsePlants(store.reader, window, implied, { beyond: neither })
          : await searchIndexOf(store).find(store.reader, window)
    total += found.total
    estimated ||= found.estimated
    docs.push(...found.docs)
  }
  return { total, estimated, docs }
}

// When no plant matches every word, the words that match least are left out, one at a time, a few times
// at most: "Tropaeolum majus" finds Nasturtium (Tropaeolum spp.), ranked by the words it does match.
const MOST_WORDS_LEFT_OUT = 4

/** The plan of the name words, and which of them were left out because no plant matches them with the
 * others, whatever the filters (a filter narrows a search, it never turns it into another one) (Meilisearch's matchingStrategy "last", Elasticsearch's minimum_should_match). */
async function namesToSearch(
  store: Store,
  words: string[],
  vocabulary: WordLookup,
): Promise<{ plan: QueryPlan; kept: string[]; unmatched: string[] }> {
  const plan = await planQuery(store.reader, words.join(' '), vocabulary)
  // Only whether any plant matches: the count stops at the first.
  const count = async (groups: QueryPlan['groups']) => {
    const plan = { groups, groupWords: [], phrases: [], fuzzyPhrases: [] }
    const query = { type: null, filter: null, plan, limit: 1, offset: 0 }
    return (await searchIndexOf(store).count(store.reader, query, 1)).total
  }
  if (plan.groups.length < 2 || (await count(plan.groups)) > 0) return { plan, kept: words, unmatched: [] }
  // Words that match as typed are kept before words that only match corrected, then in the order typed:
  // the last words go first, those matching nothing at once.
  const matches = await Promise.all(plan.groups.map((group) => count([group])))
  const exact = await Promise.all(
    plan.groups.map((group) => {
      const typed = withoutCorrections(group)
      return typed === null ? Promise.resolve(0) : count([typed])
    }),
  )
  let kept = plan.groups.map((_, index) => index).filter((index) => matches[index]! > 0)
  kept.sort((a, b) => Number(exact[b]! > 0) - Number(exact[a]! > 0) || a - b)
  for (let round = 0; kept.length > 1 && round < MOST_WORDS_LEFT_OUT; round++) {
    if ((await count(kept.map((index) => plan.groups[index]!))) > 0) break
    kept = kept.slice(0, -1)
  }
  if (kept.length > 1 && (await count(kept.map((index) => plan.groups[index]!))) === 0)
    kept = kept.slice(0, 1)
  if (kept.length === 0) return { plan, kept: words, unmatched: [] }
  const keptWords = new Set(kept.flatMap((index) => plan.groupWords[index]!))
  const inOrder = words.filter((word) => keptWords.has(foldedPhrase(word)))
  return {
    plan: await planQuery(store.reader, inOrder.join(' '), vocabulary),
    kept: inOrder,
    unmatched: words.filter((word) => !keptWords.has(foldedPhrase(word))),
  }
}

export async function findExactPlants(store: Store, request: ExactRequest): Promise<string> {
  const docs = await findExact(
    store.reader,
    request.scientific_name,
    toPlantType(request.type),
    request.name ?? null,
  )
  return `{"plants":[${docs.join(',')}]}`
}

/** POST /search carries either the full-text form (q, facets or both) or the exact form, never both. */
export function searchFormOf(body: {
  q?: unknown
  scientific_name?: unknown
  type?: unknown
}): 'text' | 'exact' {
  if (body.q !== undefined && body.scientific_name !== undefined) {
    throw validationFailed([
      { field: 'q', problem: 'send either q (full-text search) or scientific_name (exact match), not both' },
      {
        field: 'scientific_name',
        problem: 'send either q (full-text search) or scientific_name (exact match), not both',
      },
    ])
  }
  if (body.scientific_name !== undefined) {
    if (body.type === undefined) {
      throw validationFailed([{ field: 'type', problem: 'required with scientific_name: Plant or Variety' }])
    }
    return 'exact'
  }
  const facets = Object.keys(body).filter((name) => !(SEARCH_PARAMETERS as readonly string[]).includes(name))
  if (body.q === undefined && facets.length === 0) {
    throw validationFailed([
      {
        field: 'q',
        problem:
          'required unless a facet or range is given: the text to search for, attribute filters to browse by, ' +
          'or scientific_name and type for an exact match',
      },
    ])
  }
  return 'text'
}
