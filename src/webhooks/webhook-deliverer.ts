// Delivers webhooks. Every process runs this loop. Each round, first, follows the change feed (its place
// held for the transaction, SKIP LOCKED on PostgreSQL) and writes a delivery row for each change each webhook
// wants, in that transaction; then takes the due deliveries (the oldest undelivered of each webhook, so a
// webhook's changes arrive in order) and POSTs them, signed. A receiver has 10 s to answer 2xx; anything
// else is tried again after HORTUS_WEBHOOK_RETRY_SECONDS, doubling, for a day; then the webhook is disabled
// and its owner told by mail. Rows make it survive restarts: at least once, never twice at once.
import { createHmac } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { mailFooter, queueMail } from '../mail/outbox.ts'
import { feedChangesAfter } from '../revisions/change-feed.ts'
import { feedMovedPast, holdFeedPlace, moveFeedPlace } from '../revisions/feed-places.repository.ts'
import * as repo from './webhook.repository.ts'
import { resolveWebhookTarget } from './webhook-address.ts'
import { webhookAttempts } from '../metrics/instruments.ts'
import { Rounds } from '../rounds.ts'

export interface DelivererOptions {
  retrySeconds: number
  allowPrivate: boolean
  /** Mail is configured: a disabled webhook's owner is told. */
  mail: boolean
  publicUrl: string | null
  pollMs?: number
  /** How long failed deliveries are retried before the webhook is disabled: a day. */
  giveUpSeconds?: number
}

const CHANGES_PER_ROUND = 200
const BATCH = 20
const HOLD_MS = 60_000
const ANSWER_MS = 10_000
const MAX_ANSWER_BYTES = 64 * 1024
const MAX_WAIT_MS = 6 * 3_600_000
const ROUND_MS = 5_000

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. */
function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}

export class WebhookDeliverer {
  private readonly rounds: Rounds
  private readonly giveUpMs: number

  constructor(
    private readonly store: Store,
    private readonly options: DelivererOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.giveUpMs = (options.giveUpSeconds ?? 86_400) * 1000
    const round = () =>
      this.deliverRound().catch((error: unknown) => this.log.warn({ err: error }, 'webhook round failed'))
    this.rounds = new Rounds(round, options.pollMs ?? 1000)
  }

  start(): void {
    this.rounds.start()
  }

  stop(): Promise<void> {
    return this.rounds.stop()
  }

  private async deliverRound(): Promise<void> {
    // Most rounds find nothing to do: asked of the reader first, so an idle round takes no write lock.
    if (await feedMovedPast(this.store.reader, 'webhooks'))
      await this.store.transaction((tx) => this.follow(tx))
    // Each pass sends the first waiting delivery of each webhook; a delivered one lets the next go at once,
    // so a busy webhook is not held to one change a round. A round ends after ROUND_MS.
    const end = Date.now() + ROUND_MS
    while (Date.now() < end) {
      const now = new Date()
      if (!(await repo.anyDeliveryDue(this.store.reader, now.toISOString()))) return
      const due = await this.store.transaction((tx) =>
        repo.takeDueDeliveries(tx, {
          now: now.toISOString(),
          lockedUntil: new Date(now.getTime() + HOLD_MS).toISOString(),
          limit: BATCH,
          dialect: this.store.dialect,
        }),
      )
      if (due.length === 0) return
      await Promise.all(due.map((delivery) => this.send(delivery)))
    }
  }

  /** Writes a delivery for each change each webhook wants, and moves the place past them. */
  private async follow(tx: Db): Promise<void> {
    const place = await holdFeedPlace(tx, 'webhooks', this.store.dialect)
    if (!place) return
    const changes = await feedChangesAfter(tx, place, CHANGES_PER_ROUND)
    const last = changes.at(-1)
    if (!last) return
    for (const { change } of changes) {
      const hooks = await repo.webhooksForPlant(tx, change.plant_id)
      if (hooks.length === 0) continue
      const eventId = `chg_${change.cursor}`
      const payload = JSON.stringify({
        id: eventId,
        type: 'plant.changed',
        created_at: change.time,
        data: change,
      })
      // A webhook is sent the changes made after it was registered.
      for (const hook of hooks.filter((candidate) => candidate.created_at <= change.time))
        await repo.insertDelivery(tx, {
          webhook_id: hook.id,
          event_id: eventId,
          payload,
          created_at: new Date().toISOString(),
        })
    }
    await moveFeedPlace(tx, 'webhooks', last.position)
  }

