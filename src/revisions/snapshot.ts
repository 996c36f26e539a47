// A plant as it was at a version, from its revisions alone: version 1 records every field and attribute of
// the new plant (from null), and each later revision every field and attribute it changed (to null when an
// attribute was removed). Replayed in order, they give each version's fields and attributes, in the order
// the saves left them (a changed value in place, a new key at the end), which is the stored document's.
// Link changes (`links.*`) are not fields of the plant and are passed over. Pure: no database.
import { SCALAR_FIELDS, type FieldChange, type PlantFields } from '../plants/plant-changes.ts'
import type { Plant, PlantType } from '../plants/plant.ts'
import { plantLink } from '../plants/plant.ts'

export interface StoredRevision {
  version: number
  created_at: string
  changes: FieldChange[]
}

const DATA_PREFIX = 'data.'
const isScalarField = (field: string): field is (typeof SCALAR_FIELDS)[number] =>
  (SCALAR_FIELDS as readonly string[]).includes(field)

/** The fields and attributes after replaying `revisions` (oldest first) onto nothing. */
export function replayFields(revisions: readonly StoredRevision[]): PlantFields {
  const fields: PlantFields = {
    type: 'Plant',
    scientific_name: '',
    name: '',
    description: '',
    parent_id: null,
    slug: '',
    data: [],
  }
  for (const { changes } of revisions) {
    for (const { field, to } of changes) {
      if (field.startsWith(DATA_PREFIX)) setAttribute(fields, field.slice(DATA_PREFIX.length), to)
      else if (isScalarField(field)) setScalar(fields, field, to)
    }
  }
  return fields
}

function setAttribute(fields: PlantFields, key: string, value: string | number | null): void {
  const index = fields.data.findIndex((attribute) => attribute.key === key)
  if (value === null) {
    if (index >= 0) fields.data.splice(index, 1)
  } else if (index >= 0) fields.data[index] = { key, value: String(value) }
  else fields.data.push({ key, value: String(value) })
}

function setScalar(
  fields: PlantFields,
  field: (typeof SCALAR_FIELDS)[number],
  value: string | number | null,
): void {
  if (field === 'parent_id') fields.parent_id = typeof value === 'number' ? value : null
  else if (field === 'type') fields.type = value as PlantType
  else fields[field] = value === null ? '' : String(value)
}

/** The plant object at the last of `revisions` (versions 1 to n, oldest first). */
export function plantAt(id: number, revisions: readonly StoredRevision[]): Plant {
  const fields = replayFields(revisions)
  return {
    id,
    ...fields,
    version: revisions.at(-1)!.version,
    link: plantLink(fields.slug),
    created_at: revisions[0]!.created_at,
    updated_at: revisions.at(-1)!.created_at,
    images: { thumb: null, title: null },
  }
}
