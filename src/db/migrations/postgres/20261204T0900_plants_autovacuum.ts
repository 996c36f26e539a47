// Frozen: never edit a migration that has shipped; add a new one.
// Index-only scans (the offset page counts its way through the ids of `plants`) read the heap for every
// row on a page the visibility map no longer marks all-visible, and every save of a plant unmarks its page
// until a VACUUM. With the default threshold (20% of the table) autovacuum waited for 18,000 saves at
// 92,000 plants: 1,000 saves, 1%, already made the offset page cost 2.5 times as much on the database
// (7.8–8.1 ms of CPU instead of 2.9–3.3). A vacuum after 200 saves visits only the pages they touched.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE plants SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 200)`.execute(
    db,
  )
}