  private async send(delivery: repo.DueDelivery): Promise<void> {
    const started = Date.now()
    let status: number | null = null
    let error: string | null = null
    try {
      status = await this.post(delivery)
      if (status < 200 || status >= 300) error = `answered ${status}`
    } catch (caught) {
      error =
        caught instanceof AppError ? caught.msg : caught instanceof Error ? caught.message : String(caught)
    }
    const now = new Date()
    const attempt = {
      delivery_id: delivery.id,
      webhook_id: delivery.webhook_id,
      attempted_at: now.toISOString(),
      status,
      duration_ms: Date.now() - started,
      error,
    }
    const wait = Math.min(this.options.retrySeconds * 1000 * 2 ** delivery.attempts, MAX_WAIT_MS)
    // Retried for at least a day: given up on at the first failure a day after the change.
    const retry = error !== null && now.getTime() - Date.parse(delivery.created_at) < this.giveUpMs
    // In one transaction, as every write here: the store retries one that meets a busy lock.
    await this.store.transaction(async (tx) => {
      await repo.recordAttempt(tx, attempt)
      if (error === null) await repo.markDelivered(tx, delivery.id, now.toISOString())
      else if (retry) await repo.markRetry(tx, delivery.id, new Date(now.getTime() + wait).toISOString())
    })
    webhookAttempts.inc({ outcome: error === null ? 'delivered' : retry ? 'failed' : 'disabled' })
    if (error === null) return
    if (retry) {
      this.log.warn(
        { webhook: delivery.webhook_id, delivery: delivery.id, error },
        'webhook delivery failed; it will be tried again',
      )
      return
    }
    await this.disable(delivery, now, error)
  }

  /** POSTs the delivery to the address its URL resolves to now (checked), and returns the status. */
  private async post(delivery: repo.DueDelivery): Promise<number> {
    const target = await resolveWebhookTarget(new URL(delivery.url), this.options.allowPrivate)
    const body = delivery.payload
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Hortus-Webhooks/1',
      'hortus-webhook-id': String(delivery.webhook_id),
      'hortus-event-id': delivery.event_id,
      'hortus-signature': signature(delivery.secret, body, Math.floor(Date.now() / 1000)),
    }
    const client = target.url.protocol === 'https:' ? https : http
    return new Promise<number>((resolve, reject) => {
      const request = client.request(target.url, {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        // The checked address, not a second lookup: the name cannot answer otherwise in between.
        lookup: (_host, _options, callback) => callback(null, target.address, target.family),
        timeout: ANSWER_MS,
      })
      // A slow answer cannot hold a delivery past 10 s, nor a huge one fill memory.
      const deadline = setTimeout(
        () => request.destroy(new Error(`no answer within ${ANSWER_MS / 1000} s`)),
        ANSWER_MS,
      )
      request.on('timeout', () => request.destroy(new Error(`no answer within ${ANSWER_MS / 1000} s`)))
      request.on('error', (error) => {
        clearTimeout(deadline)
        reject(error)
      })
      request.on('response', (response) => {
        let read = 0
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > MAX_ANSWER_BYTES) response.destroy()
        })
        const done = () => {
          clearTimeout(deadline)
          resolve(response.statusCode ?? 0)
        }
        response.on('end', done)
        response.on('close', done)
      })
      request.end(body)
    })
  }

  private async disable(delivery: repo.DueDelivery, now: Date, error: string): Promise<void> {
    const reason = `Deliveries failed for a day (the last: ${error}); Hortus stopped sending. Create the webhook again when the receiver works.`
    await this.store.transaction(async (tx) => {
      await repo.disableWebhook(tx, delivery.webhook_id, now.toISOString(), reason)
      const owner = await repo.ownerOf(tx, delivery.account_id)
      const site = this.options.publicUrl
      if (!owner || !this.options.mail || !site) return
      await queueMail(tx, {
        to: owner.email,
        subject: `Hortus stopped your webhook ${delivery.webhook_id}`,
        text:
          `Hello ${owner.name},\n\n` +
          `the deliveries to your webhook ${delivery.webhook_id} (${delivery.url}) failed for a day, so Hortus has stopped sending to it.\n` +
          `The last attempt: ${error}.\n\n` +
          `GET /api/webhooks/${delivery.webhook_id}/deliveries lists every attempt. When the receiver works again, create the webhook again,\n` +
          `and read the changes you missed from /api/changes, from the cursor of the last change you received.` +
          mailFooter(site),
      })
    })
    this.log.error(
      { webhook: delivery.webhook_id, error },
      'webhook disabled after a day of failed deliveries',
    )
  }
}
