// The phrases search reads in `q`, built from the attribute registry and the gardeners' vocabulary
// (data/gardeners-phrases.json). From the registry: every value of a key with few values ("full sun",
// "ground cover", "perennial"), alone when no other key has it and it is not too vague ("medium" is
// Growth, Soil type and Nitrogen Fixing), and beside its key either way ("medium growth", "native to
// canada"); a short value by its ending ("aphid" of "green peach aphid") and every key by its name and its
// plain words ("pests", "days to maturity", "indoor sowing"): registry-phrases.ts. From the vocabulary: the
// phrases gardeners use, which win over the registry's, and the families' common names (family-names.ts).
import { gardenersPhrases, type GardenersPhrases } from './gardeners-phrases.ts'
import { foldWord, textWords } from './words.ts'
import { lookupVariants, storedVariants } from './edit-distance.ts'
import type { CalendarAction, FrostAnchor } from '../plants/frost-windows.ts'
import { PhraseParts } from './phrase-parts.ts'

export type Meaning =
  | { kind: 'value'; key: string; keyNorm: string; values: string[] }
  | { kind: 'has'; key: string; keyNorm: string }
  | { kind: 'range'; key: string; keyNorm: string; min: number | null; max: number | null }
  /** A sowing or planting window of the key's action overlapping min..max days from the frost. */
  | {
      kind: 'window'
      key: string
      keyNorm: string
      action: CalendarAction
      anchor: FrostAnchor
      min: number | null
      max: number | null
    }

export interface Phrase {
  words: string[]
  meaning: Meaning
  /** Of two phrases of the same length, the higher rank is read: the vocabulary's over the registry's. */
  rank: number
  /** One word of a value's ending: read only where it is no word of a plant's name (query-reading.ts). */
  oneWord?: boolean
}

export interface RegistryKey {
  key: string
  keyNorm: string
  plants: number
  /** Most of its plants' values are numbers or ranges (attribute-numbers.ts). */
  numeric: boolean
  /** Its value elements as spelt; null for a key not read by its values (phrase-book-cache.ts: names,
   * links, sentences, a key of numbers). */
  values: string[] | null
}

/** A word as phrases compare it: folded, and singular where English makes a plural with -s or -es
 * ("shrubs" is "shrub", "bushes" is "bush"), so that either form meets either. */
export function canonicalWord(word: string): string {
  let canonical = canonicalWords.get(word)
  if (canonical === undefined) {
    // Books are made again as the registry changes, from mostly the same words: each is worked out once.
    if (canonicalWords.size >= MAX_CANONICAL_WORDS) canonicalWords.clear()
    canonicalWords.set(word, (canonical = canonicalOf(word)))
  }
  return canonical
}

const canonicalWords = new Map<string, string>()
const MAX_CANONICAL_WORDS = 100_000

function canonicalOf(word: string): string {
  const folded = foldWord(word)
  if (!/^[a-z]{4,}$/.test(folded)) return folded
  if (folded.endsWith('ies') && folded.length > 4) return `${folded.slice(0, -3)}y`
  if (/(ch|sh|x|ss|z|o)es$/.test(folded)) return folded.slice(0, -2)
  if (folded.endsWith('s') && !/(ss|us|is)$/.test(folded)) return folded.slice(0, -1)
  return folded
}

/** The words of a phrase as phrases compare them: "Partial sun/shade" is partial, sun, shade. */
export function phraseWords(text: string): string[] {
  return textWords(text).map(canonicalWord)
}

export class PhraseBook {
  readonly #parts: PhraseParts
  /** Every phrase by its words joined, and the words joined of each first word's phrases. */
  readonly #phrases = new Map<string, Phrase>()
  readonly #joinedByFirst = new Map<string, Set<string>>()
  readonly #byFirst = new Map<string, Phrase[]>()
  readonly #valuesByKey = new Map<string, Map<string, string>>()
  /** The typo variants of the phrases' first words. */
  readonly #typos = new TypoIndex()
  readonly soft: ReadonlySet<string>
  readonly vocabulary: GardenersPhrases
  /** Numeric keys by normalized key: what a range may name. */
  readonly numericKeys = new Map<string, RegistryKey>()
  /** Metres per unit a query may use, by the unit's canonical word ("inches" is "inch"). */
  readonly metresPer: ReadonlyMap<string, number>
  /** Days per unit of time a query may use ("weeks" is 7). */
  readonly daysPer: ReadonlyMap<string, number>

