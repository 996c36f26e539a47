// Frozen: never edit a migration that has shipped; add a new one.
// The same changes as the SQLite migration of the same name.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    ...['author', 'removed_by'].map(
      (column) => sql`UPDATE plant_links SET ${sql.ref(column)} = (
        SELECT 'member-' || a.id FROM accounts a WHERE a.name = plant_links.${sql.ref(column)} ORDER BY a.id LIMIT 1
      ) WHERE ${sql.ref(column)} IN (SELECT name FROM accounts) AND ${sql.ref(column)} <> 'import'`,
    ),
    sql`UPDATE plant_revisions SET author = 'member-' || author_id WHERE author_id IS NOT NULL`,
    sql`UPDATE accounts SET name = 'member-' || id`,
    sql`ALTER TABLE accounts ADD COLUMN name_key text COLLATE "C" NOT NULL DEFAULT ''`,
    sql`UPDATE accounts SET name_key = 'member' || id`,
    sql`CREATE UNIQUE INDEX accounts_name_key ON accounts(name_key)`,
    sql`ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz(3)`,
    sql`ALTER TABLE api_keys ADD COLUMN terms_accepted_at timestamptz(3)`,
    sql`ALTER TABLE api_keys ADD COLUMN commercial_at timestamptz(3)`,
    sql`CREATE TABLE sessions (
      token_hash text COLLATE "C" PRIMARY KEY,
      account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      created_at timestamptz(3) NOT NULL,
      expires_at timestamptz(3) NOT NULL
    )`,
    sql`CREATE INDEX sessions_account ON sessions(account_id)`,
    sql`CREATE INDEX sessions_expires ON sessions(expires_at)`,
  ]
  for (const statement of statements) await statement.execute(db)
}
