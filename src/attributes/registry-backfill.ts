// Fills the attribute registry from the plants already stored: run once by the migration that creates it.
import type { Db, Tx } from '../db/store.ts'
import { storedPlants } from '../plants/stored-plants.ts'
import { AttributeTally } from './attribute-tally.ts'
import { applyTally } from './attribute.repository.ts'

export async function backfillAttributeRegistry(db: Db): Promise<void> {
  const tally = new AttributeTally()
  for await (const plants of storedPlants(db)) for (const plant of plants) tally.count(null, plant.data)
  // PostgreSQL's migrations already run in a transaction, SQLite's do not.
  if (db.isTransaction) await applyTally(db as Tx, tally)
  else await db.transaction().execute((tx) => applyTally(tx, tally))
}
