// The facet index (plant_facets: each attribute value whole and each element of a list, normalized) and
// the attribute registry's counts (attribute-tally.ts), kept by every save as one PlantIndex. The counts
// of a batch's saves are added up in memory and written once, at its end.
import { sql } from 'kysely'
import { insertMany } from '../db/many-rows.ts'
import type { Store, Tx } from '../db/store.ts'
import { deleteRowsOfChanged, type IndexBatch, type PlantIndex } from '../plants/plant-index.ts'
import { facetRows } from '../plants/plant.ts'
import { storedPlants } from '../plants/stored-plants.ts'
import { AttributeTally } from './attribute-tally.ts'
import { applyTally } from './attribute.repository.ts'

const NAME = 'facets'

const tallyOf = (batch: IndexBatch) => batch.collect(NAME, () => new AttributeTally(), applyTally)

export const facetIndex: PlantIndex = {
  name: NAME,

  async replace({ tx, batch }, { plant, before, order }) {
    if (before) await tx.deleteFrom('plant_facets').where('plant_id', '=', plant.id).execute()
    await insertMany(tx, 'plant_facets', facetRows(plant.id, plant.data))
    tallyOf(batch).count(before?.data ?? null, plant.data, order)
  },

  async insertBatch({ tx, batch }, saves) {
    await deleteRowsOfChanged(tx, 'plant_facets', saves)
    await insertMany(
      tx,
      'plant_facets',
      saves.flatMap(({ plant }) => facetRows(plant.id, plant.data)),
    )
    const tally = tallyOf(batch)
    for (const { plant, before, order } of saves) tally.count(before?.data ?? null, plant.data, order)
  },

  async rebuild(_store: Store, tx: Tx) {
    await sql`DELETE FROM plant_facets`.execute(tx)
    await sql`DELETE FROM attribute_values`.execute(tx)
    await sql`DELETE FROM attribute_keys`.execute(tx)
    const tally = new AttributeTally()
    for await (const plants of storedPlants(tx)) {
      await insertMany(
        tx,
        'plant_facets',
        plants.flatMap((plant) => facetRows(plant.id, plant.data)),
      )
      for (const plant of plants) tally.count(null, plant.data)
    }
    await applyTally(tx, tally)
  },
}
