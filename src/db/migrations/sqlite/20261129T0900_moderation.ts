// Frozen: never edit a migration that has shipped; add a new one.
// Moderation: roles and blocks on accounts, patrol marks and hidden notes on revisions, and the log of
// every moderation action. An account's edits are found by author (contributions, the new-account limit).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`ALTER TABLE accounts ADD COLUMN role TEXT NOT NULL DEFAULT 'member'
      CHECK (role IN ('member', 'moderator', 'operator'))`,
    sql`ALTER TABLE accounts ADD COLUMN blocked_at TEXT`,
    sql`ALTER TABLE accounts ADD COLUMN blocked_reason TEXT`,
    sql`ALTER TABLE plant_revisions ADD COLUMN patrolled_at TEXT`,
    sql`ALTER TABLE plant_revisions ADD COLUMN patrolled_by TEXT`,
    sql`ALTER TABLE plant_revisions ADD COLUMN note_hidden_at TEXT`,
    sql`CREATE INDEX plant_revisions_author ON plant_revisions (author_id, id)`,
    sql`CREATE TABLE moderation_log (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      moderator_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
      moderator TEXT NOT NULL,
      action TEXT NOT NULL,
      target TEXT NOT NULL,
      reason TEXT NOT NULL
    ) STRICT`,
  ]
  for (const statement of statements) await statement.execute(db)
}
