// The phrase book of a database, made from its attribute registry. A search reads the registry's version
// (one indexed read; only a save that adds or removes a key or value moves it, attribute.repository.ts)
// and is answered with the book it has; when the version has moved, the book catches up off the request
// path: the keys recorded as moved since its version (registry_changes) are read again, and each key's
// part of the book is made again from its own values (PhraseBook.update), a millisecond or two where
// making the whole book again costs tens. The whole book is made only at the start (in steps, before any
// search comes: warmPhraseBook), or when the keys that moved are not all recorded (a process a thousand
// versions behind, an import), off the request path while the last book keeps serving.
import type { Db } from '../db/store.ts'
import {
  changedKeysSince,
  findKeys,
  listKeys,
  registryVersion,
  topValues,
  type KeyRow,
} from '../attributes/attribute.repository.ts'
import { isNumericKey } from '../attributes/numeric-keys.ts'
import { offRegistryChange, onRegistryChange } from '../attributes/registry-changes.ts'
import { ALTERNATE_NAME_KEY, normalizeFacet } from '../plants/plant.ts'
import { PhraseBook, type RegistryKey } from './phrase-book.ts'
import { isProse } from './registry-phrases.ts'
import { phraseBookBuilds, phraseBookPhrases } from '../metrics/instruments.ts'

interface Kept {
  /** The registry version the book is at. */
  version: number
  book: PhraseBook | null
  /** The book's making or catching up, one at a time. */
  working: Promise<void> | null
  /** A search waits for the book being made (there was none): its steps left run at once. */
  hurry: boolean
}

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
    await keepUp(db, entry)
  } else if (entry.version !== version) void keepUp(db, entry).catch(() => {})
  return entry.book!
}

/** Makes the book at start-up, in steps (requests answered between them), so that the first search
 * finds it made; a search that comes first hurries it. */
export async function warmPhraseBook(db: Db): Promise<void> {
  const entry = keptOf(db)
  if (entry.book === null) await keepUp(db, entry).catch(() => {})
}

function keptOf(db: Db): Kept {
  let entry = kept.get(db)
  if (!entry) {
    kept.set(db, (entry = { version: -1, book: null, working: null, hurry: false }))
    followSaves(new WeakRef(db), entry)
  }
  return entry
}

/** A save in this process that changed the registry brings the book up to date, and is answered once it
 * is (its author's next search reads what it added) or after SAVE_WAITS_MS, whichever comes first. A save
 * in another process (another worker) is seen by the next search here, which catches up off its path. */
function followSaves(ref: WeakRef<Db>, entry: Kept): void {
  const listener = async () => {
    const db = ref.deref()
    if (!db) return offRegistryChange(listener)
    // The catching up under way may have read the version before this save: then once more after it.
    const current = keepUp(db, entry)
      .then(() => keepUp(db, entry))
      .catch(() => {})
    await Promise.race([current, new Promise((resolve) => setTimeout(resolve, SAVE_WAITS_MS).unref())])
  }
  onRegistryChange(listener)
}

const SAVE_WAITS_MS = 500

/** Brings the book to the registry's version now; a call while the book is being made or brought up to
 * date waits for that. */
function keepUp(db: Db, entry: Kept): Promise<void> {
  entry.working ??= (async () => {
    try {
      // The version read first: a save between it and the reads after moves it again, and the next
      // catching up reads that save's keys again, never too few.
      const version = await registryVersion(db)
      if (version === entry.version && entry.book) return
      const changed = entry.book && (await changedKeysSince(db, entry.version, version))
      if (entry.book && changed) {
        entry.book.update(await keyInputs(db, changed))
        phraseBookBuilds.inc({ kind: 'update' })
      } else {
        entry.book = await PhraseBook.build(await phraseInputs(db), { hurry: () => entry.hurry })
        phraseBookBuilds.inc({ kind: 'whole' })
      }
      phraseBookPhrases.set(entry.book.size)
      entry.version = version
    } finally {
      entry.working = null
      entry.hurry = false
    }
  })()
  return entry.working
}

/** What a phrase book is made of: the registry's keys, with the values of those read by their values. */
async function phraseInputs(db: Db): Promise<RegistryKey[]> {
  return inputsOf(db, await listKeys(db))
}

/** These keys as they are now, null for a key no plant has any more: what PhraseBook.update is given. */
async function keyInputs(db: Db, keyNorms: string[]): Promise<Map<string, RegistryKey | null>> {
  const inputs = new Map<string, RegistryKey | null>(keyNorms.map((keyNorm) => [keyNorm, null]))
  for (const key of await inputsOf(db, await findKeys(db, keyNorms))) inputs.set(key.keyNorm, key)
  return inputs
}

/** Each key's input depends on its own values alone, so that a key read again alone reads as it did
 * among the others. */
async function inputsOf(db: Db, keys: KeyRow[]): Promise<RegistryKey[]> {
  const textKeys = keys
    .filter((key) => !isNumericKey(key) && !NAME_KEYS.has(key.key_norm))
    .map((key) => key.key_norm)
  const values = await valuesOf(db, textKeys, FIRST_VALUES + 1)
  const many = [...values].filter(([, spelt]) => spelt.length > FIRST_VALUES).map(([keyNorm]) => keyNorm)
  for (const [keyNorm, spelt] of await valuesOf(db, many, MAX_VALUES + 1)) values.set(keyNorm, spelt)
  return keys.map((key) => {
    const spelt = values.get(key.key_norm)
    return {
      key: key.key,
      keyNorm: key.key_norm,
      plants: key.plants,
      numeric: isNumericKey(key),
      // A key of links or of sentences ("Direct seed, thin to 5cm apart…") is not a key of phrases.
      values: isNumericKey(key) || !spelt || spelt.length > MAX_VALUES || isProse(spelt) ? null : spelt,
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