  /** How many phrases the book reads (the metrics' hortus_phrase_book_phrases). */
  get size(): number {
    return this.#phrases.size
  }

  /** A book made at once. PhraseBook.build makes one in steps, between which requests are answered. */
  constructor(
    registry: RegistryKey[],
    vocabulary: GardenersPhrases = gardenersPhrases(),
    { inSteps = false }: { inSteps?: boolean } = {},
  ) {
    this.vocabulary = vocabulary
    this.soft = new Set(vocabulary.soft_words.map(canonicalWord))
    this.metresPer = new Map(
      Object.entries(vocabulary.units.metres).map(([unit, metres]) => [canonicalWord(unit), metres]),
    )
    this.daysPer = new Map(
      Object.entries(vocabulary.units.days).map(([unit, days]) => [canonicalWord(unit), days]),
    )
    this.#parts = new PhraseParts(vocabulary, this.soft)
    this.#steps = this.#make(registry)
    if (!inSteps) for (const step of this.#steps) void step
  }

  readonly #steps: Generator<void>

  /** A book made off the request path: its steps (a key's part, a few hundred phrases, a few hundred
   * words' typo variants) run a few milliseconds' worth per turn of the event loop, so that a search
   * arriving meanwhile waits that long, not for the whole book. Once `hurry()` says someone waits for this
   * book, the rest runs at once. */
  static async build(
    registry: RegistryKey[],
    { hurry = () => false }: { hurry?: () => boolean } = {},
  ): Promise<PhraseBook> {
    const book = new PhraseBook(registry, undefined, { inSteps: true })
    let sliceStart = performance.now()
    for (const step of book.#steps) {
      void step
      if (hurry() || performance.now() - sliceStart < SLICE_MS) continue
      await new Promise((resolve) => setImmediate(resolve))
      sliceStart = performance.now()
    }
    return book
  }

  /** Brings the book up to date with these keys as they are now (null: a key no plant has any more): each
   * key's part is made again from its own values, and only the phrases it gives or takes, or whose reading
   * across keys it changes, are worked out again. At once: a search never sees half of it. */
  update(keys: ReadonlyMap<string, RegistryKey | null>): void {
    for (const [keyNorm, key] of keys) this.#setKey(keyNorm, key)
    for (const step of this.#settle()) void step
  }

  *#make(registry: RegistryKey[]): Generator<void> {
    for (const key of registry) {
      this.#setKey(key.keyNorm, key)
      yield
    }
    yield* this.#settle()
  }

  #setKey(keyNorm: string, key: RegistryKey | null) {
    this.#parts.setKey(keyNorm, key)
    if (key?.numeric) this.numericKeys.set(keyNorm, key)
    else this.numericKeys.delete(keyNorm)
    this.#valuesByKey.delete(keyNorm)
    if (!key || key.numeric || key.values === null) return
    const byWord = new Map<string, string>()
    for (const value of [...new Set(key.values)].sort()) {
      const words = phraseWords(value)
      if (words.length === 1) byWord.set(words[0]!, value)
    }
    this.#valuesByKey.set(keyNorm, byWord)
  }

