// The phrase book of a database, built from its attribute registry and kept until the next save: one
// indexed read per search tells whether it still holds (the change feed's latest position).
import type { Db } from '../db/store.ts'
import { listKeys, lastCommit, topValues } from '../attributes/attribute.repository.ts'
import { isNumericKey } from '../attributes/numeric-keys.ts'
import { ALTERNATE_NAME_KEY, normalizeFacet } from '../plants/plant.ts'
import { PhraseBook, type RegistryKey } from './phrase-book.ts'
import { isProse } from './registry-phrases.ts'

const kept = new WeakMap<Db, { commit: number; book: PhraseBook }>()

/** Values read of every key at first: enough to tell its values' shape, and all of most keys'. */
const FIRST_VALUES = 200
/** A key of short names with more values (pests by the hundred) is read further, up to this many; past
 * it, a key's values are not read as phrases at all (the name search still finds their words). */
const MAX_VALUES = 2000
/** Keys whose values are the plant's own names: the name search reads them (the genus is the first word
 * of the scientific name), so "allium" or "tomate" stays a name. */
const NAME_KEYS = new Set(['Genus', ALTERNATE_NAME_KEY].map(normalizeFacet))

export async function phraseBookOf(db: Db): Promise<PhraseBook> {
  const commit = await lastCommit(db)
  const cached = kept.get(db)
  if (cached?.commit === commit) return cached.book
  const keys = await listKeys(db)
  const textKeys = keys
    .filter((key) => !isNumericKey(key) && !NAME_KEYS.has(key.key_norm))
    .map((key) => key.key_norm)
  const values = await valuesOf(db, textKeys, FIRST_VALUES + 1)
  // A key of links or of sentences ("Direct seed, thin to 5cm apart…") is not a key of phrases.
  for (const [keyNorm, spelt] of values) if (isProse(spelt)) values.delete(keyNorm)
  const many = [...values].filter(([, spelt]) => spelt.length > FIRST_VALUES).map(([keyNorm]) => keyNorm)
  for (const [keyNorm, spelt] of await valuesOf(db, many, MAX_VALUES + 1)) values.set(keyNorm, spelt)
  const registry: RegistryKey[] = keys.map((key) => {
    const spelt = values.get(key.key_norm)
    return {
      key: key.key,
      keyNorm: key.key_norm,
      plants: key.plants,
      numeric: isNumericKey(key),
      values: isNumericKey(key) || !spelt || spelt.length > MAX_VALUES ? null : spelt,
    }
  })
  const book = new PhraseBook(registry)
  kept.set(db, { commit, book })
  return book
}

async function valuesOf(db: Db, keyNorms: string[], limit: number): Promise<Map<string, string[]>> {
  const values = new Map<string, string[]>()
  if (keyNorms.length === 0) return values
  for (const row of await topValues(db, keyNorms, limit)) {
    values.set(row.key_norm, [...(values.get(row.key_norm) ?? []), row.value])
  }
  return values
}
