// What a fast public API owes its clients beyond the body: conditional GET (ETag, Last-Modified, 304),
// caching instructions, compression for clients that ask, a request id, and security headers, on every
// kind of read; and none of it on writes and errors.
import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

/** A GET over node:http, which neither asks for nor undoes compression by itself. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  const { port } = t.app.server.address() as { port: number }
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { 'x-service-key-id': t.key.key_id, 'x-service-key-secret': t.key.key_secret, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
          )
        },
      )
      req.on('error', reject)
      req.end()
    },
  )
}

describe('conditional GET', () => {
  it('gives a plant a weak ETag, Last-Modified and a Cache-Control, and answers 304 to either', async () => {
    const plant = await createPlant(t)
    const first = await t.request('GET', `/api/plants/${plant.id}`)
    const etag = first.headers.get('etag')!
    assert.match(etag, /^W\/"[\w-]+"$/)
    assert.equal(first.headers.get('cache-control'), 'public, no-cache')
    const lastModified = first.headers.get('last-modified')!
    assert.equal(lastModified, new Date(String(plant.updated_at)).toUTCString())

    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await t.request('GET', `/api/plants/${plant.id}`, undefined, {
        'if-none-match': ifNoneMatch,
      })
      assert.equal(again.status, 304, ifNoneMatch)
      assert.equal(again.text, '')
      assert.equal(again.headers.get('etag'), etag)
    }
    const other = await t.request('GET', `/api/plants/${plant.id}`, undefined, {
      'if-none-match': 'W/"other"',
    })
    assert.equal(other.status, 200)
    const since = await t.request('GET', `/api/plants/${plant.id}`, undefined, {
      'if-modified-since': lastModified,
    })
    assert.equal(since.status, 304)
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString()
    const older = await t.request('GET', `/api/plants/${plant.id}`, undefined, {
      'if-modified-since': before,
    })
    assert.equal(older.status, 200)
  })

  it('changes the ETag when the plant changes, and never answers a write with 304', async () => {
    const plant = await createPlant(t)
    const etag = (await t.request('GET', `/api/plants/${plant.id}`)).headers.get('etag')!
    const update = await t.request(
      'PUT',
      `/api/plants/${plant.id}`,
      { version: plant.version, note: 'a change', description: 'Changed.' },
      { 'if-none-match': etag },
    )
    assert.equal(update.status, 200)
    assert.equal(update.headers.get('cache-control'), 'no-store')
    assert.equal(update.headers.get('etag'), null)
    const after = await t.request('GET', `/api/plants/${plant.id}`, undefined, { 'if-none-match': etag })
    assert.equal(after.status, 200)
    assert.notEqual(after.headers.get('etag'), etag)
  })

  it('changes a page’s ETag when a plant on it changes or a plant is added, keyset and offset alike', async () => {
    const plant = await createPlant(t, { name: 'Paged Tomato' })
    for (const path of ['/api/plants?per_page=100', '/api/plants?page=1&per_page=100']) {
      const etagOf = async () => (await t.request('GET', path)).headers.get('etag')!
      const before = await etagOf()
      assert.equal(await etagOf(), before, `${path}: the same page, the same ETag`)
      const { version } = (await t.request('GET', `/api/plants/${plant.id}`)).body as { version: number }
      const update = await t.request('PUT', `/api/plants/${plant.id}`, {
        version,
        note: 'a change on the page',
        description: `Changed for ${path}.`,
      })
      assert.equal(update.status, 200)
      const changed = await t.request('GET', path, undefined, { 'if-none-match': before })
      assert.equal(changed.status, 200, `${path}: a changed plant is a changed page`)
      const afterChange = changed.headers.get('etag')!
      assert.notEqual(afterChange, before)
      await createPlant(t)
      const grown = await t.request('GET', path, undefined, { 'if-none-match': afterChange })
      assert.equal(grown.status, 200, `${path}: a new plant changes the total`)
    }
  })

  it('covers lists, searches, suggestions and attributes; errors are never stored', async () => {
    await createPlant(t, { name: 'Caching Tomato' })
    for (const path of [
      '/api/plants',
      '/api/plants?page=1',
      '/api/search?q=tomato',
      '/api/suggest?q=cach',
      '/api/attributes',
    ]) {
      const first = await t.request('GET', path)
      assert.equal(first.status, 200, path)
      const etag = first.headers.get('etag')
      assert.ok(etag, path)
      assert.equal(first.headers.get('cache-control'), 'public, no-cache', path)
      const again = await t.request('GET', path, undefined, { 'if-none-match': etag })
      assert.equal(again.status, 304, path)
    }
    const missing = await t.request('GET', '/api/plants/99999999')
    assert.equal(missing.status, 404)
    assert.equal(missing.headers.get('cache-control'), 'no-store')
    assert.equal(missing.headers.get('etag'), null)
  })
})

describe('compression', () => {
  it('sends br or gzip to clients that ask, the same JSON as without', async () => {
    for (let i = 0; i < 12; i++)
      await createPlant(t, { description: `A plant with a longer description, number ${i}.` })
    const plain = await rawGet('/api/plants?per_page=100')
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.ok(plain.bytes.length > 1024)
    const br = await rawGet('/api/plants?per_page=100', { 'accept-encoding': 'br' })
    assert.equal(br.headers['content-encoding'], 'br')
    assert.deepEqual(
      JSON.parse(brotliDecompressSync(br.bytes).toString()),
      JSON.parse(plain.bytes.toString()),
    )
    const gzip = await rawGet('/api/plants?per_page=100', { 'accept-encoding': 'gzip' })
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.deepEqual(JSON.parse(gunzipSync(gzip.bytes).toString()), JSON.parse(plain.bytes.toString()))
    assert.ok(gzip.bytes.length < plain.bytes.length / 2)
    assert.match(String(gzip.headers.vary), /accept-encoding/i)
    assert.equal(gzip.headers.etag, plain.headers.etag)
  })
})

describe('request id and security headers', () => {
  it('gives each answer an id, the client’s own when it sent a usable one', async () => {
    const generated = await t.request('GET', '/api/plants')
    assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
    const given = await t.request('GET', '/api/plants', undefined, { 'x-request-id': 'lb-1234.abc' })
    assert.equal(given.headers.get('x-request-id'), 'lb-1234.abc')
    const unusable = await t.request('GET', '/api/plants', undefined, { 'x-request-id': 'a b\u00e9' })
    assert.match(unusable.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
  })

  it('sends nosniff and a policy that loads nothing with API answers, errors included', async () => {
    for (const path of ['/api/plants', '/api/plants/99999999', '/api/nothing-here']) {
      const response = await t.request('GET', path)
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path)
      assert.equal(
        response.headers.get('content-security-policy'),
        "default-src 'none';frame-ancestors 'none'",
        path,
      )
    }
  })
})
