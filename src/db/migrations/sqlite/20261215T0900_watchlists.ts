// Frozen: never edit a migration that has shipped; add a new one.
// Watchlists: the plants each member watches, whether and how often they are mailed about changes, the
// one-click unsubscribe links of those mails (by the SHA-256 of their token), when each watched plant was
// last mailed about, and how far the notifier has read the change feed (from the feed's end at this
// migration: no one is mailed about the past).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE watches (
      account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      PRIMARY KEY (account_id, plant_id)
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE INDEX watches_plant ON watches(plant_id, account_id)`,
    sql`CREATE TABLE watch_settings (
      account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      mail TEXT NOT NULL CHECK (mail IN ('none', 'instant', 'daily')),
      site_url TEXT NOT NULL,
      last_digest_at TEXT NOT NULL
    ) STRICT`,
    sql`CREATE TABLE watch_mailed (
      account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      plant_id INTEGER NOT NULL,
      mailed_at TEXT NOT NULL,
      PRIMARY KEY (account_id, plant_id)
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE TABLE unsubscribe_links (
      token_hash TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE TABLE feed_followers (
      name TEXT PRIMARY KEY,
      commit_seq INTEGER NOT NULL,
      revision_id INTEGER NOT NULL
    ) STRICT`,
    sql`INSERT INTO feed_followers (name, commit_seq, revision_id)
      SELECT 'watchlists', coalesce(max(commit_seq), 0), coalesce(max(id), 0) FROM plant_revisions`,
  ]
  for (const statement of statements) await statement.execute(db)
}
