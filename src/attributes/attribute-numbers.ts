// The numbers in attribute values, for range search: "0.61" is the span 0.61..0.61, "6.0-8.0" (or with an en
// dash, or "6 to 8") is 6..8. A value that is anything else (a unit, a word, a list) has no number: a range
// filter cannot match it, and it never counts as a guess.
import type { Attribute } from '../plants/plant.ts'
import { normalizeFacet } from '../plants/plant.ts'

interface NumberSpan {
  low: number
  high: number
}

const NUMBER = String.raw`[-−]?(?:\d{1,12}(?:\.\d{1,12})?|\.\d{1,12})`
const SPAN = new RegExp(`^(${NUMBER})(?:\\s*(?:-|–|—|\\.\\.|to)\\s*(${NUMBER}))?$`, 'i')

const toNumber = (text: string) => Number(text.replace('−', '-'))

/** The span of a value that is a number or a range of two; null for anything else. */
function numberSpan(value: string): NumberSpan | null {
  const match = SPAN.exec(value.trim())
  if (!match) return null
  const first = toNumber(match[1]!)
  const second = match[2] === undefined ? first : toNumber(match[2])
  if (!Number.isFinite(first) || !Number.isFinite(second)) return null
  return { low: Math.min(first, second), high: Math.max(first, second) }
}

export interface NumberRow {
  plant_id: number
  key: string
  low: number
  high: number
}

/** The number rows of a plant: the span of each value, or of each comma-separated element, by normalized
 * key. */
export function numberRows(plantId: number, data: readonly Attribute[]): NumberRow[] {
  const rows = new Map<string, NumberRow>()
  for (const { key, value } of data) {
    const keyNorm = normalizeFacet(key)
    for (const part of [value, ...(value.includes(',') ? value.split(',') : [])]) {
      const span = numberSpan(part)
      if (span)
        rows.set(`${keyNorm}\u0000${span.low}\u0000${span.high}`, {
          plant_id: plantId,
          key: keyNorm,
          ...span,
        })
    }
  }
  return [...rows.values()]
}
