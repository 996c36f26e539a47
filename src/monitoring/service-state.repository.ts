// What the metrics read from the database when they are scraped (every 15 s or so), each an indexed read:
// the mail and webhook queues, a mirror's last sync (the feed's position: revisions/revision.repository.ts).
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'

export interface Queue {
  waiting: number
  /** The oldest waiting row's age in seconds; 0 when none waits. */
  oldestSeconds: number
}

/** Mail not yet sent nor given up on (the outbox's due index covers exactly these rows). */
export async function mailQueue(db: Db, now: number): Promise<Queue> {
  const row = await sql<{ waiting: number | string; oldest: string | null }>`
    SELECT count(*) AS waiting, min(created_at) AS oldest FROM mail_outbox
    WHERE sent_at IS NULL AND failed_at IS NULL`.execute(db)
  return queueOf(row.rows[0], now)
}

/** Webhook deliveries not yet delivered nor given up on. */
export async function webhookQueue(db: Db, now: number): Promise<Queue> {
  const row = await sql<{ waiting: number | string; oldest: string | null }>`
    SELECT count(*) AS waiting, min(created_at) AS oldest FROM webhook_deliveries
    WHERE delivered_at IS NULL AND failed_at IS NULL`.execute(db)
  return queueOf(row.rows[0], now)
}

/** When `hortus mirror` last brought this database up to its source, in seconds since 1970; null when
 * the database mirrors nothing. */
export async function lastMirrorSync(db: Db): Promise<number | null> {
  const row = await db.selectFrom('mirror_state').select('synced_at').executeTakeFirst()
  return row ? Date.parse(row.synced_at) / 1000 : null
}

function queueOf(row: { waiting: number | string; oldest: string | null } | undefined, now: number): Queue {
  const oldest = row?.oldest ? Date.parse(row.oldest) : now
  return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Math.max(0, (now - oldest) / 1000) }
}
