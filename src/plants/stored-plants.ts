// Every stored plant, in id order, a thousand documents at a time: what a migration's backfill reads; and
// the backfill itself, for an index whose rows each plant's attributes give (ranges, windows).
import type { Db, Tx } from '../db/store.ts'
import { insertMany, type Table } from '../db/many-rows.ts'
import type { Attribute, Plant } from './plant.ts'

export async function* storedPlants(db: Db, batch = 1000): AsyncGenerator<Plant[]> {
  let lastId = 0
  for (;;) {
    const rows = await db
      .selectFrom('plants')
      .select(['id', 'doc'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batch)
      .execute()
    if (rows.length === 0) return
    yield rows.map((row) => JSON.parse(row.doc) as Plant)
    lastId = Number(rows.at(-1)!.id)
  }
}

/** Fills `table` with the rows `rowsOf` gives for every stored plant, in one transaction. */
export async function backfillFromPlants(
  db: Db,
  table: Table,
  rowsOf: (plantId: number, data: Attribute[]) => readonly object[],
): Promise<void> {
  const backfill = async (tx: Tx) => {
    for await (const plants of storedPlants(tx))
      await insertMany(
        tx,
        table,
        plants.flatMap((plant) => rowsOf(plant.id, plant.data)),
      )
  }
  // PostgreSQL's migrations already run in a transaction, SQLite's do not.
  if (db.isTransaction) await backfill(db as Tx)
  else await db.transaction().execute((tx) => backfill(tx))
}
