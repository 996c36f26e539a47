// Frozen: never edit a migration that has shipped; add a new one.
// Watchlists: the plants each member watches, whether and how often they are mailed about changes, the
// one-click unsubscribe links of those mails (by the SHA-256 of their token), when each watched plant was
// last mailed about, and how far the notifier has read the change feed (from the feed's end at this
// migration: no one is mailed about the past; one process at a time holds the row).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE watches (
      account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      plant_id bigint NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      created_at timestamptz(3) NOT NULL,
      PRIMARY KEY (account_id, plant_id)
    )`,
    sql`CREATE INDEX watches_plant ON watches(plant_id, account_id)`,
    sql`CREATE TABLE watch_settings (
      account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      mail text NOT NULL CHECK (mail IN ('none', 'instant', 'daily')),
      site_url text NOT NULL,
      last_digest_at timestamptz(3) NOT NULL
    )`,
    sql`CREATE TABLE watch_mailed (
      account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      plant_id bigint NOT NULL,
      mailed_at timestamptz(3) NOT NULL,
      PRIMARY KEY (account_id, plant_id)
    )`,
    sql`CREATE TABLE unsubscribe_links (
      token_hash text COLLATE "C" PRIMARY KEY,
      account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      created_at timestamptz(3) NOT NULL
    )`,
    sql`CREATE TABLE feed_followers (
      name text PRIMARY KEY,
      commit_seq bigint NOT NULL,
      revision_id bigint NOT NULL
    )`,
    sql`INSERT INTO feed_followers (name, commit_seq, revision_id)
      SELECT 'watchlists', coalesce(max(commit_seq), 0), coalesce(max(id), 0) FROM plant_revisions`,
  ]
  for (const statement of statements) await statement.execute(db)
}
