// The phrase book of a database, built from its attribute registry and kept until the next save: one
// indexed read per search tells whether it still holds (the change feed's latest position).
import type { Db } from '../db/store.ts'
import { listKeys, lastCommit, topValues } from '../attributes/attribute.repository.ts'
import { isNumericKey } from '../attributes/numeric-keys.ts'
import { MAX_READ_VALUES, PhraseBook, type RegistryKey } from './phrase-book.ts'

const kept = new WeakMap<Db, { commit: number; book: PhraseBook }>()

export async function phraseBookOf(db: Db): Promise<PhraseBook> {
  const commit = await lastCommit(db)
  const cached = kept.get(db)
  if (cached?.commit === commit) return cached.book
  const keys = await listKeys(db)
  const textKeys = keys.filter((key) => !isNumericKey(key)).map((key) => key.key_norm)
  const values = new Map<string, string[]>()
  for (const row of await topValues(db, textKeys, MAX_READ_VALUES + 1)) {
    values.set(row.key_norm, [...(values.get(row.key_norm) ?? []), row.value])
  }
  const registry: RegistryKey[] = keys.map((key) => {
    const spelt = values.get(key.key_norm) ?? []
    return {
      key: key.key,
      keyNorm: key.key_norm,
      plants: key.plants,
      numeric: isNumericKey(key),
      values: isNumericKey(key) || spelt.length > MAX_READ_VALUES ? null : spelt,
    }
  })
  const book = new PhraseBook(registry)
  kept.set(db, { commit, book })
  return book
}
