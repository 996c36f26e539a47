// Fills the attribute registry from the plants already stored: run once by the migration that creates it.
import type { Db, Tx } from '../db/store.ts'
import type { Plant } from '../plants/plant.ts'
import { AttributeTally } from './attribute-tally.ts'
import { applyTally } from './attribute.repository.ts'

export async function backfillAttributeRegistry(db: Db): Promise<void> {
  const tally = new AttributeTally()
  let lastId = 0
  for (;;) {
    const rows = await db
      .selectFrom('plants')
      .select(['id', 'doc'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(1000)
      .execute()
    if (rows.length === 0) break
    for (const row of rows) tally.count(null, (JSON.parse(row.doc) as Plant).data)
    lastId = Number(rows.at(-1)!.id)
  }
  // PostgreSQL's migrations already run in a transaction, SQLite's do not.
  if (db.isTransaction) await applyTally(db as Tx, tally)
  else await db.transaction().execute((tx) => applyTally(tx, tally))
}
