// The plant model: the plant as the interface defines it, the presenter that turns it into the served
// document, and the rules of its attributes every index shares (facets, their normalization, the limits).
// A leaf: it imports nothing of the application, so every folder may import it. The document is built once
// per save and stored, so reads send it without re-assembly.
import { createHash } from 'node:crypto'

export type PlantType = 'Plant' | 'Variety'

export interface Attribute {
  key: string
  value: string
}

export interface Images {
  thumb: string | null
  title: string | null
}

export interface Plant {
  id: number
  type: PlantType
  scientific_name: string
  name: string
  version: number
  description: string
  link: string
  slug: string
  parent_id: number | null
  updated_at: string
  created_at: string
  images: Images
  data: Attribute[]
}

/** Writes the fields in the interface's order and nothing else: the stored document is the whitelist. */
export function plantDocument(plant: Plant): string {
  const doc: Plant = {
    id: plant.id,
    type: plant.type,
    scientific_name: plant.scientific_name,
    name: plant.name,
    version: plant.version,
    description: plant.description,
    link: plantLink(plant.slug),
    slug: plant.slug,
    parent_id: plant.parent_id,
    updated_at: plant.updated_at,
    created_at: plant.created_at,
    images: { thumb: plant.images.thumb, title: plant.images.title },
    data: plant.data.map(({ key, value }) => ({ key, value })),
  }
  return JSON.stringify(doc)
}

export function plantLink(slug: string): string {
  return `/plants/${slug}`
}

/** The facet index rows of a plant: each value whole, and each element of a comma-separated value. */
export function facetRows(
  plantId: number,
  data: readonly Attribute[],
): { plant_id: number; key: string; value: string }[] {
  const rows = new Map<string, { plant_id: number; key: string; value: string }>()
  for (const { key, value } of data) {
    const facetKey = normalizeFacet(key)
    for (const facetValue of [value, ...value.split(',')].map(normalizeFacet).map(indexedValue)) {
      if (facetValue)
        rows.set(`${facetKey}\u0000${facetValue}`, { plant_id: plantId, key: facetKey, value: facetValue })
    }
  }
  return [...rows.values()]
}

/** A facet value in a query is at most this long. */
export const FACET_VALUE_MAX_LENGTH = 200

/** How the facet index and the attribute registry store a normalized value: as it is, or when it is longer
 * than any facet value a query can hold, as its start and a hash of the whole. An index entry must stay
 * under PostgreSQL's limit (about 2.7 kB), which 2,000 characters of CJK text exceed; the long value is
 * still one entry of its own. */
export function indexedValue(normalized: string): string {
  if (normalized.length <= FACET_VALUE_MAX_LENGTH) return normalized
  const hash = createHash('sha256').update(normalized).digest('base64url').slice(0, 22)
  return `${normalized.slice(0, FACET_VALUE_MAX_LENGTH)}…${hash}`
}

/** Facets match case-insensitively and ignore surrounding and repeated spaces. */
export function normalizeFacet(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
}

export const ALTERNATE_NAME_KEY = 'Alternate name'

/** The longest attribute key accepted. */
export const ATTRIBUTE_KEY_MAX_LENGTH = 100

/** The most elements a comma-separated attribute value may list: each is a facet row and a registry count,
 * and a bound keeps one save small. */
export const MAX_LIST_ELEMENTS = 100
