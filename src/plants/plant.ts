// The plant as the interface defines it, and the presenter that turns a stored row into the served
// document. The document is built once per save and stored, so reads send it without re-assembly.

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
  data: Attribute[],
): { plant_id: number; key: string; value: string }[] {
  const rows = new Map<string, { plant_id: number; key: string; value: string }>()
  for (const { key, value } of data) {
    const facetKey = normalizeFacet(key)
    for (const facetValue of [value, ...value.split(',')].map(normalizeFacet)) {
      if (facetValue)
        rows.set(`${facetKey}\u0000${facetValue}`, { plant_id: plantId, key: facetKey, value: facetValue })
    }
  }
  return [...rows.values()]
}

/** Facets match case-insensitively and ignore surrounding and repeated spaces. */
export function normalizeFacet(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
}

export const ALTERNATE_NAME_KEY = 'Alternate name'

/** The longest attribute key accepted. */
export const ATTRIBUTE_KEY_MAX_LENGTH = 100
