// Search: the full-text form (q, type, facets, offset paging) and the exact-match form.
import type { Store } from '../db/store.ts'
import { validationFailed } from '../errors.ts'
import { offsetPagination, offsetWindow, plantListJson, type PageRequest } from '../paging.ts'
import { findExact } from '../plants/plant.repository.ts'
import { normalizeFacet, type PlantType } from '../plants/plant.ts'
import { searchTerms, type FacetFilter } from './search-index.ts'

export type TypeParam = 'Plant' | 'Species' | 'Variety'

export interface SearchRequest extends PageRequest {
  q: string
  type?: TypeParam | undefined
  /** Every other parameter: an attribute key and its wanted value(s). */
  facets: Record<string, string | string[]>
}

export interface ExactRequest {
  scientific_name: string
  type: TypeParam
  name?: string | undefined
}

export const toPlantType = (type: TypeParam): PlantType => (type === 'Variety' ? 'Variety' : 'Plant')

export async function searchPlants(store: Store, request: SearchRequest): Promise<string> {
  const { page, perPage, limit, offset } = offsetWindow(request)
  const terms = searchTerms(request.q)
  const result = await store.search.find(store.reader, {
    terms,
    phrase: terms.join(' '),
    type: request.type ? toPlantType(request.type) : null,
    facets: facetFilters(request.facets),
    limit,
    offset,
  })
  return plantListJson(result.docs, offsetPagination(page, perPage, result.total))
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

function facetFilters(facets: Record<string, string | string[]>): FacetFilter[] {
  const byKey = new Map<string, Set<string>>()
  for (const [key, wanted] of Object.entries(facets)) {
    const facetKey = normalizeFacet(key)
    const values = byKey.get(facetKey) ?? new Set<string>()
    for (const value of [wanted].flat()) values.add(normalizeFacet(value))
    byKey.set(facetKey, values)
  }
  return [...byKey].map(([key, values]) => ({ key, values: [...values] }))
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
