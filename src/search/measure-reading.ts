// Numbers in `q` with what they measure: a hardiness zone, a soil pH, a size with its unit, a sowing window
// (window-reading.ts), days or degrees of a key (key-number-reading.ts), a winter low.
// Each reads the numeric key the vocabulary names for it, and only while the registry has it numeric.
import { normalizeFacet } from '../plants/plant.ts'
import type { PhraseBook } from './phrase-book.ts'
import type { ReadConstraint } from './query-reading.ts'
import { longestOf, split, texts, type Token } from './query-tokens.ts'
import { readKeyNumber } from './key-number-reading.ts'
import { readWindow } from './window-reading.ts'

export interface Measured {
  constraint: ReadConstraint
  next: number
}

/** A number and what it measures, starting at `index`: a zone, a pH, a size with its unit. */
export function readMeasure(tokens: Token[], index: number, book: PhraseBook): Measured | null {
  return (
    readZone(tokens, index, book) ??
    readPh(tokens, index, book) ??
    readSize(tokens, index, book) ??
    readWindow(tokens, index, book) ??
    readKeyNumber(tokens, index, book) ??
    readColdest(tokens, index, book)
  )
}

const FAHRENHEIT = new Set(['degree', 'f', 'fahrenheit'])
const CELSIUS = new Set(['c', 'celsius'])

/** A winter low, "-40 degrees", "-30 f", "-35 c": the USDA zone whose range holds it (zone 1 starts at
 * −60 °F, each zone 10 °F warmer), so the plants hardy there. Degrees without a scale are Fahrenheit, the
 * scale USDA zones are drawn in. */
function readColdest(tokens: Token[], index: number, book: PhraseBook): Measured | null {
  const degrees = tokens[index]?.number
  const scale = tokens[index + 1]?.word
  if (degrees == null || scale === undefined) return null
  const celsius = CELSIUS.has(scale) || (scale === 'degree' && CELSIUS.has(tokens[index + 2]?.word ?? ''))
  if (!celsius && !FAHRENHEIT.has(scale)) return null
  const key = keyOf(book, book.vocabulary.hardiness.key)
  if (!key) return null
  const next =
    index + (scale === 'degree' && /^[cf]$|celsius|fahrenheit/.test(tokens[index + 2]?.word ?? '') ? 3 : 2)
  const fahrenheit = celsius ? (degrees * 9) / 5 + 32 : degrees
  const zone = Math.min(13, Math.max(1, Math.floor((fahrenheit + 60) / 10) + 1))
  return {
    constraint: {
      meaning: { kind: 'range', ...key, min: null, max: zone },
      words: texts(tokens, index, next - index),
    },
    next,
  }
}

/** A number, or a range of two ("6-7", "6 to 7", "6 and 7" after "between"): [low, high, next]. */
function numbersAt(tokens: Token[], index: number): [number, number, number] | null {
  const first = tokens[index]?.number
  if (first === undefined || first === null) return null
  const separator = tokens[index + 1]?.word
  const second = tokens[index + 2]?.number
  if ((separator === '-' || separator === 'to' || separator === 'and') && second != null) {
    return [Math.min(first, second), Math.max(first, second), index + 3]
  }
  return [first, first, index + 1]
}

/** A numeric key in use, as the registry spells it; null when no plant has numbers for it. */
function keyOf(book: PhraseBook, key: string): { key: string; keyNorm: string } | null {
  const found = book.numericKeys.get(normalizeFacet(key))
  return found ? { key: found.key, keyNorm: found.keyNorm } : null
}

function readZone(tokens: Token[], index: number, book: PhraseBook): Measured | null {
  const { hardiness } = book.vocabulary
  const key = keyOf(book, hardiness.key)
  const length = key ? longestOf(tokens, index, split(hardiness.say)) : 0
  if (!key || length === 0) return null
  const numbers = numbersAt(tokens, index + length)
  if (!numbers) return null
  // A plant survives the zones from its own (the coldest) up: "zone 4" and "zones 4-7" are ≤ 4.
  const [coldest, , afterNumbers] = numbers
  const next = tokens[afterNumbers]?.word === 'winter' ? afterNumbers + 1 : afterNumbers
  return {
    constraint: {
      meaning: { kind: 'range', ...key, min: null, max: Math.floor(coldest) },
      words: texts(tokens, index, next - index),
    },
    next,
  }
}

