// Frozen: never edit a migration that has shipped; add a new one.
// Accounts for the website: display names that are not derived from the email, sessions, and what the
// "My API keys" page shows (last use, the accepted terms, the operator's commercial mark).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // Names were the local part of the email, which leaked it (and let import@… pass for the importer).
    // Every existing account becomes member-<id>, in its revisions and links too; links keep no author id,
    // so they are matched by the old name, except the importer's own "import".
    ...['author', 'removed_by'].map(
      (column) => sql`UPDATE plant_links SET ${sql.ref(column)} = (
        SELECT 'member-' || a.id FROM accounts a WHERE a.name = plant_links.${sql.ref(column)} ORDER BY a.id LIMIT 1
      ) WHERE ${sql.ref(column)} IN (SELECT name FROM accounts) AND ${sql.ref(column)} <> 'import'`,
    ),
    sql`UPDATE plant_revisions SET author = 'member-' || author_id WHERE author_id IS NOT NULL`,
    sql`UPDATE accounts SET name = 'member-' || id`,
    // name_key: the name folded for uniqueness (see displayNameKey), so "Anna B." and "anna-b" are one name.
    sql`ALTER TABLE accounts ADD COLUMN name_key TEXT NOT NULL DEFAULT ''`,
    sql`UPDATE accounts SET name_key = 'member' || id`,
    sql`CREATE UNIQUE INDEX accounts_name_key ON accounts(name_key)`,
    sql`ALTER TABLE api_keys ADD COLUMN last_used_at TEXT`,
    sql`ALTER TABLE api_keys ADD COLUMN terms_accepted_at TEXT`,
    sql`ALTER TABLE api_keys ADD COLUMN commercial_at TEXT`,
    // A session is known by the SHA-256 of its cookie's token: the token itself is never stored.
    sql`CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE INDEX sessions_account ON sessions(account_id)`,
    sql`CREATE INDEX sessions_expires ON sessions(expires_at)`,
  ]
  for (const statement of statements) await statement.execute(db)
}
