// Fills the window index from the plants already stored: run once by the migration that creates it.
import type { Db } from '../db/store.ts'
import { backfillFromPlants } from '../plants/stored-plants.ts'
import { windowRows } from './window-rows.ts'

export const backfillPlantWindows = (db: Db): Promise<void> =>
  backfillFromPlants(db, 'plant_windows', windowRows)
