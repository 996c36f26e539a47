// The phrase book of a database, made from its attribute registry. A search reads the registry's version
// (one indexed read; only a save that adds or removes a key or value moves it, attribute.repository.ts)
// and is answered with the book it has; when the version has moved, a new book is made off the request
// path (PhraseBook.build, in steps) while the last one keeps serving. Only a process's very first search
// waits for a book, and the start makes that one before any search comes (warmPhraseBook).
import type { Db } from '../db/store.ts'
import { listKeys, registryVersion, topValues } from '../attributes/attribute.repository.ts'
import { isNumericKey } from '../attributes/numeric-keys.ts'
import { offRegistryChange, onRegistryChange } from '../attributes/registry-changes.ts'
import { ALTERNATE_NAME_KEY, normalizeFacet } from '../plants/plant.ts'
import { PhraseBook, TypoIndex, type RegistryKey } from './phrase-book.ts'
import { isProse } from './registry-phrases.ts'

interface Kept {
  /** The registry version the book was made at. */
  version: number
  book: PhraseBook | null
  /** The book being made, one at a time. */
  making: Promise<void> | null
  /** A search waits for the book being made (there was none): its steps left run at once. */
  hurry: boolean
  typos: TypoIndex
}

/** A typo index that has gathered this many words more than the book has is made again from the book's. */
const STALE_TYPO_WORDS = 5000

const kept = new WeakMap<Db, Kept>()

/** Values read of every key at first: enough to tell its values' shape, and all of most keys'. */
const FIRST_VALUES = 200
/** A key of short names with more values (pests by the hundred) is read further, up to this many; past
 * it, a key's values are not read as phrases at all (the name search still finds their words). */
const MAX_VALUES = 2000
/** Keys whose values are the plant's own names: the name search reads them (the genus is the first word
 * of the scientific name), so "allium" or "tomate" stays a name. */
const NAME_KEYS = new Set(['Genus', ALTERNATE_NAME_KEY].map(normalizeFacet))

export async function phraseBookOf(db: Db): Promise<PhraseBook> {
  const version = await registryVersion(db)
  const entry = keptOf(db)
  if (entry.book === null) {
    entry.hurry = true
    await remake(db, entry)
  } else if (entry.version !== version) void remake(db, entry).catch(() => {})
  return entry.book!
}

/** Makes the book at start-up, in steps (requests answered between them), so that the first search
 * finds it made; a search that comes first hurries it. */
export async function warmPhraseBook(db: Db): Promise<void> {
  const entry = keptOf(db)
  if (entry.book === null) await remake(db, entry).catch(() => {})
}

function keptOf(db: Db): Kept {
  let entry = kept.get(db)
  if (!entry) {
    kept.set(db, (entry = { version: -1, book: null, making: null, hurry: false, typos: new TypoIndex() }))
    followSaves(new WeakRef(db), entry)
  }
  return entry
}

/** A save in this process that changed the registry makes the book again, and is answered once it is made
 * (its author's next search reads what it added) or after SAVE_WAITS_MS, whichever comes first: on a
 * server answering many requests at once the book takes longer, and the save is not held for it. A save
 * in another process (another worker) is seen by the next search here, which makes the book off its path. */
function followSaves(ref: WeakRef<Db>, entry: Kept): void {
  const listener = async () => {
    const db = ref.deref()
    if (!db) return offRegistryChange(listener)
    const current = catchUp(db, entry)
    await Promise.race([current, new Promise((resolve) => setTimeout(resolve, SAVE_WAITS_MS).unref())])
  }
  onRegistryChange(listener)
}

const SAVE_WAITS_MS = 500

async function catchUp(db: Db, entry: Kept): Promise<void> {
  // A book being made may have read the registry before this save: then one more is made after it.
  for (let round = 0; round < 2; round++) {
    const version = await registryVersion(db).catch(() => entry.version)
    if (version === entry.version) return
    await remake(db, entry).catch(() => {})
  }
}

/** Makes the book of the registry as it is now; a call while one is being made waits for that one. */
function remake(db: Db, entry: Kept): Promise<void> {
  entry.making ??= (async () => {
    try {
      // The version read first: a save between the two reads makes the book again, never too early.
      const version = await registryVersion(db)
      const inputs = await phraseInputs(db)
      const hurry = () => entry.hurry
      let book = await PhraseBook.build(inputs, { typos: entry.typos, hurry })
      if (entry.typos.size > book.firstWordCount + STALE_TYPO_WORDS) {
        entry.typos = new TypoIndex()
        book = await PhraseBook.build(inputs, { typos: entry.typos, hurry })
      }
      entry.book = book
      entry.version = version
    } finally {
      entry.making = null
      entry.hurry = false
    }
  })()
  return entry.making
}

/** What a phrase book is made of: the registry's keys, with the values of those read by their values. */
export async function phraseInputs(db: Db): Promise<RegistryKey[]> {
  const keys = await listKeys(db)
  const textKeys = keys
    .filter((key) => !isNumericKey(key) && !NAME_KEYS.has(key.key_norm))
    .map((key) => key.key_norm)
  const values = await valuesOf(db, textKeys, FIRST_VALUES + 1)
  // A key of links or of sentences ("Direct seed, thin to 5cm apart…") is not a key of phrases.
  for (const [keyNorm, spelt] of values) if (isProse(spelt)) values.delete(keyNorm)
  const many = [...values].filter(([, spelt]) => spelt.length > FIRST_VALUES).map(([keyNorm]) => keyNorm)
  for (const [keyNorm, spelt] of await valuesOf(db, many, MAX_VALUES + 1)) values.set(keyNorm, spelt)
  return keys.map((key) => {
    const spelt = values.get(key.key_norm)
    return {
      key: key.key,
      keyNorm: key.key_norm,
      plants: key.plants,
      numeric: isNumericKey(key),
      values: isNumericKey(key) || !spelt || spelt.length > MAX_VALUES ? null : spelt,
    }
  })
}

async function valuesOf(db: Db, keyNorms: string[], limit: number): Promise<Map<string, string[]>> {
  const values = new Map<string, string[]>()
  if (keyNorms.length === 0) return values
  for (const row of await topValues(db, keyNorms, limit)) {
    values.set(row.key_norm, [...(values.get(row.key_norm) ?? []), row.value])
  }
  return values
}
