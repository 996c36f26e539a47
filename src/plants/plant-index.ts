// What every piece of derived state a save maintains looks like to the write path: the facet rows and the
// attribute registry, the range index, the window index, the search text with its vocabulary and names,
// the offset markers and the revision row. Each is one PlantIndex; the list of them is
// writes/plant-indexes.ts, which a save, a batch of new plants, a revert and the mirror all loop over. An
// index never imports the write path: it is given the plant as saved.
import { sql } from 'kysely'
import type { Author } from '../accounts/account.ts'
import { insertMany } from '../db/many-rows.ts'
import type { Store, Tx } from '../db/store.ts'
import { storedPlants } from './stored-plants.ts'
import type { Attribute, Plant } from './plant.ts'
import type { PlantFields } from './plant-changes.ts'

/** One plant saved: as it is now, and its fields before (null for a new plant). */
export interface PlantSave {
  plant: Plant
  before: PlantFields | null
  /** The revision's note and author (only the revision row reads them). */
  note: string
  author: Author
  /** Where the save comes in its batch (IndexBatch.next): what depends on the order of saves (a new
   * attribute's spelling, the revision rows' order) follows it, however the batch groups its writes. */
  order?: number
}

/** Where a save writes: the store (for what is dialect-specific), its transaction, and the batch that
 * collects counts to write once at the end (a single save's batch ends with the save). */
export interface IndexWrite {
  store: Store
  tx: Tx
  batch: IndexBatch
}

export interface PlantIndex {
  /** The name a migration uses to ask for a rebuild (db/index-rebuilds.ts). */
  readonly name: string
  /** One plant saved, new or changed: its rows as `before` gave them become those of `plant`. */
  replace(write: IndexWrite, save: PlantSave): Promise<void>
  /** Plants saved together (the importer's batch: new plants, and plants there before it changes): the
   * same rows as `replace` for each, in a few multi-row statements. No plant comes twice. */
  insertBatch(write: IndexWrite, saves: readonly PlantSave[]): Promise<void>
  /** Empties the index and fills it again from every stored plant, in `tx`: what a migration that creates
   * or changes it asks for. */
  rebuild(store: Store, tx: Tx): Promise<void>
}

/** An index that is only rows of each plant's own, in `table`, made from its attributes by `rowsOf`: a
 * save replaces the plant's rows, a batch inserts them all, a rebuild makes every plant's again. */
export function ownRowsIndex(
  name: string,
  table: 'plant_numbers' | 'plant_windows',
  rowsOf: (plantId: number, data: readonly Attribute[]) => readonly object[],
): PlantIndex {
  const rowsOfPlant = (plant: Plant) => rowsOf(plant.id, plant.data)
  return {
    name,
    async replace({ tx }, { plant, before }) {
      const rows = rowsOfPlant(plant)
      if (before) {
        // A save changes an attribute or two: where the rows come out as they were (a text value saved
        // leaves the numbers, nearly every save the windows), the table is left alone.
        if (sameRows(rowsOf(plant.id, before.data), rows)) return
        await tx.deleteFrom(table).where('plant_id', '=', plant.id).execute()
      }
      await insertMany(tx, table, rows)
    },
    async insertBatch({ tx }, saves) {
      await deleteRowsOfChanged(tx, table, saves)
      await insertMany(
        tx,
        table,
        saves.flatMap(({ plant }) => rowsOfPlant(plant)),
      )
    },
    async rebuild(_store: Store, tx: Tx) {
      await sql`DELETE FROM ${sql.table(table)}`.execute(tx)
      for await (const plants of storedPlants(tx)) await insertMany(tx, table, plants.flatMap(rowsOfPlant))
    },
  }
}

/** Rows made by one function, so alike in their fields' order. */
const sameRows = (a: readonly object[], b: readonly object[]): boolean =>
  a.length === b.length && JSON.stringify(a) === JSON.stringify(b)

/** Ids per DELETE: within SQLite's and PostgreSQL's bound-parameter limits. */
const IDS_PER_DELETE = 500

/** Deletes the rows in `table` of the plants among `saves` that were there before: a batch then inserts
 * every plant's rows anew. */
export async function deleteRowsOfChanged(
  tx: Tx,
  table: 'plant_numbers' | 'plant_windows' | 'plant_facets',
  saves: readonly PlantSave[],
): Promise<void> {
  const changed = saves.flatMap(({ plant, before }) => (before ? [plant.id] : []))
  for (let start = 0; start < changed.length; start += IDS_PER_DELETE)
    await tx
      .deleteFrom(table)
      .where('plant_id', 'in', changed.slice(start, start + IDS_PER_DELETE))
      .execute()
}

/** Counts an index collects over a transaction's saves (the attribute tally, the word tally) and writes
 * once, at its end: the importer's thousands of plants add up in memory and each count row is written once.
 * Counts are written in the order the indexes first collected them, which is the list's order. */
export class IndexBatch {
  readonly #pending = new Map<string, { value: unknown; write: (tx: Tx) => Promise<void> }>()
  #saves = 0

  /** The place of the next save in this batch: the importer takes a new plant's when it reads its line,
   * though the plant is written later, with others. */
  next(): number {
    return this.#saves++
  }

  /** The counts `name` collects in this batch, made on first use; `write` puts them in the database. */
  collect<T>(name: string, make: () => T, write: (tx: Tx, value: T) => Promise<void>): T {
    const pending = this.#pending.get(name)
    if (pending) return pending.value as T
    const value = make()
    this.#pending.set(name, { value, write: (tx) => write(tx, value) })
    return value
  }

  /** Writes what was collected, and starts again empty. */
  async write(tx: Tx): Promise<void> {
    const pending = [...this.#pending.values()]
    this.#pending.clear()
    for (const { write } of pending) await write(tx)
  }
}
