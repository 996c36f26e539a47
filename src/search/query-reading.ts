// How search reads `q`: words that name what a plant is like become constraints, the rest are names.
// Left to right, at each word the first of these that fits is taken:
// 0. words that are a plant's whole name ("runner beans"): name words;
// 1. a request for companions: "companion plants for tomato", "what grows well with carrots" (the rest of
//    the query is the plant), "tomato companions" (the words before);
// 2. a number with what it measures: "zone 4" (survives zone 4: the zone value is the coldest, so ≤ 4),
//    "ph 6 to 7", "taller than 30 m", "under 10 cm", "between 1 and 2 ft", "8 weeks before last frost";
// 3. the longest phrase of the phrase book (phrase-book.ts): an attribute value, a key, a gardener's phrase;
// 4. a soft word ("plant", "seeds", "for", "how to grow"): dropped;
// 5. otherwise a word of a name.
// Pure: the phrase book holds all it knows.
import { canonicalWord, type Meaning, type PhraseBook } from './phrase-book.ts'
import { readMeasure, type Measured } from './measure-reading.ts'
import { longestOf, matchesAt, nameRunAt, split, texts, tokensOf, type Token } from './query-tokens.ts'
import { allowedEdits, editDistance } from './edit-distance.ts'
import { resolveWindows } from './window-reading.ts'

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

export interface ReadOptions {
  /** Whether a word is in no plant's text: only such a word is read as a phrase's word with a typo
   * ("drough tolerant"), so "pine" never becomes "vine". */
  isUnknownWord: (word: string) => boolean
  /** Whether a word is a word of some plant's name: such a word is not read as one word of a value's
   * ending ("deer" of Deer grass is a name, not the pest). */
  isNameWord: (word: string) => boolean
  /** Runs of words that are some plant's whole name ("runner beans"): read as name words, never as
   * phrases ("runner" is a Propagation method). */
  names?: ReadonlySet<string>
}

export function readQuery(
  text: string,
  book: PhraseBook,
  options: ReadOptions = { isUnknownWord: () => false, isNameWord: () => false },
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
    const named = options.names ? nameRunAt(rest, index, options.names) : 0
    if (named > 0) {
      reading.nameWords.push(...rest.slice(index, index + named).map((token) => token.text))
      index += named
      continue
    }
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
  reading.constraints = resolveWindows(reading.constraints)
  return reading
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
    ? [
        first.word,
        ...book.firstWordsNear(first.word).filter((word) => word !== first.word && near(first, word)),
      ]
    : [first.word]
  let best: { meaning: Meaning; length: number } | null = null
  const soft = (token: Token) => book.soft.has(token.word)
  for (const start of starts) {
    for (const phrase of book.startingWith(start)) {
      if (phrase.oneWord && options.isNameWord(first.text)) continue
      const length = matchesAt(tokens, index, phrase.words, near, soft)
      if (length > (best?.length ?? 0)) best = { meaning: phrase.meaning, length }
    }
  }
  return best ?? joinedPhrase(tokens, index, book)
}

/** Two words a phrase writes as one: "army worms" is the pest "armyworm", "club root" is "clubroot". */
function joinedPhrase(tokens: Token[], index: number, book: PhraseBook) {
  const [first, second] = [tokens[index]!, tokens[index + 1]]
  if (!second || first.number !== null || second.number !== null) return null
  const text = first.text + second.text
  const joined: Token = { text, word: canonicalWord(text), number: null }
  const rest = [joined, ...tokens.slice(index + 2)]
  let best: { meaning: Meaning; length: number } | null = null
  for (const phrase of book.startingWith(joined.word)) {
    const length = matchesAt(rest, 0, phrase.words)
    if (length > 0 && length + 1 > (best?.length ?? 0)) best = { meaning: phrase.meaning, length: length + 1 }
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
