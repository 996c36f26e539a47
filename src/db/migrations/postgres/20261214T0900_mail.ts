// Frozen: never edit a migration that has shipped; add a new one.
// Mail: the outbox every message waits in until the SMTP server takes it (sent off the request path,
// retried, taken by one process with FOR UPDATE SKIP LOCKED), the password-reset and address-confirmation
// links, known by the SHA-256 of their token.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE mail_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz(3) NOT NULL,
      locked_until timestamptz(3),
      sent_at timestamptz(3),
      failed_at timestamptz(3),
      last_error text
    )`,
    sql`CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
    sql`CREATE TABLE password_resets (
      token_hash text COLLATE "C" PRIMARY KEY,
      account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      created_at timestamptz(3) NOT NULL,
      expires_at timestamptz(3) NOT NULL,
      used_at timestamptz(3)
    )`,
    sql`CREATE INDEX password_resets_account ON password_resets(account_id)`,
    // An address is confirmed by a link sent to it; the accounts made before were never asked, and stay able
    // to edit.
    sql`ALTER TABLE accounts ADD COLUMN email_verified_at timestamptz(3)`,
    sql`UPDATE accounts SET email_verified_at = created_at`,
    sql`CREATE TABLE email_confirmations (
      token_hash text COLLATE "C" PRIMARY KEY,
      account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      created_at timestamptz(3) NOT NULL,
      expires_at timestamptz(3) NOT NULL
    )`,
    sql`CREATE INDEX email_confirmations_account ON email_confirmations(account_id)`,
  ]
  for (const statement of statements) await statement.execute(db)
}
