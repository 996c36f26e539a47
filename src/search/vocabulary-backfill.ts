// Fills the search vocabulary and the names table from the plants already stored: run once by the
// migration that creates them. A plant with a synonym attribute also gets its full-text entry rewritten,
// since synonyms became names then.
import type { Db, Tx } from '../db/store.ts'
import { storedPlants } from '../plants/stored-plants.ts'
import type { SearchIndex } from './search-index.ts'
import { searchEntry } from './search-text.ts'
import { applyWordTally, putNames, WordTally } from './vocabulary.ts'

export async function backfillSearchVocabulary(db: Db, search: SearchIndex): Promise<void> {
  // PostgreSQL's migrations already run in a transaction, SQLite's do not.
  if (db.isTransaction) await backfill(db as Tx, search)
  else await db.transaction().execute((tx) => backfill(tx, search))
}

async function backfill(tx: Tx, search: SearchIndex): Promise<void> {
  const tally = new WordTally()
  for await (const plants of storedPlants(tx)) {
    for (const plant of plants) {
      tally.count(null, plant)
      await putNames(tx, null, plant)
      if (plant.data.some(({ key }) => /^\s*synonyms?\s*$/i.test(key)))
        await search.put(tx, searchEntry(plant))
    }
  }
  await applyWordTally(tx, tally)
}
