// Fills the range index from the plants already stored: run once by the migration that creates it.
import type { Db, Tx } from '../db/store.ts'
import { insertMany } from '../db/many-rows.ts'
import type { Plant } from '../plants/plant.ts'
import { numberRows } from './attribute-numbers.ts'

export async function backfillPlantNumbers(db: Db): Promise<void> {
  // PostgreSQL's migrations already run in a transaction, SQLite's do not.
  if (db.isTransaction) await backfill(db as Tx)
  else await db.transaction().execute((tx) => backfill(tx))
}

async function backfill(tx: Tx): Promise<void> {
  let lastId = 0
  for (;;) {
    const rows = await tx
      .selectFrom('plants')
      .select(['id', 'doc'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(1000)
      .execute()
    if (rows.length === 0) break
    await insertMany(
      tx,
      'plant_numbers',
      rows.flatMap((row) => numberRows(Number(row.id), (JSON.parse(row.doc) as Plant).data)),
    )
    lastId = Number(rows.at(-1)!.id)
  }
}
