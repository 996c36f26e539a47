// The phrases search reads in `q`, built from the attribute registry and the gardeners' vocabulary
// (data/gardeners-phrases.json). From the registry: every value of a key with few values ("full sun",
// "ground cover", "perennial"), alone when no other key has it and it is not too vague ("medium" is
// Growth, Soil type and Nitrogen Fixing), and beside its key either way ("medium growth", "native to
// canada"); a short value by its ending ("aphid" of "green peach aphid") and every key by its name and its
// plain words ("pests", "days to maturity", "indoor sowing"): registry-phrases.ts. From the vocabulary: the
// phrases gardeners use, which win over the registry's, and the families' common names (family-names.ts).
import { normalizeFacet } from '../plants/plant.ts'
import { gardenersPhrases, type GardenersPhrases, type PhraseEntry } from './gardeners-phrases.ts'
import { foldWord, textWords } from './words.ts'
import { deletionVariants, storedVariants } from './edit-distance.ts'
import { keyNames, valueEndings } from './registry-phrases.ts'
import { familyNames, type FamilyNames } from './family-names.ts'
import type { CalendarAction, FrostAnchor } from '../plants/frost-windows.ts'
import { actionOf } from './window-reading.ts'

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

const FAMILY_KEY = 'Family'

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
  /** Every phrase by its words joined, while the book is built; then grouped by first word. */
  readonly #byWords = new Map<string, Phrase>()
  readonly #byFirst = new Map<string, Phrase[]>()
  readonly #valuesByKey = new Map<string, Map<string, string>>()
  /** The typo variants of the phrases' first words: shared by the books of one database, one after the
   * other, so that a new book indexes only its new words. */
  readonly #typos: TypoIndex
  readonly soft: ReadonlySet<string>
  readonly vocabulary: GardenersPhrases
  /** Numeric keys by normalized key: what a range may name. */
  readonly numericKeys: ReadonlyMap<string, RegistryKey>
  /** Metres per unit a query may use, by the unit's canonical word ("inches" is "inch"). */
  readonly metresPer: ReadonlyMap<string, number>
  /** Days per unit of time a query may use ("weeks" is 7). */
  readonly daysPer: ReadonlyMap<string, number>

  /** A book made at once. PhraseBook.build makes one in steps, between which requests are answered. */
  constructor(
    registry: RegistryKey[],
    vocabulary: GardenersPhrases = gardenersPhrases(),
    { inSteps = false, typos = new TypoIndex() }: { inSteps?: boolean; typos?: TypoIndex } = {},
  ) {
    this.vocabulary = vocabulary
    this.#typos = typos
    this.soft = new Set(vocabulary.soft_words.map(canonicalWord))
    this.metresPer = new Map(
      Object.entries(vocabulary.units.metres).map(([unit, metres]) => [canonicalWord(unit), metres]),
    )
    this.daysPer = new Map(
      Object.entries(vocabulary.units.days).map(([unit, days]) => [canonicalWord(unit), days]),
    )
    this.numericKeys = new Map(registry.filter((key) => key.numeric).map((key) => [key.keyNorm, key]))
    this.#steps = this.#make(registry)
    if (!inSteps) for (const step of this.#steps) void step
  }

  readonly #steps: Generator<void>

  /** A book made off the request path: its steps (a key's values, a few hundred words' typo variants) run
   * a few milliseconds' worth per turn of the event loop, so that a search arriving meanwhile waits that
   * long, not for the whole book. Once `hurry()` says someone waits for this book, the rest runs at once. */
  static async build(
    registry: RegistryKey[],
    { typos, hurry = () => false }: { typos?: TypoIndex; hurry?: () => boolean } = {},
  ): Promise<PhraseBook> {
    const book = new PhraseBook(registry, undefined, { inSteps: true, ...(typos ? { typos } : {}) })
    let sliceStart = performance.now()
    for (const step of book.#steps) {
      void step
      if (hurry() || performance.now() - sliceStart < SLICE_MS) continue
      await new Promise((resolve) => setImmediate(resolve))
      sliceStart = performance.now()
    }
    return book
  }

  *#make(registry: RegistryKey[]): Generator<void> {
    const vocabulary = this.vocabulary
    const needsKey = new Set(vocabulary.needs_key.map(canonicalWord))
    yield* this.#addRegistry(registry, needsKey)
    for (const phrase of keyNames(registry)) this.#add(phrase.words, phrase.meaning, 1)
    yield
    // At the registry's rank: an ending that is also a value spelt whole means both ("whitefly").
    for (const phrase of valueEndings(registry, this.soft, needsKey)) {
      this.#add(phrase.words, phrase.meaning, 1, phrase.oneWord)
    }
    yield
    // A gardener's phrase is read only when the registry has what it means: a database without Layer data
    // searches "ground cover" as words, in names and descriptions.
    const inUse = new Map(registry.map((key) => [key.keyNorm, key]))
    for (const entry of vocabulary.phrases) {
      const keyNorm = normalizeFacet(entry.key)
      const key = inUse.get(keyNorm)
      const meaning = key && meaningOf(entry, key)
      if (meaning) for (const say of entry.say) this.#add(phraseWords(say), meaning, 2)
    }
    const family = inUse.get(normalizeFacet(FAMILY_KEY))
    if (family) this.#addFamilyNames(family, familyNames())
    yield
    this.#groupByFirstWord()
    yield
    // The typo index, made now rather than at the first typo a search brings.
    const newWords = [...this.#byFirst.keys()].filter((word) => !this.#typos.has(word))
    for (let start = 0; start < newWords.length; start += VARIANT_STEP) {
      this.#typos.add(newWords.slice(start, start + VARIANT_STEP))
      yield
    }
  }

  /** Phrases by first word, longest first, then by rank, then in the order they were added. */
  #groupByFirstWord() {
    for (const phrase of this.#byWords.values()) {
      const list = this.#byFirst.get(phrase.words[0]!)
      if (list) list.push(phrase)
      else this.#byFirst.set(phrase.words[0]!, [phrase])
    }
    for (const list of this.#byFirst.values()) {
      list.sort((a, b) => b.words.length - a.words.length || b.rank - a.rank)
    }
    this.#byWords.clear()
  }

  /** "nightshade family": the Family values spelt with that family's name, as the vocabulary's phrases. */
  #addFamilyNames(family: RegistryKey, rows: FamilyNames[]) {
    const valuesByName = new Map<string, string[]>()
    for (const value of family.values ?? []) {
      for (const spelling of new Set(value.split(/\s+or\s+/i).map(normalizeFacet))) {
        valuesByName.set(spelling, [...(valuesByName.get(spelling) ?? []), value])
      }
    }
    for (const row of rows) {
      const values = valuesByName.get(normalizeFacet(row.family))
      if (!values) continue
      const meaning: Meaning = { kind: 'value', key: family.key, keyNorm: family.keyNorm, values }
      for (const say of row.names) this.#add(phraseWords(say), meaning, 2)
    }
  }

  /** The first words of phrases a typo of `word` could be: those sharing a deletion variant with it, as
   * the vocabulary finds typos (edit-distance.ts), so a typo'd word is compared with a handful of words,
   * not with every first word. */
  firstWordsNear(word: string): string[] {
    const depth = [...word].length >= 8 ? 2 : 1
    return [
      ...new Set(deletionVariants(word, depth).flatMap((variant) => this.#typos.wordsOf(variant))),
    ].filter((near) => this.#byFirst.has(near))
  }

  get firstWordCount(): number {
    return this.#byFirst.size
  }

  /** A key's value spelt by one (canonical) word, as the registry spells it: "high" of Nitrogen Fixing. */
  valueOf(keyNorm: string, word: string): string | undefined {
    return this.#valuesByKey.get(keyNorm)?.get(word)
  }

  /** The phrases starting with this (canonical) word, longest first, then by rank. */
  startingWith(word: string): readonly Phrase[] {
    return this.#byFirst.get(word) ?? []
  }

  *#addRegistry(registry: RegistryKey[], needsKey: ReadonlySet<string>): Generator<void> {
    const keysOfValue = new Map<string, Set<string>>()
    const readable = registry.filter((key) => !key.numeric && key.values !== null)
    for (const key of readable) {
      for (const value of key.values!) {
        for (const words of spellings(value)) {
          keysOfValue.set(words.join(' '), (keysOfValue.get(words.join(' ')) ?? new Set()).add(key.keyNorm))
        }
      }
    }
    for (const key of readable) {
      const keyWords = phraseWords(key.key)
      const byWord = new Map<string, string>()
      this.#valuesByKey.set(key.keyNorm, byWord)
      for (const value of key.values!) {
        const words = phraseWords(value)
        if (words.length === 1) byWord.set(words[0]!, value)
        const meaning: Meaning = { kind: 'value', key: key.key, keyNorm: key.keyNorm, values: [value] }
        for (const words of spellings(value)) {
          const alone =
            keysOfValue.get(words.join(' '))!.size === 1 && !(words.length === 1 && needsKey.has(words[0]!))
          if (alone) this.#add(words, meaning, 1)
          this.#add([...words, ...keyWords], meaning, 1)
          this.#add([...keyWords, ...words], meaning, 1)
        }
      }
      yield
    }
  }

  #add(words: string[], meaning: Meaning, rank: number, oneWord = false) {
    if (words.length === 0) return
    const joined = words.join(' ')
    const same = this.#byWords.get(joined)
    if (same) {
      if (same.rank > rank) return
      if (same.rank === rank) {
        this.#byWords.set(joined, { ...same, meaning: merged(same.meaning, meaning) })
        return
      }
      // A phrase of a higher rank replaces the one before it, and comes after those already added.
      this.#byWords.delete(joined)
    }
    this.#byWords.set(joined, { words, meaning, rank, ...(oneWord ? { oneWord } : {}) })
  }
}

