// How saves change the attribute registry: each plant counts once for every key it has and once for every
// value element it has (a comma-separated value counts once per element, as a facet matches it). A save
// adds +1 for what the plant gains and −1 for what it loses; a transaction collects the counts of all its
// saves and applies them at once, in key order (attribute.repository.ts).
import { indexedValue, normalizeFacet, type Attribute } from '../plants/plant.ts'
import { numberRows } from './attribute-numbers.ts'

export interface KeyCount {
  keyNorm: string
  /** The spelling shown, as first written: "Light requirement". */
  key: string
  delta: number
  /** Plants gained or lost whose value for the key is a number or a range (attribute-numbers.ts). */
  numberDelta: number
}

export interface ValueCount {
  keyNorm: string
  valueNorm: string
  value: string
  delta: number
}

interface RegistryEntry {
  key: string
  values: Map<string, string>
  numeric: boolean
}

/** The spelling shown: the text as written, with surrounding and repeated spaces removed. */
const displayed = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ')

/** A plant's registry entries: its keys, normalized, each with the normalized elements of its value. */
function registryEntries(data: Attribute[]): Map<string, RegistryEntry> {
  const entries = new Map<string, RegistryEntry>()
  for (const { key, value } of data) {
    const keyNorm = normalizeFacet(key)
    if (!keyNorm) continue
    const entry = entries.get(keyNorm) ?? {
      key: displayed(key),
      values: new Map<string, string>(),
      numeric: false,
    }
    if (numberRows(0, [{ key, value }]).length > 0) entry.numeric = true
    for (const element of value.split(',').map(displayed)) {
      const valueNorm = indexedValue(normalizeFacet(element))
      if (valueNorm && !entry.values.has(valueNorm)) entry.values.set(valueNorm, element)
    }
    entries.set(keyNorm, entry)
  }
  return entries
}

export class AttributeTally {
  readonly #keys = new Map<string, KeyCount>()
  readonly #values = new Map<string, ValueCount>()
  /** Counts whose spelling a saved plant has set, with that save's order. */
  readonly #spelled = new WeakMap<KeyCount | ValueCount, number>()
  #counted = 0

  /** Counts one save: the plant's data before (null for a new plant) and after. `order` is the save's
   * place in its batch (PlantSave.order); without it, saves come in the order they are counted. */
  count(before: Attribute[] | null, after: Attribute[], order = this.#counted): void {
    this.#counted = Math.max(this.#counted, order + 1)
    for (const [keyNorm, entry] of registryEntries(before ?? [])) this.#add(keyNorm, entry, -1, order)
    for (const [keyNorm, entry] of registryEntries(after)) this.#add(keyNorm, entry, +1, order)
  }

  /** The keys whose count changed, in key order (the order their rows are locked in). */
  keys(): KeyCount[] {
    return [...this.#keys.values()]
      .filter((count) => count.delta !== 0 || count.numberDelta !== 0)
      .sort((a, b) => compare(a.keyNorm, b.keyNorm))
  }

  /** The values whose count changed, in key and value order. */
  values(): ValueCount[] {
    return [...this.#values.values()]
      .filter((count) => count.delta !== 0)
      .sort((a, b) => compare(a.keyNorm, b.keyNorm) || compare(a.valueNorm, b.valueNorm))
  }

  #add(keyNorm: string, entry: RegistryEntry, delta: number, order: number) {
    const keyCount = this.#keys.get(keyNorm) ?? { keyNorm, key: entry.key, delta: 0, numberDelta: 0 }
    keyCount.delta += delta
    if (entry.numeric) keyCount.numberDelta += delta
    // A new key or value is spelled as the first plant saved with it writes it (the plant as saved, not
    // as it was before), whether the transaction saves one plant or the importer's thousands: first in
    // the batch's order, which the importer's grouped writes count out of (a line's update before the
    // new plants of the lines above it).
    if (delta > 0 && this.#spelledFirst(keyCount, order)) keyCount.key = entry.key
    this.#keys.set(keyNorm, keyCount)
    for (const [valueNorm, value] of entry.values) {
      const id = `${keyNorm}\u0000${valueNorm}`
      const valueCount = this.#values.get(id) ?? { keyNorm, valueNorm, value, delta: 0 }
      valueCount.delta += delta
      if (delta > 0 && this.#spelledFirst(valueCount, order)) valueCount.value = value
      this.#values.set(id, valueCount)
    }
  }

  /** Whether the save at `order` is the first so far to spell `count`; if so it is now. */
  #spelledFirst(count: KeyCount | ValueCount, order: number): boolean {
    const spelled = this.#spelled.get(count)
    if (spelled !== undefined && spelled <= order) return false
    this.#spelled.set(count, order)
    return true
  }
}

/** One fixed order for every transaction: rows are upserted in it, so concurrent ones lock them alike. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
