// Numbers in `q` read by the key they belong to, for every numeric key the vocabulary gives a unit of
// time or temperature (data/gardeners-phrases.json, `units`): "ready in under 50 days", "60 day crops",
// "days to maturity 70-90", "120+ days", "60 days or less", "germinate at 10c", "soil is 60F". The key is
// the one its name says ("days to maturity 70-90"), else the one the unit says: a number of days, weeks or
// months is the key counted in days; degrees are the key counted in °C only where the query speaks of
// germination or the soil (elsewhere degrees are a winter low: measure-reading.ts).
import { normalizeFacet } from '../plants/plant.ts'
import type { Meaning, PhraseBook } from './phrase-book.ts'
import type { Measured } from './measure-reading.ts'
import { longestOf, split, texts, type Token } from './query-tokens.ts'

const CELSIUS = new Set(['c', 'celsius'])
const FAHRENHEIT = new Set(['f', 'fahrenheit'])
const DEGREE = 'degree'
const WINDOW_WORDS = new Set(['before', 'after', 'ago', 'from'])

interface NumericKey {
  key: string
  keyNorm: string
  unit: string
}

/** The numeric keys in use that the vocabulary gives a unit of time ("days") or temperature ("°C"). */
function keysWithUnits(book: PhraseBook): NumericKey[] {
  return Object.entries(book.vocabulary.units).flatMap(([key, unit]) => {
    const found = typeof unit === 'string' ? book.numericKeys.get(normalizeFacet(key)) : undefined
    return found && (unit === 'days' || unit === '°C')
      ? [{ key: found.key, keyNorm: found.keyNorm, unit }]
      : []
  })
}

export function readKeyNumber(tokens: Token[], index: number, book: PhraseBook): Measured | null {
  const keys = keysWithUnits(book)
  if (keys.length === 0) return null
  const vocabulary = book.vocabulary
  let at = index
  const named = keyNamedAt(tokens, at, keys, book)
  if (named) at += named.length
  // "ready in under 50 days": a comparison may follow another of its side.
  let more = 0
  let less = 0
  for (let step = 0; step < 2; step++) {
    const moreHere = less > 0 ? 0 : longestOf(tokens, at, split(vocabulary.more_than))
    const lessHere = more > 0 || moreHere > 0 ? 0 : longestOf(tokens, at, split(vocabulary.less_than))
    more += moreHere
    less += lessHere
    at += moreHere + lessHere
  }
  const first = tokens[at]?.number ?? numberWord(tokens, at, book)
  if (first == null) return null
  let low = first
  let high = first
  at++
  if ((tokens[at]?.word === '-' || tokens[at]?.word === 'to') && tokens[at + 1]?.number != null) {
    high = tokens[at + 1]!.number!
    ;[low, high] = [Math.min(low, high), Math.max(low, high)]
    at += 2
  }
  // "120+ days": the plus (or "or more") may come before the unit as well as after it.
  const orMoreFirst = longestOf(tokens, at, split(vocabulary.or_more))
  at += orMoreFirst
  const unit = unitAt(tokens, at, book)
  if (unit) at += unit.length
  // "8 weeks before the last frost" is a sowing window, not a crop's days.
  if (unit?.kind === 'days' && WINDOW_WORDS.has(tokens[at]?.word ?? '')) return null
  const key = named?.key ?? (unit && keyForUnit(keys, unit.kind, tokens, book))
  if (!key || (unit && unit.kind !== key.unit)) return null
  if (!unit && !named) return null
  const orMore = orMoreFirst || longestOf(tokens, at, split(vocabulary.or_more))
  const orLess = orMore === 0 ? longestOf(tokens, at, split(vocabulary.or_less)) : 0
  at += orMore - orMoreFirst + orLess
  const trailing = named ? null : keyNamedAt(tokens, at, [key], book)
  if (trailing) at += trailing.length
  const inKeyUnit = (value: number) => round(unit ? unit.toKeyUnit(value) : value)
  const atLeast = more > 0 || orMore > 0
  const atMost = less > 0 || orLess > 0 || (!atLeast && vocabulary.at_most_keys.includes(key.key))
  const range = low !== high
  // A bare number is about that much: within a quarter of it, as sizes are read (measure-reading.ts).
  const min = atMost ? null : atLeast || range ? inKeyUnit(low) : inKeyUnit(low * 0.75)
  const max = atLeast ? null : atMost || range ? inKeyUnit(high) : inKeyUnit(high * 1.25)
  const meaning: Meaning = { kind: 'range', key: key.key, keyNorm: key.keyNorm, min, max }
  return { constraint: { meaning, words: texts(tokens, index, at - index) }, next: at }
}

