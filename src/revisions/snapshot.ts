// A plant as it was at a version, from its revisions alone: version 1 records every field and attribute of
// the new plant (from null), and each later revision every field and attribute it changed (to null when an
// attribute was removed). Replayed in order, they give each version's fields and attributes, in the order
// the saves left them (a changed value in place, a new key at the end), which is the stored document's.
// Link changes (`links.*`) are not fields of the plant and are passed over; of the picture changes
// (`images.*`), the picture shown at each version is kept. Pure: no database.
import { SCALAR_FIELDS, type FieldChange, type PlantFields } from '../plants/plant-changes.ts'
import type { Plant, PlantType } from '../plants/plant.ts'
import { plantLink } from '../plants/plant.ts'
import { imagesOf } from '../images/image-paths.ts'

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

/** The id of the picture shown after `revisions`, or null. */
export function shownImageAt(revisions: readonly StoredRevision[]): number | null {
  let shown: number | null = null
  for (const { changes } of revisions) {
    for (const { field, to } of changes)
      if (field === 'images.shown') shown = typeof to === 'number' ? to : null
  }
  return shown
}

/** The plant object at the last of `revisions` (versions 1 to n, oldest first); `removedImages` are
 * pictures removed since, shown as none: a removed picture is gone from every answer. */
export function plantAt(
  id: number,
  revisions: readonly StoredRevision[],
  removedImages: ReadonlySet<number> = new Set(),
): Plant {
  const fields = replayFields(revisions)
  const shown = shownImageAt(revisions)
  return {
    id,
    ...fields,
    version: revisions.at(-1)!.version,
    link: plantLink(fields.slug),
    created_at: revisions[0]!.created_at,
    updated_at: revisions.at(-1)!.created_at,
    images: imagesOf(shown === null || removedImages.has(shown) ? null : shown),
  }
}
