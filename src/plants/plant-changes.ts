// Pure rules of a plant save: merging attributes and describing what changed, for the revision log.
import { normalizeFacet, type Attribute, type PlantType } from './plant.ts'

export interface FieldChange {
  field: string
  from: string | number | null
  to: string | number | null
}

export interface PlantFields {
  type: PlantType
  scientific_name: string
  name: string
  description: string
  parent_id: number | null
  slug: string
  data: Attribute[]
}

/** `data` is merged: a given key replaces the value of the same key in place, a new key is appended,
 * and no key is ever removed. */
export function mergeAttributes(current: Attribute[], incoming: Attribute[]): Attribute[] {
  const merged = current.map((attribute) => ({ ...attribute }))
  for (const { key, value } of incoming) {
    const existing = merged.find((attribute) => attribute.key === key)
    if (existing) existing.value = value
    else merged.push({ key, value })
  }
  return merged
}

/** `remove_data`: the keys named (matched as facets are: any case, spaces folded) are removed. */
export function removeAttributes(data: Attribute[], keys: readonly string[]): Attribute[] {
  const removed = new Set(keys.map(normalizeFacet))
  return data.filter(({ key }) => !removed.has(normalizeFacet(key)))
}

export const SCALAR_FIELDS = ['type', 'scientific_name', 'name', 'description', 'parent_id', 'slug'] as const

/** Every difference between two versions of a plant; `before` is null for a new plant. */
export function diffPlant(before: PlantFields | null, after: PlantFields): FieldChange[] {
  const changes: FieldChange[] = []
  for (const field of SCALAR_FIELDS) {
    const from = before ? before[field] : null
    if (from !== after[field]) changes.push({ field, from, to: after[field] })
  }
  const previous = new Map((before?.data ?? []).map(({ key, value }) => [key, value]))
  for (const { key, value } of after.data) {
    const from = previous.get(key) ?? null
    if (from !== value) changes.push({ field: `data.${key}`, from, to: value })
    previous.delete(key)
  }
  // What is left was removed: the change to null.
  for (const [key, value] of previous) changes.push({ field: `data.${key}`, from: value, to: null })
  return changes
}
