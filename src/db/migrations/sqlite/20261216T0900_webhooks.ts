// Frozen: never edit a migration that has shipped; add a new one.
// Webhooks: an API client's URLs that are sent each change of the feed they want, signed with the webhook's
// secret; each change a delivery row, tried in order per webhook until a 2xx (each attempt kept), and the
// deliverer's place in the change feed (from its end at this migration).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE webhooks (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      url TEXT NOT NULL,
      events TEXT NOT NULL,
      plants TEXT,
      secret TEXT NOT NULL,
      created_at TEXT NOT NULL,
      disabled_at TEXT,
      disabled_reason TEXT
    ) STRICT`,
    sql`CREATE INDEX webhooks_account ON webhooks(account_id)`,
    sql`CREATE TABLE webhook_deliveries (
      id INTEGER PRIMARY KEY,
      webhook_id INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      event_id TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      locked_until TEXT,
      delivered_at TEXT,
      failed_at TEXT
    ) STRICT`,
    sql`CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(webhook_id, id) WHERE delivered_at IS NULL AND failed_at IS NULL`,
    sql`CREATE TABLE webhook_attempts (
      id INTEGER PRIMARY KEY,
      delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      webhook_id INTEGER NOT NULL,
      attempted_at TEXT NOT NULL,
      status INTEGER,
      duration_ms INTEGER NOT NULL,
      error TEXT
    ) STRICT`,
    sql`CREATE INDEX webhook_attempts_webhook ON webhook_attempts(webhook_id, id)`,
    sql`INSERT INTO feed_followers (name, commit_seq, revision_id)
      SELECT 'webhooks', coalesce(max(commit_seq), 0), coalesce(max(id), 0) FROM plant_revisions`,
  ]
  for (const statement of statements) await statement.execute(db)
}
