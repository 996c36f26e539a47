// Search: the full-text form (q, type, facets, offset paging) and the exact-match form.
import type { Db, Store } from '../db/store.ts'
import { unknownParameters, validationFailed } from '../errors.ts'
import { offsetPagination, offsetWindow, plantListJson, type PageRequest } from '../paging.ts'
import { ignoredParameter, type IgnoredParameter } from '../text/closest-name.ts'
import { findExact } from '../plants/plant.repository.ts'
import { normalizeFacet, type PlantType } from '../plants/plant.ts'
import { attributeKeysInUse, keysInUse } from '../attributes/attribute.service.ts'
import type { FacetFilter } from './search-index.ts'
import { planQuery } from './query-plan.ts'

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

/** A page of results as JSON, and the names the search ignored (also in the answer's interpretation). */
export interface SearchAnswer {
  json: string
  ignored: IgnoredParameter[]
}

export async function searchPlants(
  store: Store,
  params: SearchParams,
  { strict }: SearchOptions = { strict: false },
): Promise<SearchAnswer> {
  const { page, perPage, limit, offset } = offsetWindow(params)
  const { facets, ignored } = await facetFilters(store.reader, params, strict)
  const plan = await planQuery(store.reader, params.q ?? '')
  const result = await store.search.find(store.reader, {
    plan,
    type: params.type ? toPlantType(params.type) : null,
    facets,
    limit,
    offset,
  })
  const pagination = offsetPagination(page, perPage, result.total)
  return {
    json: plantListJson(result.docs, pagination, { interpretation: { ignored_parameters: ignored } }),
    ignored,
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

/** The facets of a search: every name that is not a search parameter is an attribute key in use (matched
 * case-insensitively), or it is ignored (an error when strict); an empty value or array asks for no filter
 * on that key. A misspelt facet therefore widens the page, and the answer says so. */
async function facetFilters(
  db: Db,
  params: SearchParams,
  strict: boolean,
): Promise<{ facets: FacetFilter[]; ignored: IgnoredParameter[] }> {
  const own = new Set<string>(SEARCH_PARAMETERS)
  const wanted = Object.entries(params)
    .filter(([name]) => !own.has(name))
    .map(([name, value]) => ({ name, values: [value as string | string[]].flat().filter(Boolean) }))
  if (wanted.length === 0) return { facets: [], ignored: [] }
  const keys = await keysInUse(
    db,
    wanted.map(({ name }) => name),
  )
  const unknown = wanted.filter(({ name }) => !keys.has(normalizeFacet(name))).map(({ name }) => name)
  const suggestFrom = unknown.length > 0 ? [...SEARCH_PARAMETERS, ...(await attributeKeysInUse(db))] : []
  if (unknown.length > 0 && strict) {
    throw unknownParameters(unknown, [...SEARCH_PARAMETERS], '/search', {
      takesAlso: ', and any attribute key in use as a facet (GET /api/attributes lists them)',
      suggestFrom,
    })
  }
  const byKey = new Map<string, Set<string>>()
  for (const { name, values } of wanted) {
    if (values.length === 0 || unknown.includes(name)) continue
    const key = normalizeFacet(name)
    const set = byKey.get(key) ?? new Set<string>()
    for (const value of values) set.add(normalizeFacet(value))
    byKey.set(key, set)
  }
  return {
    facets: [...byKey].map(([key, values]) => ({ key, values: [...values] })),
    ignored: unknown.map((name) => ignoredParameter(name, suggestFrom)),
  }
}

/** POST /search carries either the full-text form or the exact form, never both. */
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
  if (body.q === undefined) {
    throw validationFailed([
      {
        field: 'q',
        problem: 'required: the text to search for (or use scientific_name and type for an exact match)',
      },
    ])
  }
  return 'text'
}
