// Webhooks over real HTTP, each delivered to a real receiver on 127.0.0.1: a change arrives signed, a
// receiver that fails twice gets it on the third attempt and in order, a restart between attempts loses
// nothing, a private address is refused where it is not allowed, and two processes deliver each change once.
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { createPlant } from '../helpers/factories.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createTestDatabaseUrl } from '../helpers/test-database.ts'
import { parseWebhookEvent, verifyWebhookSignature } from '../../clients/typescript/src/index.ts'
import { createKeyPair } from '../../src/accounts/api-keys.ts'
import { MailCatcher } from '../helpers/mail-catcher.ts'

interface Received {
  headers: Record<string, string | string[] | undefined>
  body: string
  event: {
    id: string
    type: string
    created_at: string
    data: { cursor: string; plant_id: number; version: number }
  }
}

/** A receiver that answers `failures` 500s first, then 204, and keeps what it was sent. */
class Receiver {
  readonly received: Received[] = []
  failures = 0
  private readonly server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      if (this.failures > 0) {
        this.failures--
        response.writeHead(500).end('not now')
        return
      }
      this.received.push({ headers: request.headers, body, event: JSON.parse(body) as Received['event'] })
      response.writeHead(204).end()
    })
  })

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return this
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`
  }

  async waitFor(count: number, ms = 15_000): Promise<Received[]> {
    const deadline = Date.now() + ms
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`${this.received.length} of ${count} deliveries within ${ms} ms`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    return this.received
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

const FAST = { webhookAllowPrivate: true, webhookRetrySeconds: 0.2 }

async function change(t: TestApp, id: number, description: string): Promise<void> {
  const current = await t.request('GET', `/api/plants/${id}`)
  const response = await t.request('PUT', `/api/plants/${id}`, {
    version: current.body.version,
    description,
    note: `described: ${description}`,
  })
  assert.equal(response.status, 200, response.text)
}

const signatureOk = (received: Received, secret: string): boolean => {
  const header = String(received.headers['hortus-signature'])
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)
  if (!match) return false
  const expected = createHmac('sha256', secret).update(`${match[1]}.${received.body}`).digest('hex')
  return expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 300
}

describe('webhooks', () => {
  let receiver: Receiver
  let t: TestApp
  before(async () => {
    receiver = await new Receiver().start()
    t = await buildTestApp({ config: FAST, webhookTiming: { pollMs: 50 } })
  })
  after(async () => {
    await t.close()
    await receiver.close()
  })

  it('sends a change to the webhook, signed with the secret shown once, as the change feed gives it', async () => {
    const plant = await createPlant(t, { scientific_name: 'Borago officinalis', name: 'Borage' })
    const created = await t.request('POST', '/api/webhooks', {
      url: receiver.url,
      events: ['plant.changed'],
      plants: [plant.id],
    })
    assert.equal(created.status, 201, created.text)
    const { id, secret } = created.body as { id: number; secret: string }
    assert.match(secret, /^whsec_/)
    assert.deepEqual(created.body.plants, [plant.id])
    const shown = await t.request('GET', `/api/webhooks/${id}`)
    assert.equal(shown.body.secret, undefined, 'the secret is shown once')
    assert.equal((await t.request('GET', '/api/webhooks')).body.webhooks.length, 1)

    await change(t, plant.id, 'blue flowers')
    const [received] = await receiver.waitFor(1)
    assert.ok(received && signatureOk(received, secret), 'a valid signature')
    // The TypeScript client's helper agrees, and refuses the body changed.
    const header = String(received.headers['hortus-signature'])
    assert.equal(verifyWebhookSignature(received.body, header, secret), true)
    assert.equal(verifyWebhookSignature(`${received.body} `, header, secret), false)
    assert.equal(parseWebhookEvent(received.body, header, secret).id, received.event.id)
    assert.equal(received.headers['hortus-webhook-id'], String(id))
    assert.equal(received.event.type, 'plant.changed')
    assert.equal(received.event.data.plant_id, plant.id)
    assert.equal(received.event.data.version, 2)
    // data is the change as /api/changes gives it, its cursor included.
    const feed = await t.request('GET', '/api/changes?limit=1000')
    const same = (feed.body.changes as { cursor: string }[]).find(
      (entry) => entry.cursor === received.event.data.cursor,
    )
    assert.deepEqual(received.event.data, same)
    assert.equal(received.event.id, `chg_${received.event.data.cursor}`)

    // Another plant's change is not sent to a webhook of one plant.
    const other = await createPlant(t, { scientific_name: 'Mentha spicata', name: 'Spearmint' })
    await change(t, other.id, 'runs everywhere')
    await change(t, plant.id, 'blue star flowers')
    await receiver.waitFor(2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    assert.deepEqual(
      receiver.received.map((entry) => entry.event.data.plant_id),
      [plant.id, plant.id],
    )
    assert.equal((await t.request('DELETE', `/api/webhooks/${id}`)).status, 204)
    assert.equal((await t.request('GET', `/api/webhooks/${id}`)).status, 404)
  })

  it('gets a change to a receiver that failed twice on the third attempt, and the next one after it', async () => {
    receiver.received.length = 0
    const plant = await createPlant(t, { scientific_name: 'Ocimum basilicum', name: 'Basil' })
    const created = await t.request('POST', '/api/webhooks', { url: receiver.url, events: ['plant.changed'] })
    const { id } = created.body as { id: number }
    receiver.failures = 2
    await change(t, plant.id, 'first')
    await change(t, plant.id, 'second')
    const received = await receiver.waitFor(2)
    assert.deepEqual(
      received.map((entry) => entry.event.data.version),
      [2, 3],
      'in order, the first before the second',
    )
    const attempts = (await t.request('GET', `/api/webhooks/${id}/deliveries`)).body.attempts as {
      status: number | null
      delivered: boolean
      error: string | null
      duration_ms: number
    }[]
    // Newest first: the second change's delivery, then the first's three attempts.
    assert.deepEqual(
      attempts.map((attempt) => attempt.status),
      [204, 204, 500, 500],
    )
    assert.equal(attempts[3]?.error, 'answered 500')
    assert.ok(attempts.every((attempt) => attempt.duration_ms >= 0))
    await t.request('DELETE', `/api/webhooks/${id}`)
  })

  it('refuses a URL on a private address unless the operator allows them, and other schemes', async () => {
    const strict = await buildTestApp()
    try {
      for (const url of [
        'http://127.0.0.1:9/',
        'http://169.254.169.254/latest/meta-data',
        'http://10.1.2.3/',
        'http://[::1]/',
        'ftp://example.org/',
        'http://localhost/',
      ]) {
        const refused = await strict.request('POST', '/api/webhooks', { url, events: ['plant.changed'] })
        assert.equal(refused.status, 422, `${url}: ${refused.text}`)
        assert.equal(refused.body.error, 'validation failed')
        assert.match(refused.body.msg, /url/)
      }
    } finally {
      await strict.close()
    }
  })
})

describe('webhook delivery across processes', () => {
  it('loses nothing to a restart between attempts', async () => {
    const receiver = await new Receiver().start()
    const databaseUrl = await createTestDatabaseUrl()
    const first = await buildTestApp({ databaseUrl, config: FAST, webhookTiming: { pollMs: 50 } })
    const plant = await createPlant(first, { scientific_name: 'Allium cepa', name: 'Onion' })
    await first.request('POST', '/api/webhooks', { url: receiver.url, events: ['plant.changed'] })
    receiver.failures = 1_000_000
    await change(first, plant.id, 'round bulbs')
    await new Promise((resolve) => setTimeout(resolve, 400))
    await first.close()
    receiver.failures = 0
    const second = await buildTestApp({ databaseUrl, config: FAST, webhookTiming: { pollMs: 50 } })
    try {
      const [received] = await receiver.waitFor(1)
      assert.equal(received?.event.data.plant_id, plant.id)
    } finally {
      await second.close()
      await receiver.close()
    }
  })

  it('has two processes deliver each change once', async () => {
    const receiver = await new Receiver().start()
    const databaseUrl = await createTestDatabaseUrl()
    const one = await buildTestApp({ databaseUrl, config: FAST, webhookTiming: { pollMs: 150 } })
    const two = await buildTestApp({ databaseUrl, config: FAST, webhookTiming: { pollMs: 150 } })
    try {
      const plant = await createPlant(one, { scientific_name: 'Daucus carota', name: 'Carrot' })
      await one.request('POST', '/api/webhooks', { url: receiver.url, events: ['plant.changed'] })
      for (let i = 0; i < 12; i++) await change(i % 2 ? one : two, plant.id, `change ${i}`)
      await receiver.waitFor(12)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const ids = receiver.received.map((entry) => entry.event.id)
      assert.equal(new Set(ids).size, ids.length, 'no change delivered twice')
      assert.equal(ids.length, 12)
      assert.deepEqual(
        receiver.received.map((entry) => entry.event.data.version),
        Array.from({ length: 12 }, (_, i) => i + 2),
      )
    } finally {
      await one.close()
      await two.close()
      await receiver.close()
    }
  })
})

describe('a webhook that keeps failing', () => {
  it('is disabled after the retry time, says so in its answer, and its owner is mailed', async () => {
    const receiver = await new Receiver().start()
    const catcher = await MailCatcher.start()
    const t = await buildTestApp({
      config: {
        ...FAST,
        smtpUrl: catcher.url,
        mailFrom: 'plants@example.org',
        publicUrl: 'http://hortus.example',
      },
      mailTiming: { pollMs: 50 },
      webhookTiming: { pollMs: 50, giveUpSeconds: 1 },
    })
    try {
      receiver.failures = 1_000_000
      const key = await createKeyPair(t.store, 'owner@example.org', 'hooks')
      const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
      const created = await fetch(`${t.baseUrl}/api/webhooks`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['plant.changed'] }),
      })
      const { id } = (await created.json()) as { id: number }
      const plant = await createPlant(t, { scientific_name: 'Pisum sativum', name: 'Pea' })
      await change(t, plant.id, 'climbs')
      const mail = await catcher.waitFor('owner@example.org', { subject: /stopped your webhook/ })
      assert.match(mail.text, /failed for a day/)
      const shown = (await (await fetch(`${t.baseUrl}/api/webhooks/${id}`, { headers })).json()) as {
        disabled_at: string | null
        disabled_reason: string
      }
      assert.ok(shown.disabled_at)
      assert.match(shown.disabled_reason, /answered 500/)
    } finally {
      await t.close()
      await receiver.close()
      await catcher.close()
    }
  })
})