/** How long PhraseBook.build works before it lets requests be answered. */
const SLICE_MS = 3

/** First words whose typo variants are indexed in one step of PhraseBook.build. */
const VARIANT_STEP = 100

/** Each deletion variant of words (storedVariants) with the words it is a variant of. It only grows: a
 * word no book has any more is still found, and its book does not know it (firstWordsNear). */
export class TypoIndex {
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
      for (const variant of storedVariants(word)) {
        const known = this.#variants.get(variant)
        if (known) known.push(word)
        else this.#variants.set(variant, [word])
      }
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

/** What a vocabulary entry means for a key in use, or null when no plant could meet it. */
function meaningOf(entry: PhraseEntry, key: RegistryKey): Meaning | null {
  const { key: spelt, keyNorm } = key
  const action = actionOf(spelt)
  if (entry.frost !== undefined) {
    if (!action) return null
    return {
      kind: 'window',
      key: spelt,
      keyNorm,
      action,
      anchor: entry.frost,
      min: entry.min ?? null,
      max: entry.max ?? null,
    }
  }
  if (entry.min !== undefined || entry.max !== undefined) {
    return key.numeric
      ? { kind: 'range', key: spelt, keyNorm, min: entry.min ?? null, max: entry.max ?? null }
      : null
  }
  if (entry.any === undefined) return { kind: 'has', key: spelt, keyNorm }
  if (key.values !== null) {
    const known = normalizedValues(key)
    if (!entry.any.some((value) => known.has(normalizeFacet(value)))) return null
  }
  return { kind: 'value', key: spelt, keyNorm, values: entry.any }
}

const normalizedOfKey = new WeakMap<RegistryKey, Set<string>>()

/** A key's values as facets compare them, worked out once per key however many phrases ask. */
function normalizedValues(key: RegistryKey): Set<string> {
  let known = normalizedOfKey.get(key)
  if (!known) normalizedOfKey.set(key, (known = new Set((key.values ?? []).map(normalizeFacet))))
  return known
}

/** Two registry values spelt alike on one key ("Leaves", "leaves") are one meaning with both. */
function merged(a: Meaning, b: Meaning): Meaning {
  if (a.kind === 'value' && b.kind === 'value' && a.keyNorm === b.keyNorm) {
    return { ...a, values: [...new Set([...a.values, ...b.values])] }
  }
  return a
}
