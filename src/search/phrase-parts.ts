// What the phrase book is made of, kept per key so that a key whose values change is made again alone
// (phrase-book.ts). A key's part is every phrase its own name and values give: its values spelt whole
// beside its name ("medium growth"), its name in the forms gardeners write it (registry-phrases.ts), the
// vocabulary's phrases of that key, and for Family the families' common names. The rules that look across
// keys are kept as counts that a key's change adjusts, and only the phrases they touch are worked out
// again:
// - a value spelt whole is read alone when no other key has it (keysOfSpelling);
// - an ending is read when one key alone has values ending so, and a one-word ending when it is no word
//   of any key's name (keysOfEnding, keyWordCount).
// A phrase may be given more than once (two keys, a value and an ending, the registry and the
// vocabulary): the highest rank is read, and of those of the same rank the first, in an order that
// depends on the registry's keys and values alone (never on how many plants have them, nor on the order
// they were read or changed in), with the values of the others of its key added to its own. So a book
// kept up to date key by key reads as one made at once from the same registry.
import { normalizeFacet } from '../plants/plant.ts'
import type { GardenersPhrases, PhraseEntry } from './gardeners-phrases.ts'
import { familyNames, type FamilyNames } from './family-names.ts'
import { actionOf } from './window-reading.ts'
import { endingReadAlone, endingsOf, isShortName, keyNames } from './registry-phrases.ts'
import {
  canonicalWord,
  phraseWords,
  spellings,
  type Meaning,
  type Phrase,
  type RegistryKey,
} from './phrase-book.ts'

const FAMILY_KEY = normalizeFacet('Family')

/** One giving of a phrase. `order` places it among the others of the same words (see above). */
interface Given {
  order: string
  meaning: Meaning
  rank: number
  oneWord: boolean
}

/** The values of each key that have one spelling or ending, each with the order of the phrase it gives. */
type ValuesOfKeys = Map<string, { key: RegistryKey; uses: { value: string; order: string }[] }>

interface KeyPart {
  key: RegistryKey
  /** The phrases this key gives by itself, as [words joined, order]. */
  given: [string, string][]
  spellings: string[]
  endings: string[]
  nameWords: string[]
}

const REGISTRY_RANK = 1
const VOCABULARY_RANK = 2

export class PhraseParts {
  readonly #parts = new Map<string, KeyPart>()
  /** Every giving of each phrase, by words joined, then by order. */
  readonly #given = new Map<string, Map<string, Given>>()
  readonly #keysOfSpelling = new Map<string, ValuesOfKeys>()
  readonly #keysOfEnding = new Map<string, ValuesOfKeys>()
  readonly #keyWordCount = new Map<string, number>()
  /** The orders of the phrases a spelling read alone gives now. */
  readonly #aloneGiven = new Map<string, string[]>()
  readonly #dirtySpellings = new Set<string>()
  readonly #dirtyEndings = new Set<string>()
  /** Phrases whose givings changed since takeChanged. */
  #changed = new Set<string>()
  readonly #soft: ReadonlySet<string>
  readonly #needsKey: ReadonlySet<string>
  /** The vocabulary's entries by normalized key, each with its place and its phrases' words. */
  readonly #entries = new Map<string, { index: number; entry: PhraseEntry; says: string[][] }[]>()
  readonly #families: FamilyNames[]

  constructor(vocabulary: GardenersPhrases, soft: ReadonlySet<string>, families = familyNames()) {
    this.#soft = soft
    this.#needsKey = new Set(vocabulary.needs_key.map(canonicalWord))
    this.#families = families
    vocabulary.phrases.forEach((entry, index) => {
      const keyNorm = normalizeFacet(entry.key)
      const list = this.#entries.get(keyNorm) ?? []
      list.push({ index, entry, says: entry.say.map(phraseWords) })
      this.#entries.set(keyNorm, list)
    })
  }

  keyOf(keyNorm: string): RegistryKey | undefined {
    return this.#parts.get(keyNorm)?.key
  }

  /** Makes a key's part again from the key as it is now (null: no plant has it any more). */
  setKey(keyNorm: string, key: RegistryKey | null): void {
    const old = this.#parts.get(keyNorm)
    if (old) this.#remove(old)
    this.#parts.delete(keyNorm)
    if (key) this.#add(key)
  }

