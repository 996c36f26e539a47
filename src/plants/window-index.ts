// The window index (plant_windows: every sowing and planting window of a plant's attributes, window-rows.ts),
// kept by every save as one PlantIndex.
import { sql } from 'kysely'
import { insertMany } from '../db/many-rows.ts'
import type { Store, Tx } from '../db/store.ts'
import type { PlantIndex } from './plant-index.ts'
import { storedPlants } from './stored-plants.ts'
import { windowRows } from './window-rows.ts'

export const windowIndex: PlantIndex = {
  name: 'windows',

  async replace({ tx }, { plant, before }) {
    if (before) await tx.deleteFrom('plant_windows').where('plant_id', '=', plant.id).execute()
    await insertMany(tx, 'plant_windows', windowRows(plant.id, plant.data))
  },

  async insertBatch({ tx }, saves) {
    await insertMany(
      tx,
      'plant_windows',
      saves.flatMap(({ plant }) => windowRows(plant.id, plant.data)),
    )
  },

  async rebuild(_store: Store, tx: Tx) {
    await sql`DELETE FROM plant_windows`.execute(tx)
    for await (const plants of storedPlants(tx))
      await insertMany(
        tx,
        'plant_windows',
        plants.flatMap((plant) => windowRows(plant.id, plant.data)),
      )
  },
}
