// How search reads `q`: words that name what a plant is like become constraints, the rest are names.
// Left to right, at each word the first of these that fits is taken:
// 1. a request for companions: "companion plants for tomato", "what grows well with carrots" (the rest of
//    the query is the plant), "tomato companions" (the words before);
// 2. a number with what it measures: "zone 4" (survives zone 4: the zone value is the coldest, so ≤ 4),
//    "ph 6 to 7", "taller than 30 m", "under 10 cm", "between 1 and 2 ft";
// 3. the longest phrase of the phrase book (phrase-book.ts): an attribute value, a key, a gardener's phrase;
// 4. a soft word ("plant", "seeds", "for", "how to grow"): dropped;
// 5. otherwise a word of a name.
// Pure: the phrase book holds all it knows.
import { canonicalWord, type Meaning, type PhraseBook } from './phrase-book.ts'
import { normalizeFacet } from '../plants/plant.ts'
import { foldWord } from './words.ts'
import { allowedEdits, editDistance } from './edit-distance.ts'

export interface ReadConstraint {
  meaning: Meaning
  /** The words of `q` it was read from, as they were typed (folded). */
  words: string
}

export interface Reading {
  constraints: ReadConstraint[]
  /** "companion plants for tomato": the words naming the plant, and the words it was read from. */
  companionsOf: { nameWords: string[]; words: string } | null
  nameWords: string[]
  droppedWords: string[]
}

interface Token {
  /** As typed, folded: what the interpretation shows and the name search is given. */
  text: string
  /** As phrases compare it. */
  word: string
  number: number | null
}

const MAX_TOKENS = 32

/** The words of `q`: numbers keep their decimals ("0.5"), a dash between numbers is a range. */
export function tokensOf(text: string): Token[] {
  const tokens: Token[] = []
  for (const [raw] of text
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/(?<![\p{L}\p{N}.])[-−]\d+(?:\.\d+)?|\d+(?:\.\d+)?|[\p{L}\p{N}]+|[-–]/gu)) {
    // A minus sign only where no word or number comes just before it: "-40" is a number, "6-7" a range.
    const isNumber = /^[-−]?\d/.test(raw)
    tokens.push({
      text: isNumber || raw === '-' || raw === '–' ? raw : foldWord(raw),
      word: isNumber ? raw : raw === '–' ? '-' : canonicalWord(raw),
      number: isNumber ? Number(raw.replace('−', '-')) : null,
    })
    if (tokens.length >= MAX_TOKENS) break
  }
  // A dash is a range between two numbers ("6-7"); elsewhere it joins words ("drought-tolerant").
  return tokens.filter(
    (token, index) =>
      token.word !== '-' || (tokens[index - 1]?.number != null && tokens[index + 1]?.number != null),
  )
}

export interface ReadOptions {
  /** Whether a word is in no plant's text: only such a word is read as a phrase's word with a typo
   * ("drough tolerant"), so "pine" never becomes "vine". */
  isUnknownWord: (word: string) => boolean
}

export function readQuery(
  text: string,
  book: PhraseBook,
  options: ReadOptions = { isUnknownWord: () => false },
): Reading {
  const tokens = tokensOf(text)
  const reading: Reading = { constraints: [], companionsOf: null, nameWords: [], droppedWords: [] }
  const companions = findCompanions(tokens, book)
  const rest = companions ? tokens.filter((_, index) => !companions.taken.has(index)) : tokens
  if (companions) {
    reading.companionsOf = { nameWords: companions.nameWords, words: companions.words }
    reading.droppedWords.push(...companions.dropped)
  }
  for (let index = 0; index < rest.length;) {
    const measured = readMeasure(rest, index, book)
    if (measured) {
      reading.constraints.push(measured.constraint)
      index = measured.next
      continue
    }
    const valued = valueBeforeKey(rest, index, book, options)
    if (valued) {
      reading.constraints.push(valued.constraint)
      index = valued.next
      continue
    }
    const phrase = longestPhrase(rest, index, book, options)
    if (phrase && (phrase.length > 1 || !book.soft.has(rest[index]!.word))) {
      reading.constraints.push({ meaning: phrase.meaning, words: texts(rest, index, phrase.length) })
      index += phrase.length
      continue
    }
    const token = rest[index]!
    if (token.word === '-') {
      index++
      continue
    }
    if (book.soft.has(token.word)) reading.droppedWords.push(token.text)
    else reading.nameWords.push(token.text)
    index++
  }
  return reading
}

const texts = (tokens: Token[], from: number, length: number) =>
  tokens
    .slice(from, from + length)
    .map((token) => token.text)
    .join(' ')
    .replace(/ - /g, '-')

/** How many tokens from `index` spell `words` (canonical), or 0; with `near`, a word may also be one
 * the test takes (a typo of it). */
