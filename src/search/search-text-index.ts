// What a save does for search, as one PlantIndex: the full-text entry, the names table and the vocabulary's
// counts (search-text.ts, vocabulary.ts). The word counts of a batch's saves are added up in memory and
// written once, at its end, with its new plants' entries and names.
import { sql } from 'kysely'
import type { Store, Tx } from '../db/store.ts'
import type { IndexBatch, IndexWrite, PlantIndex, PlantSave } from '../plants/plant-index.ts'
import { storedPlants } from '../plants/stored-plants.ts'
import { searchIndexOf } from './dialect-search.ts'
import { searchEntry } from './search-text.ts'
import type { SearchEntry } from './search-index.ts'
import { addNames, applyWordTally, putNames, WordTally } from './vocabulary.ts'
import { searchIndexWrites } from '../metrics/instruments.ts'

const NAME = 'search'

const wordsOf = (batch: IndexBatch) => batch.collect(NAME, () => new WordTally(), applyWordTally)

/** A batch's new plants' entries and names, written at its end with its counts: the importer makes its
 * next batch's rows meanwhile (transfer/import.ts, BatchesInFlight). */
const newEntriesOf = (store: Store, batch: IndexBatch) =>
  batch.collect(
    `${NAME} entries`,
    (): SearchEntry[] => [],
    async (tx, entries) => {
      await addNames(tx, entries)
      await searchIndexOf(store).add(tx, entries)
    },
  )

/** Saves of plants that may have an entry already (`before` set), or that are saved alone: their words
 * counted, their names and entries replaced, a few statements for all. Unchanged text (most edits touch
 * only attributes) leaves the names and the entry alone. */
async function replaceEntries({ store, tx, batch }: IndexWrite, saves: readonly PlantSave[]) {
  const words = wordsOf(batch)
  searchIndexWrites.inc({}, saves.length)
  const entries = saves.map(({ plant }) => searchEntry(plant))
  const befores = saves.map(({ plant, before }) => before && { ...before, id: plant.id })
  saves.forEach(({ plant }, index) => words.count(befores[index] ?? null, plant))
  await putNames(
    tx,
    entries.map((entry, index) => ({ before: befores[index] ?? null, after: entry })),
  )
  await searchIndexOf(store).put(
    tx,
    entries.map((after, index) => {
      const before = befores[index]
      return { before: before ? searchEntry(before) : null, after }
    }),
  )
}

export const searchTextIndex: PlantIndex = {
  name: NAME,

  replace: (write, save) => replaceEntries(write, [save]),

  async insertBatch(write, saves) {
    await replaceEntries(
      write,
      saves.filter(({ before }) => before),
    )
    const { store, batch } = write
    const words = wordsOf(batch)
    const entries = newEntriesOf(store, batch)
    for (const { plant, before } of saves) {
      if (before) continue
      searchIndexWrites.inc()
      words.count(null, plant)
      entries.push(searchEntry(plant))
    }
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
      const entries = plants.map(searchEntry)
      await addNames(tx, entries)
      await search.add(tx, entries)
    }
    await applyWordTally(tx, words)
  },
}
