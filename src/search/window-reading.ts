// Sowing and planting windows in `q`, read against the windows the calendar indexes (plant_windows):
// "8 weeks before the last frost", "10 weeks+ before frost", "before the last frost", "after the first
// frost". Which window (sow indoors, sow outdoors, transplant) is the one the query names elsewhere ("start
// seeds indoors 8 weeks before last frost"): resolveWindows, after the whole query is read; sowing outdoors
// where it names none. Days are counted from the frost, negative before it, as the calendar counts them.
import { WINDOW_KEYS, type CalendarAction, type FrostAnchor } from '../plants/frost-windows.ts'
import { normalizeFacet } from '../plants/plant.ts'
import type { Measured } from './measure-reading.ts'
import type { Meaning, PhraseBook } from './phrase-book.ts'
import type { ReadConstraint } from './query-reading.ts'
import { longestOf, split, texts, type Token } from './query-tokens.ts'

/** The window a query means where it names no other. */
const DEFAULT_WINDOW_KEY = 'When to sow (outdoors)'

/** "[N weeks[+]] before|after [the] [last|first] frost" at `index`. A frost without "last" or "first" is
 * the last (spring) one. */
export function readWindow(tokens: Token[], index: number, book: PhraseBook): Measured | null {
  let at = index
  let offset: { low: number; high: number; orMore: boolean } | null = null
  const count = tokens[at]?.number
  if (count != null) {
    let high = count
    at++
    if ((tokens[at]?.word === '-' || tokens[at]?.word === 'to') && tokens[at + 1]?.number != null) {
      high = tokens[at + 1]!.number!
      at += 2
    }
    const perUnit = book.daysPer.get(tokens[at]?.word ?? '')
    if (perUnit === undefined) return null
    at++
    const orMore = longestOf(tokens, at, split(book.vocabulary.or_more))
    at += orMore
    offset = {
      low: Math.min(count, high) * perUnit,
      high: Math.max(count, high) * perUnit,
      orMore: orMore > 0,
    }
  }
  const side = tokens[at]?.word
  if (side !== 'before' && side !== 'after') return null
  at++
  if (tokens[at]?.word === 'the') at++
  const anchorWord = tokens[at]?.word
  const anchor: FrostAnchor = anchorWord === 'first' ? 'first' : 'last'
  if (anchorWord === 'first' || anchorWord === 'last') at++
  if (tokens[at]?.word !== 'frost') return null
  at++
  // Before: day −high..−low; "10 weeks+ before" is any day from 70 before on. No number: any day before.
  let min: number | null
  let max: number | null
  if (!offset) [min, max] = side === 'before' ? [null, -1] : [1, null]
  else if (offset.orMore) [min, max] = side === 'before' ? [null, -offset.low] : [offset.low, null]
  else [min, max] = side === 'before' ? [-offset.high, -offset.low] : [offset.low, offset.high]
  const meaning: Meaning = {
    kind: 'window',
    key: DEFAULT_WINDOW_KEY,
    keyNorm: normalizeFacet(DEFAULT_WINDOW_KEY),
    action: WINDOW_KEYS[DEFAULT_WINDOW_KEY]!,
    anchor,
    min,
    max,
  }
  return { constraint: { meaning, words: texts(tokens, index, at - index) }, next: at }
}

/** Each window read takes the window key the query names ("start indoors" is When to sow (indoors)),
 * where it names one. */
export function resolveWindows(constraints: ReadConstraint[]): ReadConstraint[] {
  const named = constraints
    .map(({ meaning }) => meaning)
    .find((meaning) => meaning.kind === 'has' && actionOf(meaning.key) !== undefined)
  if (!named || named.kind !== 'has') return constraints
  const action = actionOf(named.key)!
  const { key, keyNorm } = named
  return constraints.map((constraint) =>
    constraint.meaning.kind === 'window'
      ? { ...constraint, meaning: { ...constraint.meaning, key, keyNorm, action } }
      : constraint,
  )
}

/** The calendar action of a window key ("When to sow (indoors)" is sow_indoors), or undefined. */
export const actionOf = (key: string): CalendarAction | undefined =>
  Object.entries(WINDOW_KEYS).find(([windowKey]) => normalizeFacet(windowKey) === normalizeFacet(key))?.[1]
