// The range index (plant_numbers: the span of every number or range in an attribute value,
// attribute-numbers.ts), kept by every save as one PlantIndex. The registry's count of plants with a number
// per key is the facet index's (attribute-tally.ts).
import { sql } from 'kysely'
import { insertMany } from '../db/many-rows.ts'
import type { Store, Tx } from '../db/store.ts'
import type { PlantIndex } from '../plants/plant-index.ts'
import { storedPlants } from '../plants/stored-plants.ts'
import { numberRows } from './attribute-numbers.ts'

export const numberIndex: PlantIndex = {
  name: 'numbers',

  async replace({ tx }, { plant, before }) {
    if (before) await tx.deleteFrom('plant_numbers').where('plant_id', '=', plant.id).execute()
    await insertMany(tx, 'plant_numbers', numberRows(plant.id, plant.data))
  },

  async insertBatch({ tx }, saves) {
    await insertMany(
      tx,
      'plant_numbers',
      saves.flatMap(({ plant }) => numberRows(plant.id, plant.data)),
    )
  },

  async rebuild(_store: Store, tx: Tx) {
    await sql`DELETE FROM plant_numbers`.execute(tx)
    for await (const plants of storedPlants(tx))
      await insertMany(
        tx,
        'plant_numbers',
        plants.flatMap((plant) => numberRows(plant.id, plant.data)),
      )
  },
}
