// Webhooks of an API key's account: registered with a URL, the events wanted and optionally the plants;
// the signing secret is shown once, at creation. Deliveries are made by webhook-deliverer.ts.
import { randomBytes } from 'node:crypto'
import type { Account } from '../accounts/account.ts'
import type { Store } from '../db/store.ts'
import { AppError, notFound } from '../errors.ts'
import * as repo from './webhook.repository.ts'
import { parseWebhookUrl, resolveWebhookTarget } from './webhook-address.ts'

export const WEBHOOK_EVENTS = ['plant.changed'] as const
/** Webhooks an account may have. */
const MAX_WEBHOOKS = 20

export interface WebhookInput {
  url: string
  events: string[]
  plants?: number[] | undefined
}

export interface WebhookView {
  id: number
  url: string
  events: string[]
  plants: number[] | null
  created_at: string
  /** Set when Hortus gave up on it after a day of failed deliveries; null while it works. */
  disabled_at: string | null
  disabled_reason: string | null
}

type WebhookRow = NonNullable<Awaited<ReturnType<typeof repo.findWebhook>>>

const viewOf = (row: WebhookRow): WebhookView => ({
  id: Number(row.id),
  url: row.url,
  events: JSON.parse(row.events) as string[],
  plants: row.plants === null ? null : (JSON.parse(row.plants) as number[]),
  created_at: row.created_at,
  disabled_at: row.disabled_at,
  disabled_reason: row.disabled_reason,
})

export async function createWebhook(
  store: Store,
  account: Account,
  input: WebhookInput,
  allowPrivate: boolean,
): Promise<WebhookView & { secret: string }> {
  const url = parseWebhookUrl(input.url)
  const events = [...new Set(input.events)]
  const unknown = events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event))
  if (events.length === 0 || unknown.length > 0)
    throw new AppError(
      'validationFailed',
      `Invalid field events: the events are ${WEBHOOK_EVENTS.join(', ')}.`,
    )
  await resolveWebhookTarget(url, allowPrivate)
  if ((await repo.webhooksOf(store.db, account.id)).length >= MAX_WEBHOOKS)
    throw new AppError(
      'validationFailed',
      `An account has at most ${MAX_WEBHOOKS} webhooks: delete one first.`,
    )
  const secret = `whsec_${randomBytes(24).toString('base64url')}`
  const plants = input.plants === undefined ? null : [...new Set(input.plants)]
  const id = await repo.insertWebhook(store.db, {
    account_id: account.id,
    url: url.href,
    events: JSON.stringify(events),
    plants: plants === null ? null : JSON.stringify(plants),
    secret,
    created_at: new Date().toISOString(),
  })
  return { ...(await getWebhook(store, account, id)), secret }
}

export async function listWebhooks(store: Store, account: Account): Promise<{ webhooks: WebhookView[] }> {
  return { webhooks: (await repo.webhooksOf(store.db, account.id)).map(viewOf) }
}

export async function getWebhook(store: Store, account: Account, id: number): Promise<WebhookView> {
  const row = await repo.findWebhook(store.db, account.id, id)
  if (!row) throw notFound(`Webhook ${id}`)
  return viewOf(row)
}

export async function deleteWebhook(store: Store, account: Account, id: number): Promise<void> {
  if (!(await repo.deleteWebhook(store.db, account.id, id))) throw notFound(`Webhook ${id}`)
}

export interface DeliveryAttempt {
  event_id: string
  time: string
  /** The receiver's HTTP status; null when none came (refused, timed out, not a public address). */
  status: number | null
  duration_ms: number
  error: string | null
  delivered: boolean
}

export async function webhookDeliveries(
  store: Store,
  account: Account,
  id: number,
  { page = 1, per_page = 50 }: { page?: number | undefined; per_page?: number | undefined },
): Promise<{ attempts: DeliveryAttempt[] }> {
  await getWebhook(store, account, id)
  const rows = await repo.attemptsOf(store.db, id, per_page, (page - 1) * per_page)
  return {
    attempts: rows.map((row) => ({
      event_id: row.event_id,
      time: row.attempted_at,
      status: row.status,
      duration_ms: Number(row.duration_ms),
      error: row.error,
      delivered: row.status !== null && row.status >= 200 && row.status < 300,
    })),
  }
}
