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
type ValuesOfKeys = Map<string, { key: RegistryKey; uses: Map<string, Use> }>

/** A phrase a key gives by itself, with its words joined. */
type Own = Given & { joined: string }

/** A key's part: what the key gives by itself, and what it brings to the rules across keys. */
interface KeyPart {
  key: RegistryKey
  /** What each of its values read as phrases gives, by value. */
  values: Map<string, ValuePart>
  /** What its name, the vocabulary and the families' names give, by words joined and order: made again
   * whole with the key (they are few), and compared with what they gave before. */
  named: Map<string, Own>
  nameWords: string[]
}

/** What one value gives: its phrases beside the key's name, and its spellings and endings (read across
 * keys) with the order of what they give. */
interface ValuePart {
  given: Own[]
  spellings: Use[]
  endings: Use[]
}

type Use = { words: string; value: string; order: string }

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

  /** Makes a key's part again from the key as it is now (null: no plant has it any more), changing only
   * what differs from its part before: a value added to a key of hundreds gives that value's phrases. */
  setKey(keyNorm: string, key: RegistryKey | null): void {
    const old = this.#parts.get(keyNorm)
    const sameKey = old !== undefined && key !== null && old.key.key === key.key
    const values = new Set(key && !key.numeric && key.values !== null ? key.values : [])
    const part: KeyPart | undefined = key
      ? { key, values: new Map(), named: this.#namedOf(key), nameWords: [...new Set(phraseWords(key.key))] }
      : undefined
    for (const [value, valuePart] of old?.values ?? []) {
      if (sameKey && values.has(value)) part!.values.set(value, valuePart)
      else this.#unsetValue(keyNorm, valuePart)
    }
    for (const value of values) {
      if (!part!.values.has(value)) part!.values.set(value, this.#setValue(key!, value))
    }
    for (const [id, given] of old?.named ?? []) {
      const now = part?.named.get(id)
      if (!now || !sameGiven(now, given)) this.#take(given.joined, given.order)
    }
    for (const [id, given] of part?.named ?? []) {
      const before = old?.named.get(id)
      if (!before || !sameGiven(before, given)) this.#give(given.joined, given)
    }
    for (const word of sameKey ? [] : (old?.nameWords ?? [])) {
      const count = this.#keyWordCount.get(word)! - 1
      if (count > 0) this.#keyWordCount.set(word, count)
      else {
        this.#keyWordCount.delete(word)
        this.#dirtyEndings.add(word)
      }
    }
    for (const word of sameKey ? [] : (part?.nameWords ?? [])) {
      const count = this.#keyWordCount.get(word) ?? 0
      this.#keyWordCount.set(word, count + 1)
      if (count === 0) this.#dirtyEndings.add(word)
    }
    if (part) this.#parts.set(keyNorm, part)
    else this.#parts.delete(keyNorm)
  }

  /** A value's phrases beside its key's name, and its spellings and endings in the counts across keys. */
  #setValue(key: RegistryKey, value: string): ValuePart {
    const { keyNorm } = key
    const part: ValuePart = { given: [], spellings: [], endings: [] }
    const keyWords = phraseWords(key.key)
    const meaning: Meaning = { kind: 'value', key: key.key, keyNorm, values: [value] }
    spellings(value).forEach((words, spellingIndex) => {
      const at = order(1, keyNorm, value, spellingIndex)
      part.spellings.push({ words: words.join(' '), value, order: `${at}0` })
      for (const [phrase, sub] of [
        [[...words, ...keyWords], 1],
        [[...keyWords, ...words], 2],
      ] as const) {
        part.given.push({
          joined: phrase.join(' '),
          order: `${at}${sub}`,
          meaning,
          rank: REGISTRY_RANK,
          oneWord: false,
        })
      }
    })
    if (isShortName(value)) {
      for (const ending of new Set(endingsOf(value))) {
        part.endings.push({ words: ending, value, order: order(1, keyNorm, value) })
      }
    }
    for (const given of part.given) this.#give(given.joined, given)
    for (const use of part.spellings) this.#use(this.#keysOfSpelling, this.#dirtySpellings, key, use)
    for (const use of part.endings) this.#use(this.#keysOfEnding, this.#dirtyEndings, key, use)
    return part
  }

  #unsetValue(keyNorm: string, part: ValuePart): void {
    for (const given of part.given) this.#take(given.joined, given.order)
    for (const use of part.spellings) this.#unuse(this.#keysOfSpelling, this.#dirtySpellings, keyNorm, use)
    for (const use of part.endings) this.#unuse(this.#keysOfEnding, this.#dirtyEndings, keyNorm, use)
  }

  #use(of: Map<string, ValuesOfKeys>, dirty: Set<string>, key: RegistryKey, use: Use): void {
    let keys = of.get(use.words)
    if (!keys) of.set(use.words, (keys = new Map() as ValuesOfKeys))
    let ofKey = keys.get(key.keyNorm)
    if (!ofKey) keys.set(key.keyNorm, (ofKey = { key, uses: new Map() }))
    ofKey.key = key
    ofKey.uses.set(use.order, use)
    dirty.add(use.words)
  }

  #unuse(of: Map<string, ValuesOfKeys>, dirty: Set<string>, keyNorm: string, use: Use): void {
    const keys = of.get(use.words)
    const ofKey = keys?.get(keyNorm)
    if (!keys || !ofKey?.uses.delete(use.order)) return
    if (ofKey.uses.size === 0) keys.delete(keyNorm)
    if (keys.size === 0) of.delete(use.words)
    dirty.add(use.words)
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

  /** What a key's name gives, and the vocabulary's phrases and the families' names of that key. */
  #namedOf(key: RegistryKey): Map<string, Own> {
    const named = new Map<string, Own>()
    const give = (words: string[], order: string, meaning: Meaning, rank: number) => {
      if (words.length === 0) return
      const joined = words.join(' ')
      named.set(`${joined}\u0001${order}`, { joined, order, meaning, rank, oneWord: false })
    }
    const { keyNorm } = key
    keyNames([key]).forEach((phrase, index) =>
      give(phrase.words, order(2, keyNorm, index), phrase.meaning, REGISTRY_RANK),
    )
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
    return named
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

  /** A value spelt whole is read alone when no other key has it, and it is not too vague alone ("medium"
   * is Growth, Soil type and Nitrogen Fixing). */
  #readAlone(spelling: string): void {
    for (const at of this.#aloneGiven.get(spelling) ?? []) this.#take(spelling, at)
    this.#aloneGiven.delete(spelling)
    const keys = this.#keysOfSpelling.get(spelling)
    if (keys?.size !== 1 || (!spelling.includes(' ') && this.#needsKey.has(spelling))) return
    const { key, uses } = [...keys.values()][0]!
    for (const { value, order: at } of uses.values()) {
      const meaning: Meaning = { kind: 'value', key: key.key, keyNorm: key.keyNorm, values: [value] }
      this.#give(spelling, { order: at, meaning, rank: REGISTRY_RANK, oneWord: false })
    }
    this.#aloneGiven.set(spelling, [...uses.keys()])
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
    const values = [...new Set([...uses.values()].sort(byOrder).map((use) => use.value))]
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
 * a family's name, in the order a book has always added them), its key, then its places (a value by its
 * spelling, so that a value added leaves the others' orders as they were). */
function order(kind: number, keyNorm: string, ...places: (number | string)[]): string {
  const spelt = places.map((place) => (typeof place === 'number' ? String(place).padStart(6, '0') : place))
  return `${kind}\u0000${keyNorm}\u0000${spelt.join('\u0000')}\u0000`
}

/** Two givings alike: the same rank and meaning (a vocabulary entry's meaning follows its key's values). */
function sameGiven(a: Given, b: Given): boolean {
  return a.rank === b.rank && a.oneWord === b.oneWord && sameMeaning(a.meaning, b.meaning)
}

function sameMeaning(a: Meaning, b: Meaning): boolean {
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>]
  const keys = Object.keys(x)
  if (keys.length !== Object.keys(y).length) return false
  return keys.every((name) => {
    const [one, other] = [x[name], y[name]]
    if (!Array.isArray(one) || !Array.isArray(other)) return one === other
    return one.length === other.length && one.every((item, index) => item === other[index])
  })
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