  /** Works out again the phrases the keys set since the last time changed, then their first words' lists
   * and the typo index. */
  *#settle(): Generator<void> {
    const changedFirst = new Set<string>()
    let done = 0
    for (const joined of this.#parts.takeChanged()) {
      const before = this.#phrases.get(joined)
      const now = this.#parts.phraseOf(joined)
      if (!before && !now) continue
      if (now) this.#phrases.set(joined, now)
      else this.#phrases.delete(joined)
      const first = (before ?? now)!.words[0]!
      const ofFirst = this.#joinedByFirst.get(first) ?? new Set<string>()
      if (now) ofFirst.add(joined)
      else ofFirst.delete(joined)
      if (ofFirst.size > 0) this.#joinedByFirst.set(first, ofFirst)
      else this.#joinedByFirst.delete(first)
      changedFirst.add(first)
      if (++done % PHRASE_STEP === 0) yield
    }
    const added: string[] = []
    for (const first of changedFirst) {
      const joined = this.#joinedByFirst.get(first)
      if (!joined) {
        if (this.#byFirst.delete(first)) this.#typos.remove(first)
        continue
      }
      if (!this.#byFirst.has(first)) added.push(first)
      const phrases = [...joined].map((words) => [words, this.#phrases.get(words)!] as const)
      this.#byFirst.set(
        first,
        phrases.sort(byLength).map(([, phrase]) => phrase),
      )
    }
    // The typo index, made now rather than at the first typo a search brings.
    for (let start = 0; start < added.length; start += VARIANT_STEP) {
      yield
      this.#typos.add(added.slice(start, start + VARIANT_STEP))
    }
  }

  /** The first words of phrases a typo of `word` could be: those sharing a deletion variant with it, as
   * the vocabulary finds typos (edit-distance.ts), so a typo'd word is compared with a handful of words,
   * not with every first word. In an order of their own, however the book was made. */
  firstWordsNear(word: string): string[] {
    const depth = [...word].length >= 8 ? 2 : 1
    return [...new Set(lookupVariants(word, depth).flatMap((variant) => this.#typos.wordsOf(variant)))]
      .filter((near) => this.#byFirst.has(near))
      .sort()
  }

  /** A key's value spelt by one (canonical) word, as the registry spells it: "high" of Nitrogen Fixing. */
  valueOf(keyNorm: string, word: string): string | undefined {
    return this.#valuesByKey.get(keyNorm)?.get(word)
  }

  /** The phrases starting with this (canonical) word, longest first, then by rank. */
  startingWith(word: string): readonly Phrase[] {
    return this.#byFirst.get(word) ?? []
  }

  /** Every first word, for a test comparing two books. */
  firstWords(): string[] {
    return [...this.#byFirst.keys()]
  }
}

/** Longest first, then the higher rank, then by words: phrases of one length and rank starting alike
 * differ in their words, and a typo could read either, so their order is their words'. */
function byLength([x, a]: readonly [string, Phrase], [y, b]: readonly [string, Phrase]): number {
  if (a.words.length !== b.words.length) return b.words.length - a.words.length
  if (a.rank !== b.rank) return b.rank - a.rank
  return x < y ? -1 : x > y ? 1 : 0
}

/** How long PhraseBook.build works before it lets requests be answered. */
const SLICE_MS = 3

/** Phrases worked out in one step of PhraseBook.build. */
const PHRASE_STEP = 500

/** First words whose typo variants are indexed in one step of PhraseBook.build. */
const VARIANT_STEP = 100

/** Each deletion variant of words (storedVariants) with the words it is a variant of. */
class TypoIndex {
  readonly #words = new Set<string>()
  readonly #variants = new Map<string, string[]>()

  has(word: string): boolean {
    return this.#words.has(word)
  }

  get size(): number {
    return this.#words.size
  }

  add(words: string[]): void {
    for (const word of words) {
      if (this.#words.has(word)) continue
      this.#words.add(word)
      for (const variant of new Set(storedVariants(word))) {
        const known = this.#variants.get(variant)
        if (known) known.push(word)
        else this.#variants.set(variant, [word])
      }
    }
  }

  remove(word: string): void {
    if (!this.#words.delete(word)) return
    for (const variant of new Set(storedVariants(word))) {
      const known = this.#variants.get(variant)
      if (!known) continue
      const left = known.filter((other) => other !== word)
      if (left.length > 0) this.#variants.set(variant, left)
      else this.#variants.delete(variant)
    }
  }

  wordsOf(variant: string): readonly string[] {
    return this.#variants.get(variant) ?? []
  }
}

/** The ways a value is written: whole, and each name of one with two ("Fabaceae or leguminosae", "Gray
 * mold (Botrytis)"). */
export function spellings(value: string): string[][] {
  const whole = phraseWords(value)
  if (whole.length === 0) return []
  const names = value.split(/\s+or\s+|\s*\(|\)/i)
  return names.length > 1 ? [whole, ...names.map(phraseWords).filter((words) => words.length > 0)] : [whole]
}
