// Fills the window index from the plants already stored: run once by the migration that creates it.
import type { Db, Tx } from '../db/store.ts'
import { insertMany } from '../db/many-rows.ts'
import { storedPlants } from '../plants/stored-plants.ts'
import { windowRows } from './window-rows.ts'

export async function backfillPlantWindows(db: Db): Promise<void> {
  // PostgreSQL's migrations already run in a transaction, SQLite's do not.
  if (db.isTransaction) await backfill(db as Tx)
  else await db.transaction().execute((tx) => backfill(tx))
}

async function backfill(tx: Tx): Promise<void> {
  for await (const plants of storedPlants(tx)) {
    await insertMany(
      tx,
      'plant_windows',
      plants.flatMap((plant) => windowRows(plant.id, plant.data)),
    )
  }
}
