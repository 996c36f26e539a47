// GET /api/export: the CLI's export, streamed and compressed, since a time, with a validator that makes
// asking again free, and a limit of its own.
import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createTestDatabaseUrl } from '../helpers/test-database.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { hortus } from '../helpers/processes.ts'

let t: TestApp
let databaseUrl: string
before(async () => {
  databaseUrl = await createTestDatabaseUrl()
  t = await buildTestApp({ databaseUrl, config: { exportsPerHour: 1000 } })
  const tomato = await createPlant(t, { data: [{ key: 'Family', value: 'Solanaceae' }] })
  const basil = await createPlant(t, { description: 'Sweet.' })
  await createPlant(t, { type: 'Variety', parent_id: tomato.id })
  await link(t, tomato.id, basil.id)
})
after(async () => t.close())

/** GET over node:http, which neither sends Accept-Encoding nor decodes: the bytes as they travelled. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest(
        `${t.baseUrl}${path}`,
        {
          headers: { 'x-service-key-id': t.key.key_id, 'x-service-key-secret': t.key.key_secret, ...headers },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
          )
        },
      )
      request.on('error', reject)
      request.end()
    },
  )
}

const linesOf = (text: string) => text.split('\n').filter(Boolean)

describe('GET /api/export', () => {
  it('streams what `hortus export` writes, line for line, as JSON Lines', async () => {
    const answer = await get('/api/export')
    assert.equal(answer.status, 200)
    assert.equal(answer.headers['content-type'], 'application/x-ndjson; charset=utf-8')
    assert.equal(answer.headers['transfer-encoding'], 'chunked', 'streamed, not buffered to a length')
    assert.equal(answer.headers['content-length'], undefined)
    const cli = await hortus(['export'], { DATABASE_URL: databaseUrl })
    assert.equal(cli.code, 0, cli.stderr)
    assert.deepEqual(linesOf(answer.body.toString()), linesOf(cli.stdout))
    const [header, ...plants] = linesOf(answer.body.toString()).map((line) => JSON.parse(line))
    assert.equal(header.license, 'CC BY-SA 4.0')
    assert.match(header.attribution, /Credit the Hortus website/)
    assert.equal(plants.length, 3)
    const tomato = plants.find((plant) => plant.links)
    assert.equal(tomato.version, 2, 'the link made version 2')
    assert.deepEqual(tomato.data, [
      {
        key: 'Family',
        value: 'Solanaceae',
        saved_by: { author: tomato.data[0].saved_by.author, version: 1 },
      },
    ])
    assert.equal(plants.at(-1).type, 'Variety')
    assert.equal(plants.at(-1).parent.id, tomato.id)
  })

  it('is gzip-compressed for a client that asks, and the same lines once decoded', async () => {
    const plain = await get('/api/export')
    const zipped = await get('/api/export', { 'accept-encoding': 'gzip' })
    assert.equal(zipped.status, 200)
    assert.equal(zipped.headers['content-encoding'], 'gzip')
    assert.equal(zipped.headers['transfer-encoding'], 'chunked')
    assert.equal(gunzipSync(zipped.body).toString(), plain.body.toString())
  })

  it('gives the plants changed since a time, and says since in its header', async () => {
    const since = new Date().toISOString()
    const changed = await createPlant(t)
    const answer = await t.request('GET', `/api/export?since=${since}`)
    assert.equal(answer.status, 200)
    const [header, ...plants] = linesOf(answer.text).map((line) => JSON.parse(line))
    assert.equal(header.since, since)
    assert.deepEqual(
      plants.map((plant) => plant.id),
      [changed.id],
    )
  })

  it('refuses a since that is no time with 400 {error, msg}', async () => {
    const answer = await t.request('GET', '/api/export?since=yesterday')
    assert.equal(answer.status, 400)
    assert.equal(answer.body.error, 'bad request')
    assert.match(answer.body.msg, /since/)
  })

  it('answers 304 without a body while nothing changed, and a new ETag after a change', async () => {
    const first = await t.request('GET', '/api/export')
    const etag = first.headers.get('etag')!
    assert.match(etag, /^W\/"export-/)
    assert.ok(first.headers.get('hortus-changes-cursor'))
    const again = await get('/api/export', { 'if-none-match': etag })
    assert.equal(again.status, 304)
    assert.equal(again.body.length, 0)
    assert.equal(again.headers.etag, etag)
    const sinceTag = (await t.request('GET', '/api/export?since=2020-01-01')).headers.get('etag')
    assert.notEqual(sinceTag, etag, 'since is part of the validator')
    await createPlant(t)
    const changed = await get('/api/export', { 'if-none-match': etag })
    assert.equal(changed.status, 200)
    assert.notEqual(changed.headers.etag, etag)
  })

  it('refuses without a key: 401 {error, msg}', async () => {
    const response = await fetch(`${t.baseUrl}/api/export`)
    assert.equal(response.status, 401)
    assert.equal(((await response.json()) as { error: string }).error, 'not authenticated')
  })
})

describe('GET /api/export: its limit per key', () => {
  let limited: TestApp
  before(async () => {
    limited = await buildTestApp({ config: { exportsPerHour: 2 } })
    await createPlant(limited)
  })
  after(async () => limited.close())

  it('counts exports, not 304s, and answers 429 with Retry-After over the limit', async () => {
    const first = await limited.request('GET', '/api/export')
    assert.equal(first.status, 200)
    for (let i = 0; i < 3; i++) {
      const unchanged = await limited.request('GET', '/api/export', undefined, {
        'if-none-match': first.headers.get('etag')!,
      })
      assert.equal(unchanged.status, 304)
    }
    assert.equal((await limited.request('GET', '/api/export?since=2020-01-01')).status, 200)
    const over = await limited.request('GET', '/api/export')
    assert.equal(over.status, 429)
    assert.equal(over.body.error, 'too many requests')
    assert.match(over.body.msg, /2 an hour/)
    const retryAfter = Number(over.headers.get('retry-after'))
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${retryAfter}`)
    assert.equal(over.headers.get('etag'), null)
    // Other reads are not affected.
    assert.equal((await limited.request('GET', '/api/plants')).status, 200)
  })
})
