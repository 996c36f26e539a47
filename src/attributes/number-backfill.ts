// Fills the range index from the plants already stored: run once by the migration that creates it.
import type { Db } from '../db/store.ts'
import { backfillFromPlants } from '../plants/stored-plants.ts'
import { numberRows } from './attribute-numbers.ts'

export const backfillPlantNumbers = (db: Db): Promise<void> =>
  backfillFromPlants(db, 'plant_numbers', numberRows)
