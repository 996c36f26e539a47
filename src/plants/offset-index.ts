// The offset markers (plant_offsets, plant-offsets.ts), as one PlantIndex: plants are never deleted, so only
// a new plant moves them; a changed plant leaves them as they are.
import type { Store, Tx } from '../db/store.ts'
import type { PlantIndex } from './plant-index.ts'
import { moveOffsetsAfter, placeOffsetsFrom } from './plant-offsets.ts'

export const offsetIndex: PlantIndex = {
  name: 'offsets',

  async replace({ tx }, { plant, before }) {
    if (!before) moveOffsetsAfter(tx, [plant.id])
  },

  async insertBatch({ tx }, saves) {
    const added = saves.flatMap(({ plant, before }) => (before ? [] : [plant.id]))
    if (added.length > 0) moveOffsetsAfter(tx, added)
  },

  // Every marker placed again, from the first plant.
  rebuild: (_store: Store, tx: Tx) => placeOffsetsFrom(tx, 0),
}
