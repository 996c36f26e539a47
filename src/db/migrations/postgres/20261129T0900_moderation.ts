// Frozen: never edit a migration that has shipped; add a new one.
// Moderation: roles and blocks on accounts, patrol marks and hidden notes on revisions, and the log of
// every moderation action. An account's edits are found by author (contributions, the new-account limit).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`ALTER TABLE accounts ADD COLUMN role text COLLATE "C" NOT NULL DEFAULT 'member'
      CHECK (role IN ('member', 'moderator', 'operator'))`,
    sql`ALTER TABLE accounts ADD COLUMN blocked_at timestamptz(3)`,
    sql`ALTER TABLE accounts ADD COLUMN blocked_reason text COLLATE "C"`,
    sql`ALTER TABLE plant_revisions ADD COLUMN patrolled_at timestamptz(3)`,
    sql`ALTER TABLE plant_revisions ADD COLUMN patrolled_by text COLLATE "C"`,
    sql`ALTER TABLE plant_revisions ADD COLUMN note_hidden_at timestamptz(3)`,
    sql`CREATE INDEX plant_revisions_author ON plant_revisions (author_id, id)`,
    sql`CREATE TABLE moderation_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz(3) NOT NULL,
      moderator_id bigint REFERENCES accounts(id) ON DELETE SET NULL,
      moderator text COLLATE "C" NOT NULL,
      action text COLLATE "C" NOT NULL,
      target text COLLATE "C" NOT NULL,
      reason text COLLATE "C" NOT NULL
    )`,
  ]
  for (const statement of statements) await statement.execute(db)
}