function readPh(tokens: Token[], index: number, book: PhraseBook): Measured | null {
  const { ph } = book.vocabulary
  const key = keyOf(book, ph.key)
  if (!key) return null
  // The comparison before "ph" ("above ph 8") or after it ("ph above 8").
  const comparisonAt = (at: number) => {
    const more = longestOf(tokens, at, split(book.vocabulary.more_than))
    return { more, less: more === 0 ? longestOf(tokens, at, split(book.vocabulary.less_than)) : 0 }
  }
  const before = comparisonAt(index)
  let at = index + before.more + before.less
  const length = longestOf(tokens, at, split(ph.say))
  if (length === 0) return null
  at += length
  const { more, less } = before.more + before.less > 0 ? before : comparisonAt(at)
  if (before.more + before.less === 0) at += more + less
  const numbers = numbersAt(tokens, at)
  if (!numbers || numbers[1] > 14) return null
  const [low, high, next] = numbers
  return {
    constraint: {
      meaning: {
        kind: 'range',
        ...key,
        min: less > 0 ? null : low,
        max: more > 0 ? null : high,
      },
      words: texts(tokens, index, next - index),
    },
    next,
  }
}

/** "taller than 30 m", "under 10 cm", "between 1 and 2 ft", "2-3 m tall", "spacing over 30 cm". Without a
 * comparison or a range, "2 m tall" is read as within a quarter of it. */
function readSize(tokens: Token[], index: number, book: PhraseBook): Measured | null {
  const vocabulary = book.vocabulary
  const dimensions = Object.entries(vocabulary.dimensions).map(([key, words]) => [key, split(words)] as const)
  const dimensionAt = (at: number) => {
    for (const [key, phrases] of dimensions) {
      const length = longestOf(tokens, at, phrases)
      if (length > 0) return { key, length }
    }
    return null
  }
  const comparisonAt = (at: number) => {
    const more = longestOf(tokens, at, split(vocabulary.more_than))
    const less = more === 0 ? longestOf(tokens, at, split(vocabulary.less_than)) : 0
    return { more, less, between: more + less === 0 && tokens[at]?.word === 'between' ? 1 : 0 }
  }
  let at = index
  let { more, less, between } = comparisonAt(at)
  // "height over 2 m", "spacing under 30 cm": what it measures, then the comparison.
  const leading = more + less + between === 0 ? dimensionAt(at) : null
  if (leading) {
    at += leading.length
    ;({ more, less, between } = comparisonAt(at))
  }
  // The comparison itself may say what it measures: "taller than", "wider than".
  const compared = more + less > 0 ? dimensionAt(at) : null
  at += more + less + between
  const numbers = numbersAt(tokens, at)
  if (!numbers) return null
  const [low, high, afterNumbers] = numbers
  const unit = tokens[afterNumbers]?.word
  const metres = unit === undefined ? undefined : book.metresPer.get(unit)
  if (metres === undefined) return null
  at = afterNumbers + 1
  const trailing = dimensionAt(at)
  if (trailing) at += trailing.length
  const key = keyOf(book, (leading ?? compared ?? trailing)?.key ?? Object.keys(vocabulary.dimensions)[0]!)
  if (!key) return null
  const inKeyUnit = (value: number) => round(value * metres)
  const range = low !== high || between > 0
  const min = less > 0 ? null : more > 0 || range ? inKeyUnit(low) : inKeyUnit(low * 0.75)
  const max = more > 0 ? null : less > 0 || range ? inKeyUnit(high) : inKeyUnit(high * 1.25)
  return {
    constraint: { meaning: { kind: 'range', ...key, min, max }, words: texts(tokens, index, at - index) },
    next: at,
  }
}

/** Metres converted from feet or inches, to the precision the dataset keeps (1 mm). */
const round = (value: number) => Math.round(value * 1000) / 1000
