// The API's limits over real HTTP: requests per key, writes per key apart from reads, failed
// authentications per address, commercial keys' own limits; 429 with Retry-After in the error shape,
// RateLimit-* headers on answers, and other keys unaffected. (Across processes: test/reliability/.)
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { approveCommercialUse, createKeyPair } from '../../src/accounts/api-keys.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp({
    config: {
      rateLimitPerMinute: 8,
      writeLimitPerMinute: 3,
      commercialRateLimitPerMinute: 14,
      commercialWriteLimitPerMinute: 5,
      authFailureLimitPerMinute: 4,
    },
  })
})
after(async () => t.close())

const withKey = async (key: { key_id: string; key_secret: string }, path: string, init: RequestInit = {}) =>
  fetch(`${t.baseUrl}${path}`, {
    ...init,
    headers: {
      'x-service-key-id': key.key_id,
      'x-service-key-secret': key.key_secret,
      'content-type': 'application/json',
    },
  })

const newKey = () => createKeyPair(t.store, `limits-${Math.random().toString(36).slice(2)}@example.org`)

describe('API limits', () => {
  it('counts requests per key, says so in RateLimit headers, and answers 429 beyond', async () => {
    const key = await newKey()
    const first = await withKey(key, '/api/plants')
    assert.equal(first.status, 200)
    assert.equal(first.headers.get('ratelimit-limit'), '8')
    assert.equal(first.headers.get('ratelimit-remaining'), '7')
    assert.ok(Number(first.headers.get('ratelimit-reset')) > 0)
    for (let i = 2; i <= 8; i++) assert.equal((await withKey(key, '/api/plants')).status, 200)
    const refused = await withKey(key, '/api/plants')
    assert.equal(refused.status, 429)
    assert.ok(Number(refused.headers.get('retry-after')) > 0)
    const body = (await refused.json()) as { error: string; msg: string }
    assert.equal(body.error, 'too many requests')
    assert.match(body.msg, /8 a minute/)

    const other = await newKey()
    assert.equal((await withKey(other, '/api/plants')).status, 200, 'another key is not affected')
  })

  it('counts writes apart from reads', async () => {
    const key = await newKey()
    const create = (n: number) =>
      withKey(key, '/api/plants', {
        method: 'POST',
        body: JSON.stringify({
          type: 'Plant',
          scientific_name: `Limitus ${n}`,
          name: `Limit ${n}`,
          note: 'n',
        }),
      })
    for (let n = 1; n <= 3; n++) assert.equal((await create(n)).status, 201)
    const refused = await create(4)
    assert.equal(refused.status, 429)
    assert.match(((await refused.json()) as { msg: string }).msg, /writes for this key \(3 a minute\)/)
    assert.ok(Number(refused.headers.get('retry-after')) > 0)
    assert.equal((await withKey(key, '/api/plants')).status, 200, 'reads go on')
    const search = await withKey(key, '/api/search', { method: 'POST', body: '{"q":"limit"}' })
    assert.equal(search.status, 200, 'POST /search is a read')
  })

  it('gives keys approved for commercial use their own, higher limits', async () => {
    const key = await newKey()
    assert.ok(await approveCommercialUse(t.store, key.key_id))
    const first = await withKey(key, '/api/plants')
    assert.equal(first.status, 200)
    assert.equal(first.headers.get('ratelimit-limit'), '14')
    assert.equal(first.headers.get('ratelimit-remaining'), '13')
    for (let i = 2; i <= 14; i++)
      assert.equal((await withKey(key, '/api/plants')).status, 200, `request ${i}`)
    const refused = await withKey(key, '/api/plants')
    assert.equal(refused.status, 429)
    assert.match(((await refused.json()) as { msg: string }).msg, /14 a minute/)

    const writer = await newKey()
    await approveCommercialUse(t.store, writer.key_id)
    const create = (n: number) =>
      withKey(writer, '/api/plants', {
        method: 'POST',
        body: JSON.stringify({ scientific_name: `Commercia ${n}`, name: `Commercial ${n}`, note: 'n' }),
      })
    for (let n = 1; n <= 5; n++) assert.equal((await create(n)).status, 201, `create ${n}`)
    const refusedWrite = await create(6)
    assert.equal(refusedWrite.status, 429)
    assert.match(((await refusedWrite.json()) as { msg: string }).msg, /writes for this key \(5 a minute\)/)

    const ordinary = await newKey()
    assert.equal((await withKey(ordinary, '/api/plants')).headers.get('ratelimit-limit'), '8')
  })

  it('refuses an address after too many failed authentications, even with a good key then', async () => {
    // The test's own key from this address has not failed: the limit is on failures.
    const wrong = { key_id: 'hk_nobody', key_secret: 'guess' }
    for (let i = 1; i <= 4; i++) assert.equal((await withKey(wrong, '/api/plants')).status, 401)
    const refused = await withKey(wrong, '/api/plants')
    assert.equal(refused.status, 429)
    assert.ok(Number(refused.headers.get('retry-after')) > 0)
    assert.match(((await refused.json()) as { msg: string }).msg, /failed authentications from your address/)
    const good = await newKey()
    assert.equal((await withKey(good, '/api/plants')).status, 429, 'not even looked at until the window ends')
    assert.equal((await fetch(`${t.baseUrl}/api/health`)).status, 200, 'keyless routes still answer')
  })
})
