// What a save does for search, as one PlantIndex: the full-text entry, the names table and the vocabulary's
// counts (search-text.ts, vocabulary.ts). The word counts of a batch's saves are added up in memory and
// written once, at its end.
import { sql } from 'kysely'
import type { Store, Tx } from '../db/store.ts'
import type { IndexBatch, PlantIndex } from '../plants/plant-index.ts'
import { storedPlants } from '../plants/stored-plants.ts'
import { searchIndexOf } from './dialect-search.ts'
import { searchEntry } from './search-text.ts'
import { addNames, applyWordTally, putNames, WordTally } from './vocabulary.ts'

const NAME = 'search'

const wordsOf = (batch: IndexBatch) => batch.collect(NAME, () => new WordTally(), applyWordTally)

export const searchTextIndex: PlantIndex = {
  name: NAME,

  async replace({ store, tx, batch }, { plant, before }) {
    wordsOf(batch).count(before && { ...before, id: plant.id }, plant)
    await putNames(tx, before && { ...before, id: plant.id }, plant)
    await searchIndexOf(store).put(tx, searchEntry(plant))
  },

  async insertBatch(write, saves) {
    // A changed plant's entry and names are replaced one by one: unchanged text (most edits touch only
    // attributes) leaves them alone.
    for (const save of saves) if (save.before) await searchTextIndex.replace(write, save)
    const { store, tx, batch } = write
    const words = wordsOf(batch)
    const plants = saves.flatMap(({ plant, before }) => (before ? [] : [plant]))
    for (const plant of plants) words.count(null, plant)
    await addNames(tx, plants)
    await searchIndexOf(store).add(tx, plants.map(searchEntry))
  },

  async rebuild(store: Store, tx: Tx) {
    const search = searchIndexOf(store)
    await sql`DELETE FROM search_word_variants`.execute(tx)
    await sql`DELETE FROM search_words`.execute(tx)
    await sql`DELETE FROM search_names`.execute(tx)
    await search.clear(tx)
    const words = new WordTally()
    for await (const plants of storedPlants(tx)) {
      for (const plant of plants) words.count(null, plant)
      await addNames(tx, plants)
      await search.add(tx, plants.map(searchEntry))
    }
    await applyWordTally(tx, words)
  },
}
