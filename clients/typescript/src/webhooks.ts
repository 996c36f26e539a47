// Checking a Hortus webhook delivery: `Hortus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
// with the secret POST /webhooks answered once. Check the raw body, before parsing it.
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface WebhookEvent {
  /** `chg_<cursor>`: the same in every delivery of the change, so a receiver can skip a repeat. */
  id: string
  type: 'plant.changed'
  created_at: string
  /** The change as GET /changes gives it; its cursor resumes the feed. */
  data: { cursor: string; plant_id: number; version: number; author: string; note: string; time: string }
}

/**
 * Whether `signatureHeader` signs `rawBody` with `secret`, made within `toleranceSeconds` of `now` (so an
 * old delivery replayed is refused).
 */
export function verifyWebhookSignature(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
  { toleranceSeconds = 300, now = Date.now() }: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signatureHeader ?? '')
  if (!match?.[1] || !match[2]) return false
  if (Math.abs(now / 1000 - Number(match[1])) > toleranceSeconds) return false
  const expected = createHmac('sha256', secret).update(`${match[1]}.${rawBody}`).digest()
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'))
}

/** The event of a delivery whose signature checks out; throws otherwise. */
export function parseWebhookEvent(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
): WebhookEvent {
  if (!verifyWebhookSignature(rawBody, signatureHeader, secret))
    throw new Error('Hortus-Signature does not sign this body with this secret (or is over 5 minutes old)')
  return JSON.parse(rawBody) as WebhookEvent
}