  /** The phrases whose meaning may have changed since the last call, the rules across keys applied. */
  takeChanged(): Set<string> {
    for (const spelling of this.#dirtySpellings) this.#readAlone(spelling)
    this.#dirtySpellings.clear()
    for (const ending of this.#dirtyEndings) this.#readEnding(ending)
    this.#dirtyEndings.clear()
    const changed = this.#changed
    this.#changed = new Set()
    return changed
  }

  /** What these words mean now: the highest rank's first giving, with its key's other values. */
  phraseOf(joined: string): Phrase | undefined {
    const given = this.#given.get(joined)
    if (!given || given.size === 0) return undefined
    let rank = 0
    for (const one of given.values()) rank = Math.max(rank, one.rank)
    const ranked = [...given.values()].filter((one) => one.rank === rank)
    ranked.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    const first = ranked[0]!
    let meaning = first.meaning
    for (const one of ranked.slice(1)) meaning = merged(meaning, one.meaning)
    return { words: joined.split(' '), meaning, rank, ...(first.oneWord ? { oneWord: true } : {}) }
  }

  #add(key: RegistryKey): void {
    const part: KeyPart = { key, given: [], spellings: [], endings: [], nameWords: [] }
    this.#parts.set(key.keyNorm, part)
    const give = (words: string[], order: string, meaning: Meaning, rank: number) => {
      if (words.length === 0) return
      const joined = words.join(' ')
      this.#give(joined, { order, meaning, rank, oneWord: false })
      part.given.push([joined, order])
    }
    const { keyNorm } = key
    if (!key.numeric && key.values !== null) {
      const keyWords = phraseWords(key.key)
      canonicalValues(key).forEach((value, valueIndex) => {
        const meaning: Meaning = { kind: 'value', key: key.key, keyNorm, values: [value] }
        spellings(value).forEach((words, spellingIndex) => {
          const at = order(1, keyNorm, valueIndex, spellingIndex)
          part.spellings.push(this.#use(this.#keysOfSpelling, words.join(' '), key, value, `${at}0`))
          this.#dirtySpellings.add(words.join(' '))
          give([...words, ...keyWords], `${at}1`, meaning, REGISTRY_RANK)
          give([...keyWords, ...words], `${at}2`, meaning, REGISTRY_RANK)
        })
        if (!isShortName(value)) return
        for (const ending of new Set(endingsOf(value))) {
          part.endings.push(this.#use(this.#keysOfEnding, ending, key, value, order(1, keyNorm, valueIndex)))
          this.#dirtyEndings.add(ending)
        }
      })
    }
    keyNames([key]).forEach((phrase, index) =>
      give(phrase.words, order(2, keyNorm, index), phrase.meaning, 1),
    )
    part.nameWords = [...new Set(phraseWords(key.key))]
    for (const word of part.nameWords) {
      const count = this.#keyWordCount.get(word) ?? 0
      this.#keyWordCount.set(word, count + 1)
      if (count === 0) this.#dirtyEndings.add(word)
    }
    // A gardener's phrase is read only when the registry has what it means: a database without Layer data
    // searches "ground cover" as words, in names and descriptions.
    for (const { index, entry, says } of this.#entries.get(keyNorm) ?? []) {
      const meaning = meaningOf(entry, key)
      if (!meaning) continue
      says.forEach((words, sayIndex) => give(words, order(4, '', index, sayIndex), meaning, VOCABULARY_RANK))
    }
    if (keyNorm === FAMILY_KEY) {
      this.#familyNames(key).forEach(({ words, meaning }, index) =>
        give(words, order(5, '', index), meaning, VOCABULARY_RANK),
      )
    }
  }

  #remove(part: KeyPart): void {
    for (const [joined, at] of part.given) this.#take(joined, at)
    for (const spelling of part.spellings) {
      this.#unuse(this.#keysOfSpelling, spelling, part.key.keyNorm)
      this.#dirtySpellings.add(spelling)
    }
    for (const ending of part.endings) {
      this.#unuse(this.#keysOfEnding, ending, part.key.keyNorm)
      this.#dirtyEndings.add(ending)
    }
    for (const word of part.nameWords) {
      const count = this.#keyWordCount.get(word)! - 1
      if (count > 0) this.#keyWordCount.set(word, count)
      else {
        this.#keyWordCount.delete(word)
        this.#dirtyEndings.add(word)
      }
    }
  }

  #give(joined: string, given: Given): void {
    let all = this.#given.get(joined)
    if (!all) this.#given.set(joined, (all = new Map<string, Given>()))
    all.set(given.order, given)
    this.#changed.add(joined)
  }

