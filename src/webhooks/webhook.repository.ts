// All SQL of webhooks, their deliveries and each delivery's attempts.
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'

const WEBHOOK_COLUMNS = [
  'id',
  'account_id',
  'url',
  'events',
  'plants',
  'created_at',
  'disabled_at',
  'disabled_reason',
] as const

export async function insertWebhook(
  db: Db,
  webhook: {
    account_id: number
    url: string
    events: string
    plants: string | null
    secret: string
    created_at: string
  },
): Promise<number> {
  const row = await db.insertInto('webhooks').values(webhook).returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function webhooksOf(db: Db, accountId: number) {
  return db
    .selectFrom('webhooks')
    .select(WEBHOOK_COLUMNS)
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute()
}

export async function findWebhook(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('webhooks')
    .select(WEBHOOK_COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function deleteWebhook(db: Db, accountId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** The enabled webhooks that want a change of this plant. */
export async function webhooksForPlant(tx: Db, plantId: number) {
  const rows = await tx
    .selectFrom('webhooks')
    .select(['id', 'events', 'plants', 'created_at'])
    .where('disabled_at', 'is', null)
    .execute()
  return rows
    .map((row) => ({ ...row, id: Number(row.id) }))
    .filter((row) => row.plants === null || (JSON.parse(row.plants) as number[]).includes(plantId))
}

export async function insertDelivery(
  tx: Db,
  delivery: { webhook_id: number; event_id: string; payload: string; created_at: string },
): Promise<void> {
  await tx
    .insertInto('webhook_deliveries')
    .values({ ...delivery, next_attempt_at: delivery.created_at })
    .execute()
}

export interface DueDelivery {
  id: number
  webhook_id: number
  event_id: string
  payload: string
  attempts: number
  created_at: string
  url: string
  secret: string
  account_id: number
}

/** True when some undelivered delivery is due and unheld: takeDueDeliveries, which sends only each
 * webhook's oldest, then has something to take or nothing anyone could, read without a write. */
export async function anyDeliveryDue(db: Db, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Takes the deliveries that are due, each the oldest undelivered one of its webhook (a webhook's changes
 * go in order), holding them until `lockedUntil`; on PostgreSQL with SKIP LOCKED, so no two processes send
 * one delivery at once.
 */
export async function takeDueDeliveries(
  db: Db,
  {
    now,
    lockedUntil,
    limit,
    dialect,
  }: { now: string; lockedUntil: string; limit: number; dialect: 'sqlite' | 'postgres' },
): Promise<DueDelivery[]> {
  const skipLocked = dialect === 'postgres' ? sql`FOR UPDATE OF d SKIP LOCKED` : sql``
  const result = await sql<DueDelivery>`
    UPDATE webhook_deliveries SET locked_until = ${lockedUntil}
    WHERE id IN (
      SELECT d.id FROM webhook_deliveries d
      JOIN webhooks w ON w.id = d.webhook_id
      WHERE w.disabled_at IS NULL AND d.delivered_at IS NULL AND d.failed_at IS NULL
        AND d.next_attempt_at <= ${now} AND (d.locked_until IS NULL OR d.locked_until <= ${now})
        AND d.id = (
          SELECT min(first.id) FROM webhook_deliveries first
          WHERE first.webhook_id = d.webhook_id AND first.delivered_at IS NULL AND first.failed_at IS NULL
        )
      ORDER BY d.id LIMIT ${limit} ${skipLocked}
    )
    RETURNING id, webhook_id, event_id, payload, attempts, created_at`.execute(db)
  if (result.rows.length === 0) return []
  const hooks = await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'secret', 'account_id'])
    .where(
      'id',
      'in',
      result.rows.map((row) => row.webhook_id),
    )
    .execute()
  const byId = new Map(hooks.map((hook) => [Number(hook.id), hook]))
  return result.rows.flatMap((row) => {
    const hook = byId.get(Number(row.webhook_id))
    return hook
      ? [
          {
            ...row,
            id: Number(row.id),
            webhook_id: Number(row.webhook_id),
            attempts: Number(row.attempts),
            url: hook.url,
            secret: hook.secret,
            account_id: Number(hook.account_id),
          },
        ]
      : []
  })
}

export async function recordAttempt(
  db: Db,
  attempt: {
    delivery_id: number
    webhook_id: number
    attempted_at: string
    status: number | null
    duration_ms: number
    error: string | null
  },
): Promise<void> {
  await db.insertInto('webhook_attempts').values(attempt).execute()
}

export async function markDelivered(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ delivered_at: now, locked_until: null, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .execute()
}

export async function markRetry(db: Db, id: number, retryAt: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: retryAt, locked_until: null, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .execute()
}

/** Gives up on a webhook: its undelivered deliveries fail, and it is disabled with the reason. */
export async function disableWebhook(tx: Db, id: number, now: string, reason: string): Promise<void> {
  await tx
    .updateTable('webhooks')
    .set({ disabled_at: now, disabled_reason: reason })
    .where('id', '=', id)
    .execute()
  await tx
    .updateTable('webhook_deliveries')
    .set({ failed_at: now, locked_until: null })
    .where('webhook_id', '=', id)
    .where('delivered_at', 'is', null)
    .execute()
}

/** A webhook's attempts, newest first, a page at a time. */
export async function attemptsOf(db: Db, webhookId: number, limit: number, offset: number) {
  return db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .select([
      'a.id',
      'd.event_id',
      'a.attempted_at',
      'a.status',
      'a.duration_ms',
      'a.error',
      'd.delivered_at',
    ])
    .where('a.webhook_id', '=', webhookId)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

export async function ownerOf(db: Db, accountId: number) {
  return db.selectFrom('accounts').select(['email', 'name']).where('id', '=', accountId).executeTakeFirst()
}
