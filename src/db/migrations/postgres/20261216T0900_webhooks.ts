// Frozen: never edit a migration that has shipped; add a new one.
// Webhooks: an API client's URLs that are sent each change of the feed they want, signed with the webhook's
// secret; each change a delivery row, tried in order per webhook until a 2xx (each attempt kept), and the
// deliverer's place in the change feed (from its end at this migration).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE webhooks (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      url text NOT NULL,
      events text NOT NULL,
      plants text,
      secret text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      disabled_at timestamptz(3),
      disabled_reason text
    )`,
    sql`CREATE INDEX webhooks_account ON webhooks(account_id)`,
    sql`CREATE TABLE webhook_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      webhook_id bigint NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      event_id text NOT NULL,
      payload text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at timestamptz(3) NOT NULL,
      locked_until timestamptz(3),
      delivered_at timestamptz(3),
      failed_at timestamptz(3)
    )`,
    sql`CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(webhook_id, id) WHERE delivered_at IS NULL AND failed_at IS NULL`,
    sql`CREATE TABLE webhook_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id bigint NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      webhook_id bigint NOT NULL,
      attempted_at timestamptz(3) NOT NULL,
      status INTEGER,
      duration_ms INTEGER NOT NULL,
      error text
    )`,
    sql`CREATE INDEX webhook_attempts_webhook ON webhook_attempts(webhook_id, id)`,
    sql`INSERT INTO feed_followers (name, commit_seq, revision_id)
      SELECT 'webhooks', coalesce(max(commit_seq), 0), coalesce(max(id), 0) FROM plant_revisions`,
  ]
  for (const statement of statements) await statement.execute(db)
}