  #take(joined: string, at: string): void {
    const all = this.#given.get(joined)
    if (!all?.delete(at)) return
    if (all.size === 0) this.#given.delete(joined)
    this.#changed.add(joined)
  }

  #use(of: Map<string, ValuesOfKeys>, words: string, key: RegistryKey, value: string, at: string): string {
    let keys = of.get(words)
    if (!keys) of.set(words, (keys = new Map() as ValuesOfKeys))
    let ofKey = keys.get(key.keyNorm)
    if (!ofKey) keys.set(key.keyNorm, (ofKey = { key, uses: [] }))
    ofKey.uses.push({ value, order: at })
    return words
  }

  #unuse(of: Map<string, ValuesOfKeys>, words: string, keyNorm: string): void {
    const keys = of.get(words)
    if (!keys) return
    keys.delete(keyNorm)
    if (keys.size === 0) of.delete(words)
  }

  /** A value spelt whole is read alone when no other key has it, and it is not too vague alone ("medium"
   * is Growth, Soil type and Nitrogen Fixing). */
  #readAlone(spelling: string): void {
    for (const at of this.#aloneGiven.get(spelling) ?? []) this.#take(spelling, at)
    this.#aloneGiven.delete(spelling)
    const keys = this.#keysOfSpelling.get(spelling)
    if (keys?.size !== 1 || (!spelling.includes(' ') && this.#needsKey.has(spelling))) return
    const { key, uses } = [...keys.values()][0]!
    for (const { value, order: at } of uses) {
      const meaning: Meaning = { kind: 'value', key: key.key, keyNorm: key.keyNorm, values: [value] }
      this.#give(spelling, { order: at, meaning, rank: REGISTRY_RANK, oneWord: false })
    }
    this.#aloneGiven.set(
      spelling,
      uses.map((use) => use.order),
    )
  }

  /** At the registry's rank: an ending that is also a value spelt whole means both ("whitefly"). */
  #readEnding(ending: string): void {
    const at = order(3, ending)
    this.#take(ending, at)
    const keys = this.#keysOfEnding.get(ending)
    if (keys?.size !== 1) return
    const words = ending.split(' ')
    if (!endingReadAlone(words, this.#soft, this.#needsKey, this.#keyWordCount)) return
    const { key, uses } = [...keys.values()][0]!
    const values = [...new Set([...uses].sort(byOrder).map((use) => use.value))]
    const meaning: Meaning = { kind: 'value', key: key.key, keyNorm: key.keyNorm, values }
    this.#give(ending, { order: at, meaning, rank: REGISTRY_RANK, oneWord: words.length === 1 })
  }

  /** "nightshade family": the Family values spelt with that family's name, as the vocabulary's phrases. */
  #familyNames(family: RegistryKey): { words: string[]; meaning: Meaning }[] {
    const valuesByName = new Map<string, string[]>()
    for (const value of canonicalValues(family)) {
      for (const spelling of new Set(value.split(/\s+or\s+/i).map(normalizeFacet))) {
        valuesByName.set(spelling, [...(valuesByName.get(spelling) ?? []), value])
      }
    }
    const phrases: { words: string[]; meaning: Meaning }[] = []
    for (const row of this.#families) {
      const values = valuesByName.get(normalizeFacet(row.family))
      const meaning: Meaning = {
        kind: 'value',
        key: family.key,
        keyNorm: family.keyNorm,
        values: values ?? [],
      }
      // Every name keeps its place (a family not in use gives nothing), so the orders stay the same.
      for (const say of row.names) phrases.push({ words: values ? phraseWords(say) : [], meaning })
    }
    return phrases
  }
}

/** A key's values in an order of their own: the order plants count them in moves with every save. */
function canonicalValues(key: RegistryKey): string[] {
  return [...new Set(key.values ?? [])].sort()
}

/** Where a giving stands: its kind of phrase (1 a value, 2 a key's name, 3 an ending, 4 the vocabulary, 5
 * a family's name, in the order a book has always added them), its key, then its places. */
function order(kind: number, keyNorm: string, ...places: number[]): string {
  return `${kind}\u0000${keyNorm}\u0000${places.map((place) => String(place).padStart(6, '0')).join('\u0000')}\u0000`
}

const byOrder = (a: { order: string }, b: { order: string }) =>
  a.order < b.order ? -1 : a.order > b.order ? 1 : 0

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
    const known = new Set(key.values.map(normalizeFacet))
    if (!entry.any.some((value) => known.has(normalizeFacet(value)))) return null
  }
  return { kind: 'value', key: spelt, keyNorm, values: entry.any }
}

/** Two registry values spelt alike on one key ("Leaves", "leaves") are one meaning with both. */
function merged(a: Meaning, b: Meaning): Meaning {
  if (a.kind === 'value' && b.kind === 'value' && a.keyNorm === b.keyNorm) {
    return { ...a, values: [...new Set([...a.values, ...b.values])] }
  }
  return a
}
