import { sql } from 'kysely'
import type { Db } from '../db/store.ts'

/** The cheapest statement that proves a connection to the database works. */
export async function ping(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db)
}
