// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'

// The change feed lists revisions in the order their transactions committed: `commit_seq` is given to a
// transaction's revisions just before it commits (db/commit-order.ts), so a poller that has read up to a
// position never meets a revision that commits later with a smaller one. Revisions written before this
// migration take their id, the order they were written in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE plant_revisions ADD COLUMN commit_seq INTEGER`.execute(db)
  await sql`UPDATE plant_revisions SET commit_seq = id`.execute(db)
  await sql`CREATE INDEX plant_revisions_commit_order ON plant_revisions (commit_seq, id)`.execute(db)
  // Finds a transaction's own revisions still waiting for their position (other transactions' are either
  // committed with one or invisible to it).
  await sql`CREATE INDEX plant_revisions_unordered ON plant_revisions (id) WHERE commit_seq IS NULL`.execute(
    db,
  )
}
