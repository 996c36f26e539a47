// Every piece of derived state a save keeps, in the order a save writes it: the one list that a save
// (plant-writes.ts), a batch of new plants (new-plants.ts), a revert (revisions/revert.ts, through
// saveNextVersion) and the mirror (transfer/mirror-writes.ts) loop over, and whose rebuilds the migrate
// step runs when a migration asks for one (db/index-rebuilds.ts). An index is given the plant as saved
// and never imports the write path.
import { facetIndex } from '../attributes/facet-index.ts'
import { numberIndex } from '../attributes/number-index.ts'
import { windowIndex } from '../plants/window-index.ts'
import { offsetIndex } from '../plants/offset-index.ts'
import { IndexBatch, type IndexWrite, type PlantIndex, type PlantSave } from '../plants/plant-index.ts'
import { revisionIndex } from '../plants/revision-index.ts'
import { searchTextIndex } from '../search/search-text-index.ts'
import type { Store, Tx } from '../db/store.ts'

export const PLANT_INDEXES: readonly PlantIndex[] = [
  facetIndex,
  numberIndex,
  windowIndex,
  searchTextIndex,
  offsetIndex,
  revisionIndex,
]

/** The indexes a copy of another Hortus keeps: its revisions are copied as the source wrote them. */
export const MIRRORED_INDEXES: readonly PlantIndex[] = PLANT_INDEXES.filter(
  (index) => index !== revisionIndex,
)

/** One plant saved, in every index. Without a `batch` the save's counts are written here; with one, they
 * are added to it for the caller to write at the end of its transaction. */
export async function savedInIndexes(
  store: Store,
  tx: Tx,
  save: PlantSave,
  batch?: IndexBatch,
  indexes: readonly PlantIndex[] = PLANT_INDEXES,
): Promise<void> {
  const write: IndexWrite = { store, tx, batch: batch ?? new IndexBatch() }
  const placed = save.order === undefined ? { ...save, order: write.batch.next() } : save
  for (const index of indexes) await index.replace(write, placed)
  if (!batch) await write.batch.write(tx)
}

/** New plants saved together, in every index; their counts are added to `batch`. Each save keeps the
 * `order` it was given when its plant was added (IndexBatch.next), else takes the next. */
export async function insertedInIndexes(
  store: Store,
  tx: Tx,
  saves: readonly PlantSave[],
  batch: IndexBatch,
): Promise<void> {
  const write: IndexWrite = { store, tx, batch }
  const placed = saves.map((save) => (save.order === undefined ? { ...save, order: batch.next() } : save))
  for (const index of PLANT_INDEXES) await index.insertBatch(write, placed)
}

export { IndexBatch }
