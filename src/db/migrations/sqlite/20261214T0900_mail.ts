// Frozen: never edit a migration that has shipped; add a new one.
// Mail: the outbox every message waits in until the SMTP server takes it (sent off the request path,
// retried), the password-reset and address-confirmation links, known by the SHA-256 of their token.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE mail_outbox (
      id INTEGER PRIMARY KEY,
      to_address TEXT NOT NULL,
      subject TEXT NOT NULL,
      text_body TEXT NOT NULL,
      created_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      locked_until TEXT,
      sent_at TEXT,
      failed_at TEXT,
      last_error TEXT
    ) STRICT`,
    sql`CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
    sql`CREATE TABLE password_resets (
      token_hash TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE INDEX password_resets_account ON password_resets(account_id)`,
    // An address is confirmed by a link sent to it; the accounts made before were never asked, and stay able
    // to edit.
    sql`ALTER TABLE accounts ADD COLUMN email_verified_at TEXT`,
    sql`UPDATE accounts SET email_verified_at = created_at`,
    sql`CREATE TABLE email_confirmations (
      token_hash TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE INDEX email_confirmations_account ON email_confirmations(account_id)`,
  ]
  for (const statement of statements) await statement.execute(db)
}
