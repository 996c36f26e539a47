// A plant's number spans (plant_numbers, attribute-numbers.ts) as terms of PostgreSQL's full-text index,
// so that a search with words and a range filter finds the plants that may meet both inside the GIN index,
// an intersection of its lists, instead of testing each plant in the range against its words (about 3 µs
// a plant: "grass" with heights up to half a metre at a million plants tested 4,481 plants, 14 ms).
// A number's code is its quarter-octave. A span gives the code of its low end and of its high end, each
// at four block sizes (1, 4, 16 and 64 codes), so that every range of codes is a union of at most twelve
// blocks. The terms only narrow the search: the filter's own condition still decides (plant-filter.ts),
// so a code that puts a number in a wider block than needed costs a test, never a wrong answer.
import type { PlantFilter } from './plant-filter.ts'

/** A span of numbers of one key (normalized), as plant_numbers holds it. */
export interface NumberSpan {
  key: string
  low: number
  high: number
}

const SHIFTS = [0, 2, 4, 6] as const
const TOP_CODE = 255

/** The quarter-octave of a number, 1–255 (2^-31.75 to 2^31.75); 0 for zero and below. Never decreasing:
 * a number below another never has a greater code. */
export function numberCode(value: number): number {
  if (!(value > 0)) return 0
  return Math.min(TOP_CODE, Math.max(1, 128 + Math.floor(Math.log2(value) * 4)))
}

// `#` is never part of a word (words.ts), so a number term matches no typed word, whole or as a prefix.
const term = (end: 'l' | 'h', shift: number, block: number, key: string) => `#${end}${shift}:${block}:${key}`

/** The terms of a plant's spans, each once. */
export function numberTerms(spans: readonly NumberSpan[]): string[] {
  const terms = new Set<string>()
  for (const { key, low, high } of spans)
    for (const shift of SHIFTS) {
      terms.add(term('l', shift, numberCode(low) >> shift, key))
      terms.add(term('h', shift, numberCode(high) >> shift, key))
    }
  return [...terms]
}

/** The fewest aligned blocks that make up the codes `from`..`to`, as [shift, block]. */
function blocks(from: number, to: number): [number, number][] {
  const found: [number, number][] = []
  for (let code = from; code <= to;) {
    // The largest block that starts here and ends within the range (a block of one code always does).
    const shift = [...SHIFTS].reverse().find((s) => code % (1 << s) === 0 && code + (1 << s) - 1 <= to)!
    found.push([shift, code >> shift])
    code += 1 << shift
  }
  return found
}

/** The conditions on the terms that every plant meeting the range filters meets: alternatives of terms,
 * one list per bounded end (a span's low end at most the filter's max, its high end at least its min);
 * none for a filter of another kind, or an end that every number meets. */
export function rangeTermChoices(filters: readonly PlantFilter[]): string[][] {
  const choices: string[][] = []
  for (const filter of filters) {
    if (filter.kind !== 'range') continue
    const { keyNorm, min, max } = filter
    if (max !== null && numberCode(max) < TOP_CODE)
      choices.push(blocks(0, numberCode(max)).map(([shift, block]) => term('l', shift, block, keyNorm)))
    if (min !== null && numberCode(min) > 0)
      choices.push(
        blocks(numberCode(min), TOP_CODE).map(([shift, block]) => term('h', shift, block, keyNorm)),
      )
  }
  return choices
}
