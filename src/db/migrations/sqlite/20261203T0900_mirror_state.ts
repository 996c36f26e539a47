// Frozen: never edit a migration that has shipped; add a new one.
// `hortus mirror`: where the copy of a remote Hortus stands (issue 26). One row per source URL: the change
// feed cursor it has applied up to, and the feed position up to which an export already showed the plants
// (their revisions are copied, the plants not fetched again).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE mirror_state (
    source TEXT PRIMARY KEY,
    cursor TEXT,
    covered TEXT NOT NULL,
    synced_at TEXT NOT NULL
  ) STRICT`.execute(db)
}
