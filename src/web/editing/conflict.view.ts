// When someone saved a plant while a person was editing it: what they changed since the version the form was
// read at, what this person changed, and the form that puts this person's change on top of the current
// version. A three-way merge by field and by attribute: the current plant, with each field and attribute
// this person changed set to their value (theirs wins where both changed it, and the page says so).
import { fieldLabel } from '../common/change-words.tsx'
import type { Store } from '../../db/store.ts'
import type { Plant } from '../../plants/plant.ts'
import { diffPlant, type FieldChange, type PlantFields } from '../../plants/plant-changes.ts'
import { getPlants } from '../../plants/plant-reads.ts'
import { normalizeFacet } from '../../plants/plant.ts'
import { listRevisions, snapshot } from '../../revisions/revision.service.ts'
import { formResult, type PlantFormValues } from './plant-form-input.ts'

/** One field or attribute, before and after. */
export interface ChangeRow {
  label: string
  from: string
  to: string
  /** Changed by both: this person's value replaces the other's. */
  both?: boolean
}

interface SavedBetween {
  version: number
  author: string
  note: string
  created_at: string
  /** Companions, antagonists and pictures added or removed, which are not fields of the form. */
  links: string[]
}

export interface ConflictView {
  readVersion: number
  current: Plant
  saved: SavedBetween[]
  theirs: ChangeRow[]
  yours: ChangeRow[]
  /** The form again: the current plant with this person's change on top, at the current version. */
  merged: PlantFormValues
}

const LINKS: Record<string, [string, string]> = {
  'links.companion-to': ['added as a companion', 'removed as a companion'],
  'links.antagonist-to': ['added as an antagonist', 'removed as an antagonist'],
}
const PICTURES: Record<string, (from: FieldChange['from'], to: FieldChange['to']) => string> = {
  'images.added': (_, to) => `added picture ${to}`,
  'images.shown': (_, to) => (to === null ? 'shows no picture now' : `now shows picture ${to}`),
  'images.removed': (from) => `removed picture ${from}`,
}
const DATA = 'data.'
const MAX_SHOWN = 300

const fieldsOf = ({ type, scientific_name, name, description, parent_id, slug, data }: PlantFields) => ({
  type,
  scientific_name,
  name,
  description,
  parent_id,
  slug,
  data,
})

export async function conflictView(
  store: Store,
  current: Plant,
  readVersion: number,
  values: PlantFormValues,
  parentId: number | null,
): Promise<ConflictView> {
  const [base, history] = await Promise.all([
    snapshot(store.reader, current.id, readVersion),
    listRevisions(store, current.id, { per_page: 100 }),
  ])
  const mine = formResult(fieldsOf(base), values, parentId)
  const theirChanges = diffPlant(fieldsOf(base), fieldsOf(current))
  const yourChanges = diffPlant(fieldsOf(base), mine).filter(({ field }) => field !== 'slug')
  const merged = mergedFields(fieldsOf(current), yourChanges)
  const between = history.revisions.filter((revision) => revision.version > readVersion).reverse()

  const ids = new Set<number>()
  for (const { field, from, to } of [...theirChanges, ...yourChanges, ...between.flatMap((r) => r.changes)])
    if (field === 'parent_id' || field in LINKS)
      for (const id of [from, to]) if (typeof id === 'number') ids.add(id)
  if (merged.parent_id !== null) ids.add(merged.parent_id)
  const names = new Map((await getPlants(store, [...ids])).map((plant) => [plant.id, plant.name] as const))
  const shown = (field: string, value: FieldChange['from']) => {
    if (value === null) return field.startsWith(DATA) ? '(not set)' : '—'
    if (field === 'parent_id' && typeof value === 'number') return names.get(value) ?? `plant ${value}`
    const text = String(value)
    return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text
  }
  const label = (field: string) => (field.startsWith(DATA) ? field.slice(DATA.length) : fieldLabel(field))
  const theirFields = new Set(theirChanges.map(({ field }) => field))
  const now = fieldsOf(current)
  const parentText =
    merged.parent_id === null ? '' : (names.get(merged.parent_id) ?? String(merged.parent_id))

  return {
    readVersion,
    current,
    saved: between.map(({ version, author, note, created_at, changes }) => ({
      version,
      author,
      note,
      created_at,
      links: changes.flatMap(({ field, from, to }) => {
        const picture = PICTURES[field]
        if (picture) return [picture(from, to)]
        const words = LINKS[field]
        const other = to ?? from
        if (!words || typeof other !== 'number') return []
        return [`${names.get(other) ?? `plant ${other}`} ${to === null ? words[1] : words[0]}`]
      }),
    })),
    theirs: theirChanges.map(({ field, from, to }) => ({
      label: label(field),
      from: shown(field, from),
      to: shown(field, to),
    })),
    yours: yourChanges.flatMap(({ field, to }) => {
      const before = valueIn(now, field)
      if (before === to) return []
      const row = { label: label(field), from: shown(field, before), to: shown(field, to) }
      return [theirFields.has(field) ? { ...row, both: true } : row]
    }),
    merged: {
      ...values,
      name: merged.name,
      scientific_name: merged.scientific_name,
      description: merged.description,
      type: merged.type,
      parentId: merged.parent_id,
      parent: parentText,
      parentShown: parentText,
      ...mergedRows(now, yourChanges),
    },
  }
}

/** A field's or attribute's value in `fields`, as a revision records it. */
function valueIn(fields: PlantFields, field: string): FieldChange['from'] {
  if (!field.startsWith(DATA)) {
    const value = (fields as unknown as Record<string, unknown>)[field]
    return typeof value === 'string' || typeof value === 'number' ? value : null
  }
  const key = field.slice(DATA.length)
  return fields.data.find((attribute) => attribute.key === key)?.value ?? null
}

/** The current fields with this person's changed fields set to their values. */
function mergedFields(current: PlantFields, yours: FieldChange[]): PlantFields {
  const merged = { ...current }
  for (const { field, to } of yours) {
    if (field === 'parent_id') merged.parent_id = typeof to === 'number' ? to : null
    else if (field === 'type') merged.type = to === 'Variety' ? 'Variety' : 'Plant'
    else if (field === 'name' || field === 'scientific_name' || field === 'description')
      merged[field] = String(to ?? '')
  }
  return merged
}

/** The attribute rows of the merged form: the current attributes, with this person's values and removals
 * (a removal shown as a ticked "Remove"), and the keys they added that the plant does not have now. */
function mergedRows(
  current: PlantFields,
  yours: FieldChange[],
): Pick<PlantFormValues, 'attributes' | 'added'> {
  const set = new Map<string, string | null>()
  for (const { field, to } of yours)
    if (field.startsWith(DATA)) set.set(field.slice(DATA.length), to === null ? null : String(to))
  const removed = new Set([...set].filter(([, value]) => value === null).map(([key]) => normalizeFacet(key)))
  const attributes = current.data.map(({ key, value }) => {
    const mine = set.get(key)
    set.delete(key)
    return { key, value: mine ?? value, remove: removed.has(normalizeFacet(key)) }
  })
  const added = [...set].flatMap(([key, value]) => (value === null ? [] : [{ key, value }]))
  return { attributes, added }
}
