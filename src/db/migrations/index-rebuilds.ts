// How a migration asks for an index to be filled from the plants already stored: it records the index's
// name (one of writes/plant-indexes.ts), and the migrate step rebuilds it once the migrations have run
// (db/index-rebuilds.ts). A migration never fills an index itself: it would run application code frozen at
// its date. The table is created here too, since a database migrated before the table existed runs the
// later migrations that ask (the same statement on both databases).
import { sql, type Kysely } from 'kysely'

export async function createRebuildRequests(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS index_rebuilds (name text PRIMARY KEY)`.execute(db)
}

export async function requestRebuilds(db: Kysely<unknown>, names: readonly string[]): Promise<void> {
  await createRebuildRequests(db)
  for (const name of names)
    await sql`INSERT INTO index_rebuilds (name) VALUES (${name}) ON CONFLICT DO NOTHING`.execute(db)
}
