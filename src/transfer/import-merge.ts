// What an import line changes on a plant that is already there. Importing never destroys: a list-valued
// attribute (Alternate name) gets the line's names added to its own; any other value that is already
// there and differs is kept, unless the import overwrites. The counts go into the import summary.
import { ALTERNATE_NAME_KEY, type Attribute, type Plant, type PlantType } from '../plants/plant.ts'

/** Attributes whose value is a comma-separated list of names: an import adds names, never removes one. */
const LIST_VALUED_KEYS: ReadonlySet<string> = new Set([ALTERNATE_NAME_KEY])

/** The longest attribute value the API accepts (AttributeSchema). */
const VALUE_LIMIT = 2000

export interface IncomingFields {
  type: PlantType
  parent_id: number | null
  description?: string | undefined
  data?: Attribute[] | undefined
}

export interface MergedFields {
  /** Only the fields to change; empty when the line changes nothing. */
  changes: Partial<IncomingFields>
  /** Values already there that differ from the line's and were left as they were. */
  kept: number
  /** Values already there that the line replaced (only with `overwrite`). */
  overwritten: number
}

export function mergeIncoming(current: Plant, incoming: IncomingFields, overwrite: boolean): MergedFields {
  const changes: Partial<IncomingFields> = {}
  let kept = 0
  let overwritten = 0
  /** A value there and different: replaced with `overwrite`, else kept. Returns whether to replace. */
  const differs = (): boolean => {
    if (overwrite) overwritten++
    else kept++
    return overwrite
  }

  if (incoming.type !== current.type || incoming.parent_id !== current.parent_id) {
    if (differs()) {
      changes.type = incoming.type
      changes.parent_id = incoming.parent_id
    }
  }
  const description = incoming.description ?? ''
  if (description && description !== current.description && (!current.description || differs()))
    changes.description = description

  const data: Attribute[] = []
  for (const { key, value } of incoming.data ?? []) {
    const existing = current.data.find((attribute) => attribute.key === key)
    if (!existing) data.push({ key, value })
    else if (LIST_VALUED_KEYS.has(key)) {
      const united = unite(existing.value, value)
      if (united.leftOut) kept++
      if (united.value !== existing.value) data.push({ key, value: united.value })
    } else if (existing.value !== value && differs()) data.push({ key, value })
  }
  if (data.length > 0) changes.data = data
  return { changes, kept, overwritten }
}

/**
 * The names already there, then the line's names that are not among them (compared without case or
 * surrounding spaces), up to the API's value limit; names past it are left out.
 */
function unite(existing: string, incoming: string): { value: string; leftOut: boolean } {
  const names = splitList(existing)
  const known = new Set(names.map((name) => name.toLowerCase()))
  let value = names.join(', ')
  let leftOut = false
  for (const name of splitList(incoming)) {
    if (known.has(name.toLowerCase())) continue
    const next = value ? `${value}, ${name}` : name
    if (next.length > VALUE_LIMIT) {
      leftOut = true
      continue
    }
    known.add(name.toLowerCase())
    value = next
  }
  // An untouched list keeps its exact spelling, spacing included.
  return { value: value === names.join(', ') ? existing : value, leftOut }
}

function splitList(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
}