/** A numeric key named at `at` by one of its phrases ("days to maturity", "germination temperature"). */
function keyNamedAt(tokens: Token[], at: number, keys: NumericKey[], book: PhraseBook) {
  let best: { key: NumericKey; length: number } | null = null
  for (const phrase of book.startingWith(tokens[at]?.word ?? '')) {
    if (phrase.meaning.kind === 'value') continue
    const key = keys.find(({ keyNorm }) => keyNorm === phrase.meaning.keyNorm)
    const length = key ? longestOf(tokens, at, [phrase.words]) : 0
    if (key && length > (best?.length ?? 0)) best = { key, length }
  }
  return best
}

interface Unit {
  kind: 'days' | '°C'
  length: number
  toKeyUnit: (value: number) => number
}

/** A unit at `at`: days, weeks or months (in days), or degrees Celsius or Fahrenheit (in °C; degrees
 * without a scale are Fahrenheit, as in readColdest). */
function unitAt(tokens: Token[], at: number, book: PhraseBook): Unit | null {
  const word = tokens[at]?.word
  if (word === undefined) return null
  const days = book.daysPer.get(word)
  if (days !== undefined) return { kind: 'days', length: 1, toKeyUnit: (value) => value * days }
  const scaleAfterDegree = word === DEGREE ? tokens[at + 1]?.word : undefined
  const scale = scaleAfterDegree && (CELSIUS.has(scaleAfterDegree) || FAHRENHEIT.has(scaleAfterDegree))
  const length = scale ? 2 : 1
  const named = scale ? scaleAfterDegree : word
  if (CELSIUS.has(named)) return { kind: '°C', length, toKeyUnit: (value) => value }
  if (FAHRENHEIT.has(named) || named === DEGREE) {
    return { kind: '°C', length, toKeyUnit: (value) => ((value - 32) * 5) / 9 }
  }
  return null
}

/** The key a unit means: the one key counted in it; for temperature only where the query speaks of
 * germination or the soil (a word of the key's name or of `temperature_words`). */
function keyForUnit(keys: NumericKey[], kind: Unit['kind'], tokens: Token[], book: PhraseBook) {
  const ofKind = keys.filter(({ unit }) => unit === kind)
  if (ofKind.length !== 1) return null
  const [key] = ofKind
  if (kind !== '°C') return key
  const context = new Set([
    ...split([key!.key.toLowerCase()]).flat(),
    ...split(book.vocabulary.temperature_words).flat(),
  ])
  const namesKey = (token: Token) =>
    book
      .startingWith(token.word)
      .some(({ meaning }) => meaning.kind === 'has' && meaning.keyNorm === key!.keyNorm)
  return tokens.some((token) => context.has(token.word) || namesKey(token)) ? key : null
}

const round = (value: number) => Math.round(value * 10) / 10

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
}

/** A number written as a word before a unit of time: "a year", "two months", "six weeks". */
function numberWord(tokens: Token[], at: number, book: PhraseBook): number | null {
  const value = NUMBER_WORDS[tokens[at]?.word ?? '']
  return value !== undefined && book.daysPer.has(tokens[at + 1]?.word ?? '') ? value : null
}
