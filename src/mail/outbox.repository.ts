// All SQL of the mail outbox: a message is a row from the moment a request asks for it until the SMTP server
// takes it, so a restart or a refusing server loses none.
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'

export interface OutboxMessage {
  id: number
  to_address: string
  subject: string
  text_body: string
  attempts: number
  created_at: string
}

export async function insertMessage(
  db: Db,
  message: { to: string; subject: string; text: string; now: string },
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      created_at: message.now,
      next_attempt_at: message.now,
    })
    .execute()
}

/** True when a message is due and no sender holds it: what takeDue would take, read without a write. */
export async function anyDue(db: Db, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Takes up to `limit` messages that are due and that no sender holds, holding them until `lockedUntil`. On
 * PostgreSQL the rows are locked with SKIP LOCKED, so two processes never take one message at once.
 */
export async function takeDue(
  db: Db,
  {
    now,
    lockedUntil,
    limit,
    dialect,
  }: { now: string; lockedUntil: string; limit: number; dialect: 'sqlite' | 'postgres' },
): Promise<OutboxMessage[]> {
  const skipLocked = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``
  const result = await sql<OutboxMessage>`
    UPDATE mail_outbox SET locked_until = ${lockedUntil}
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
        AND (locked_until IS NULL OR locked_until <= ${now})
      ORDER BY id LIMIT ${limit} ${skipLocked}
    )
    RETURNING id, to_address, subject, text_body, attempts, created_at`.execute(db)
  return result.rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }))
}

export async function markSent(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: now, locked_until: null, attempts: sql`attempts + 1`, last_error: null })
    .where('id', '=', id)
    .execute()
}

/** A refusal: tried again at `retryAt`, or given up on (`failed`) after a day of them. */
export async function markRefused(
  db: Db,
  id: number,
  { error, retryAt, failedAt }: { error: string; retryAt: string; failedAt: string | null },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: sql`attempts + 1`,
      last_error: error.slice(0, 1000),
      next_attempt_at: retryAt,
      locked_until: null,
      failed_at: failedAt,
    })
    .where('id', '=', id)
    .execute()
}

/** Sent messages are kept a week, for the operator's questions, then deleted. */
export async function deleteSentBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('sent_at', '<', before).execute()
}