function matchesAt(
  tokens: Token[],
  index: number,
  words: readonly string[],
  near: (token: Token, word: string) => boolean = () => false,
): number {
  if (index + words.length > tokens.length) return 0
  return words.every((word, offset) => {
    const token = tokens[index + offset]!
    return token.word === word || near(token, word)
  })
    ? words.length
    : 0
}

// A typo is read in a phrase's word of 5 letters or more, the edits search allows in names.
const MIN_TYPO_LENGTH = 5

function typoOf(options: ReadOptions) {
  return (token: Token, word: string) =>
    token.number === null &&
    token.word.length >= MIN_TYPO_LENGTH &&
    word.length >= MIN_TYPO_LENGTH &&
    options.isUnknownWord(token.text) &&
    editDistance(token.word, word, allowedEdits(word)) <= allowedEdits(word)
}

function longestPhrase(tokens: Token[], index: number, book: PhraseBook, options: ReadOptions) {
  const near = typoOf(options)
  const first = tokens[index]!
  const starts = options.isUnknownWord(first.text)
    ? [first.word, ...book.firstWords().filter((word) => word !== first.word && near(first, word))]
    : [first.word]
  let best: { meaning: Meaning; length: number } | null = null
  for (const start of starts) {
    for (const phrase of book.startingWith(start)) {
      const length = matchesAt(tokens, index, phrase.words, near)
      if (length > (best?.length ?? 0)) best = { meaning: phrase.meaning, length }
    }
  }
  return best
}

/** A value too vague to read alone, beside a phrase that names its key: "high nitrogen fixers". */
function valueBeforeKey(
  tokens: Token[],
  index: number,
  book: PhraseBook,
  options: ReadOptions,
): Measured | null {
  if (index + 1 >= tokens.length) return null
  const phrase = longestPhrase(tokens, index + 1, book, options)
  if (phrase?.meaning.kind !== 'has') return null
  const value = book.valueOf(phrase.meaning.keyNorm, tokens[index]!.word)
  if (value === undefined) return null
  const { key, keyNorm } = phrase.meaning
  return {
    constraint: {
      meaning: { kind: 'value', key, keyNorm, values: [value] },
      words: texts(tokens, index, 1 + phrase.length),
    },
    next: index + 1 + phrase.length,
  }
}

/** The longest of `phrases` spelt at `index`: its length in tokens, or 0. */
function longestOf(tokens: Token[], index: number, phrases: readonly string[][]): number {
  let longest = 0
  for (const words of phrases) longest = Math.max(longest, matchesAt(tokens, index, words))
  return longest
}

const split = (phrases: readonly string[]) => phrases.map((phrase) => phrase.split(/\s+/).map(canonicalWord))

/** "companion plants for X" (X after, to the end) or "X companions" (X before, from the start). */
function findCompanions(tokens: Token[], book: PhraseBook) {
  const before = split(book.vocabulary.companions.before)
  const after = split(book.vocabulary.companions.after)
  const nameOf = (from: number, to: number) => {
    const name = tokens.slice(from, to).filter((token) => token.word !== '-')
    return {
      nameWords: name.filter((token) => !book.soft.has(token.word)).map((token) => token.text),
      dropped: name.filter((token) => book.soft.has(token.word)).map((token) => token.text),
    }
  }
  for (let index = 0; index < tokens.length; index++) {
    const length = longestOf(tokens, index, before)
    if (length === 0) continue
    const name = nameOf(index + length, tokens.length)
    if (name.nameWords.length === 0) continue
    const taken = new Set(Array.from({ length: tokens.length - index }, (_, offset) => index + offset))
    return { taken, words: texts(tokens, index, tokens.length - index), ...name }
  }
  for (let index = tokens.length - 1; index > 0; index--) {
    const length = longestOf(tokens, index, after)
    if (length === 0 || index + length !== tokens.length) continue
    const name = nameOf(0, index)
    if (name.nameWords.length === 0) continue
    const taken = new Set(Array.from({ length: tokens.length }, (_, offset) => offset))
    return { taken, words: texts(tokens, 0, tokens.length), ...name }
  }
  return null
}

interface Measured {
  constraint: ReadConstraint
  next: number
}

/** A number and what it measures, starting at `index`: a zone, a pH, a size with its unit. */
function readMeasure(tokens: Token[], index: number, book: PhraseBook): Measured | null {
  return (
    readZone(tokens, index, book) ??
    readPh(tokens, index, book) ??
    readSize(tokens, index, book) ??
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
  const length = key ? longestOf(tokens, index, split(ph.say)) : 0
  if (!key || length === 0) return null
  let at = index + length
  const more = longestOf(tokens, at, split(book.vocabulary.more_than))
  const less = more === 0 ? longestOf(tokens, at, split(book.vocabulary.less_than)) : 0
  at += more + less
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
