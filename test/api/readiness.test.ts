// A process that has just started warms up once it listens (src/warm-up.ts): the phrase book behind `q`, the
// busiest routes' validators and serializers, searches sent to itself over loopback. Until it has, GET
// /api/health answers 503 with Retry-After, so a load balancer sends it traffic once it answers at full
// speed; then 200.
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
/** The searches answered, as a client sent them. */
const searches: { status: number; keyId: string; keySecret: string }[] = []
before(async () => {
  store = await openTestStore()
  await importDataset(store, readLines('data/plants.jsonl'), { source: 'data/plants.jsonl', images: false })
  app = await buildApp({ config: { keyBrand: 'service' }, store })
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/search')) return
    const header = (name: string) => String(request.headers[name])
    searches.push({
      status: reply.statusCode,
      keyId: header('x-service-key-id'),
      keySecret: header('x-service-key-secret'),
    })
  })
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

it('warms up with searches of its own, sent as a client sends them, with a key no one can use after', async () => {
  await app.readiness.whenReady()
  const answered = searches.filter((search) => search.status === 200)
  // Each of the first 30 plants' names and their last words, twice: the code of a client's search is compiled.
  assert.ok(answered.length >= 100, `${answered.length} searches answered while it warmed up`)
  const { keyId, keySecret } = answered[0]!
  assert.match(keyId, /^process-/)
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const reused = await fetch(`http://127.0.0.1:${address.port}/api/search?q=okra`, {
    headers: { 'x-service-key-id': keyId, 'x-service-key-secret': keySecret },
  })
  assert.equal(reused.status, 401)
})
