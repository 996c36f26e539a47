// A process that has just started warms up once it listens (src/warm-up.ts): the phrase book behind `q`, the
// busiest routes' validators and serializers, one search. Until it has, GET /api/health answers 503 with
// Retry-After, so a load balancer sends it traffic once it answers at full speed; then 200.
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import type { Store } from '../../src/db/store.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { openTestStore } from '../helpers/test-database.ts'

let store: Store
let app: FastifyInstance
before(async () => {
  store = await openTestStore()
  await importDataset(store, readLines('data/plants.jsonl'), { source: 'data/plants.jsonl', images: false })
  app = await buildApp({ config: { keyBrand: 'service' }, store })
})
after(async () => {
  await app.close()
  await store.close()
})

it('says 503 with Retry-After while it warms up after it starts to listen, then 200', async () => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const health = `http://127.0.0.1:${address.port}/api/health`

  const starting = await fetch(health)
  assert.equal(starting.status, 503)
  assert.equal(starting.headers.get('retry-after'), '1')
  const body = (await starting.json()) as { error: string; msg: string }
  assert.equal(body.error, 'service unavailable')
  assert.match(body.msg, /just started/)

  await app.readiness.whenReady()
  const ready = await fetch(health)
  assert.equal(ready.status, 200)
  assert.deepEqual(await ready.json(), { status: 'ok', database: 'ok' })
})
