import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'
import { createKeyPair, revokeKey } from '../../src/accounts/api-keys.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

describe('authentication', () => {
  it('answers 401 with the same body whichever half of the key is missing or wrong', async () => {
    const plant = await createPlant(t)
    const cases: Record<string, string>[] = [
      { 'x-service-key-id': '', 'x-service-key-secret': '' },
      { 'x-service-key-id': t.key.key_id, 'x-service-key-secret': 'wrong' },
      { 'x-service-key-id': 'hk_unknown', 'x-service-key-secret': t.key.key_secret },
      { 'x-service-key-id': t.key.key_id, 'x-service-key-secret': '' },
    ]
    const bodies = new Set<string>()
    for (const headers of cases) {
      for (const [method, path] of [
        ['GET', `/api/plants/${plant.id}`],
        ['GET', '/api/plants'],
        ['GET', '/api/search?q=x'],
      ] as const) {
        const response = await t.request(method, path, undefined, headers)
        assertError(response, 401, 'not authenticated', ['x-service-key-id', 'x-service-key-secret'])
        bodies.add(response.text)
      }
    }
    assert.equal(bodies.size, 1)
  })

  it('refuses writes without a key and leaves the data unchanged', async () => {
    const response = await t.request(
      'POST',
      '/api/plants',
      { scientific_name: 'A b', name: 'c', note: 'n' },
      { 'x-service-key-secret': 'x' },
    )
    assertError(response, 401, 'not authenticated')
    assert.equal((await t.request('GET', '/api/plants')).body.pagination.total, 1)
  })

  it('stops accepting a revoked key', async () => {
    const pair = await createKeyPair(t.store, 'revoked@example.org')
    const headers = { 'x-service-key-id': pair.key_id, 'x-service-key-secret': pair.key_secret }
    assert.equal((await t.request('GET', '/api/plants', undefined, headers)).status, 200)
    assert.equal(await revokeKey(t.store, pair.key_id), true)
    assertError(await t.request('GET', '/api/plants', undefined, headers), 401, 'not authenticated')
  })

  it('stores only a hash of the secret', async () => {
    const rows = await t.store.db.selectFrom('api_keys').selectAll().execute()
    assert.ok(rows.length > 0)
    for (const row of rows) {
      assert.notEqual(row.secret_hash, t.key.key_secret)
      assert.ok(!row.secret_hash.includes(t.key.key_secret))
      assert.match(row.secret_hash, /^[0-9a-f]{64}$/)
    }
  })
})

describe('errors for anything a client can send', () => {
  it('answers 404 JSON for unknown routes under /api, with or without a key', async () => {
    assertError(await t.request('GET', '/api/nothing-here'), 404, 'not found')
    assertError(await t.request('GET', '/api/plants/1/nothing'), 404, 'not found')
    assertError(await t.request('GET', '/api/plants/1/links/1/more'), 404, 'not found')
    assertError(
      await t.request('GET', '/api/nothing-here', undefined, { 'x-service-key-id': '' }),
      404,
      'not found',
    )
  })

  it('answers 400 for malformed JSON', async () => {
    assertError(await t.request('POST', '/api/plants', '{"name": '), 400, 'invalid json')
    assertError(await t.request('POST', '/api/plants', '{"name": "x"} trailing'), 400, 'invalid json')
  })

  it('answers 415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      assertError(
        await t.request('POST', '/api/plants', 'name=x', { 'content-type': type }),
        415,
        'unsupported media type',
      )
    }
  })

  it('answers 413 for a body over 1 MiB', async () => {
    const huge = { scientific_name: 'A b', name: 'c', note: 'x'.repeat(1024 * 1024 + 10) }
    assertError(await t.request('POST', '/api/plants', huge), 413, 'payload too large')
  })

  it('answers 422 for a POST without a body', async () => {
    assertError(await t.request('POST', '/api/plants'), 422, 'validation failed')
  })

  it('serves the OpenAPI 3.1 document without a key, with the key headers as security schemes', async () => {
    const response = await t.request('GET', '/api/openapi.json', undefined, { 'x-service-key-id': '' })
    assert.equal(response.status, 200)
    assert.equal(response.body.openapi, '3.1.0')
    assert.ok(response.body.paths['/plants/{id}'].put)
    assert.ok(response.body.paths['/search'].post)
    assert.equal(response.body.components.securitySchemes.keyId.name, 'x-service-key-id')
  })
})

describe('browser clients (CORS)', () => {
  it('answers a preflight without a key and allows the key headers', async () => {
    const response = await fetch(`${t.baseUrl}/api/plants/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://garden.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-service-key-id,x-service-key-secret,content-type',
      },
    })
    assert.equal(response.status, 204)
    assert.equal(response.headers.get('access-control-allow-origin'), '*')
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /x-service-key-secret/)
    const read = await t.request('GET', '/api/plants', undefined, { origin: 'https://garden.example' })
    assert.equal(read.headers.get('access-control-allow-origin'), '*')
  })
})
