// The edges of the server: whatever a client sends, the answer is `{error, msg}` with the JSON content
// type and the right status, small, and never a 5xx; text is checked the same way on both databases.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'
import { rawRequest, type RawResponse } from '../helpers/raw-http.ts'

let t: TestApp
let port: number
before(async () => {
  t = await buildTestApp()
  port = Number(new URL(t.baseUrl).port)
})
after(async () => t.close())

const keyHeadersOf = (app: TestApp) =>
  `x-service-key-id: ${app.key.key_id}\r\nx-service-key-secret: ${app.key.key_secret}`
const keyHeaders = () => keyHeadersOf(t)

function assertRawError(response: RawResponse, status: number, error: string): void {
  assert.equal(response.status, status, response.body)
  assert.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  const body = JSON.parse(response.body) as Record<string, unknown>
  assert.deepEqual(Object.keys(body).sort(), ['error', 'msg'])
  assert.equal(body.error, error)
}

describe('errors raised before a route runs', () => {
  it('answers bad percent-encoding with 400', async () => {
    const response = await rawRequest(port, `GET /api/plants/%ZZ HTTP/1.1\r\nHost: x\r\n${keyHeaders()}`)
    assertRawError(response, 400, 'bad request')
  })

  it('answers an over-long id with 404', async () => {
    assertError(await t.request('GET', `/api/plants/${'1'.repeat(300)}`), 404, 'not found')
    assertError(await t.request('GET', `/api/plants/${'9'.repeat(300)}/links`), 404, 'not found')
  })

  it('answers headers that are too large with 431', async () => {
    const response = await rawRequest(
      port,
      `GET /api/plants HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(40_000)}`,
    )
    assertRawError(response, 431, 'request header fields too large')
  })

  it('answers an invalid CORS preflight with 400, in JSON also at /api with a query (the fuzzer found it)', async () => {
    for (const path of ['/api/plants', '/api?x=1', '/api']) {
      const response = await fetch(`${t.baseUrl}${path}`, { method: 'OPTIONS' })
      assert.equal(response.status, 400, path)
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8', path)
      assert.equal(((await response.json()) as { error: string }).error, 'bad request')
    }
  })

  it('answers a body that never arrives with 408 once the request time is up', async () => {
    const slow = await buildTestApp({ requestTimeoutMs: 600 })
    try {
      const slowPort = Number(new URL(slow.baseUrl).port)
      const response = await rawRequest(
        slowPort,
        `POST /api/plants HTTP/1.1\r\nHost: x\r\n${keyHeadersOf(slow)}\r\ncontent-type: application/json\r\ncontent-length: 100`,
        { body: '{"na', hold: true, timeoutMs: 5_000 },
      )
      assertRawError(response, 408, 'request timeout')
      assert.ok(response.elapsedMs < 3_000, `answered after ${response.elapsedMs} ms`)
    } finally {
      await slow.close()
    }
  })
})

describe('a known path asked with a method it does not have', () => {
  it('answers 405 with an Allow header', async () => {
    const plant = await createPlant(t)
    for (const method of ['DELETE', 'PATCH']) {
      const response = await t.request(method, `/api/plants/${plant.id}`)
      assertError(response, 405, 'method not allowed', ['GET', 'PUT'])
      assert.match(response.headers.get('allow') ?? '', /^GET, HEAD, PUT$/)
    }
    const list = await t.request('PUT', '/api/plants/')
    assertError(list, 405, 'method not allowed')
    assert.equal(list.headers.get('allow'), 'GET, HEAD, POST')
    assert.equal((await t.request('DELETE', '/api/search')).headers.get('allow'), 'GET, HEAD, POST')
    assertError(await t.request('DELETE', '/api/nowhere'), 404, 'not found')
  })
})

describe('validation errors stay small', () => {
  it('names at most 20 failing fields and counts the rest', async () => {
    const data = Array.from({ length: 200 }, () => ({ key: '', value: '' }))
    const response = await t.request('POST', '/api/plants', {
      scientific_name: 'A b',
      name: 'c',
      note: 'n',
      data,
    })
    assertError(response, 422, 'validation failed', ['and 380 more'])
    const named = (response.body.msg as string).match(/data\[\d+\]\.(key|value):/g) ?? []
    assert.equal(named.length, 20)
    assert.ok(response.text.length < 4_000, `${response.text.length} bytes`)
  })

  it('answers a 1 MiB body of failing attributes at once, in a few hundred bytes', async () => {
    const item = { key: '', value: '' }
    const count = Math.floor((1024 * 1024 - 200) / (JSON.stringify(item).length + 1))
    const body = { scientific_name: 'Big body', name: 'Big', note: 'n', data: Array(count).fill(item) }
    const started = Date.now()
    const response = await t.request('POST', '/api/plants', body)
    const elapsed = Date.now() - started
    assertError(response, 422, 'validation failed', ['data', 'at most 200'])
    assert.ok(response.text.length < 1_000, `${response.text.length} bytes`)
    assert.ok(elapsed < 1_000, `took ${elapsed} ms`)
  })
})

describe('text is checked the same way on both databases', () => {
  const base = { scientific_name: 'Textus checkus', name: 'Text check', note: 'n' }
  const bad: [string, Record<string, unknown>][] = [
    ['name', { name: 'Bad\u0000name' }],
    ['scientific_name', { scientific_name: 'Bad\u0007' }],
    ['name', { name: 'Two\nlines' }],
    ['name', { name: '\u200B\u00AD \u2060' }],
    ['description', { description: 'bell \u0007 inside' }],
    ['description', { description: 'lone \uD800 surrogate' }],
    ['note', { note: 'nul\u0000' }],
    ['note', { note: '\u200B' }],
    ['data[0].key', { data: [{ key: 'Ke\u0000y', value: 'v' }] }],
    ['data[0].value', { data: [{ key: 'Key', value: 'tab\there' }] }],
    ['data[0].value', { data: [{ key: 'Key', value: '\uDC00' }] }],
  ]

  it('refuses NUL, control characters, lone surrogates and invisible names with 422 naming the field', async () => {
    for (const [field, override] of bad) {
      const response = await t.request('POST', '/api/plants', { ...base, ...override })
      assertError(response, 422, 'validation failed', [field])
    }
    const found = await t.request('POST', '/api/search', {
      scientific_name: base.scientific_name,
      type: 'Plant',
    })
    assert.deepEqual(found.body.plants, [])
  })

  it('refuses the same in updates and link notes', async () => {
    const plant = await createPlant(t)
    const other = await createPlant(t)
    for (const [field, override] of bad) {
      const response = await t.request('PUT', `/api/plants/${plant.id}`, {
        version: 1,
        note: 'n',
        ...override,
      })
      assertError(response, 422, 'validation failed', [field])
    }
    const link = await t.request('POST', `/api/plants/${plant.id}/links`, {
      plant_id: other.id,
      type: 'companion-to',
      note: 'x\u0000',
    })
    assertError(link, 422, 'validation failed', ['note'])
  })

  it('keeps tabs and line breaks in descriptions and notes, and any script in names', async () => {
    const plant = await createPlant(t, {
      name: 'Bärlauch 野蒜 🌱',
      description: 'Line one\n\tLine two\r\n',
      note: 'Seen in\tthe field\nand the book',
    })
    const read = await t.request('GET', `/api/plants/${plant.id}`)
    assert.equal(read.body.name, 'Bärlauch 野蒜 🌱')
    assert.equal(read.body.description, 'Line one\n\tLine two\r\n')
  })

  it('stores the longest names and values in any script, and finds a long value by facet', async () => {
    // Text that compresses badly, 3 and 4 bytes a character: more than an index entry may hold whole.
    const text = (length: number, first: number) =>
      Array.from({ length }, (_, i) => String.fromCodePoint(first + ((i * 7919) % 20000))).join('')
    const value = text(2000, 0x4e00)
    const plant = await createPlant(t, {
      scientific_name: text(300, 0x20000),
      name: text(300, 0x20000 + 1),
      description: 'Searched for as longvalues.',
      data: [
        { key: text(100, 0x20000), value },
        { key: 'Long list', value: `${text(200, 0x4e00)}, ${value.slice(0, 1790)}` },
      ],
    })
    const read = await t.request('GET', `/api/plants/${plant.id}`)
    assert.equal(read.body.data[0].value, value)
    const found = await t.request('POST', '/api/search', { q: 'longvalues', 'Long list': text(200, 0x4e00) })
    assert.deepEqual(
      found.body.plants.map((each: { id: number }) => each.id),
      [plant.id],
    )
  })

  it('answers a control character in a facet value with 400, never a database error', async () => {
    assertError(await t.request('GET', '/api/search?q=a&Family=x%00y'), 400, 'bad request', ['Family'])
    assertError(
      await t.request('POST', '/api/search', { q: 'a', Family: ['\u0000'] }),
      422,
      'validation failed',
    )
  })
})

describe('integers outside the safe range', () => {
  const huge = '9223372036854775808'

  it('are a 422 in a body', async () => {
    const plant = await createPlant(t)
    const create = `{"scientific_name":"A b","name":"c","note":"n","type":"Variety","parent_id":${huge}}`
    assertError(await t.request('POST', '/api/plants', create), 422, 'validation failed', ['parent_id'])
    const update = `{"version":${huge},"note":"n","name":"x"}`
    assertError(await t.request('PUT', `/api/plants/${plant.id}`, update), 422, 'validation failed', [
      'version',
    ])
    const link = `{"plant_id":${huge},"type":"companion-to","note":"n"}`
    assertError(await t.request('POST', `/api/plants/${plant.id}/links`, link), 422, 'validation failed', [
      'plant_id',
    ])
    assertError(
      await t.request('POST', '/api/plants', {
        scientific_name: 'A b',
        name: 'c',
        note: 'n',
        parent_id: 1.5,
      }),
      422,
      'validation failed',
      ['parent_id'],
    )
  })

  it('are a 404 in a path and a 400 in a query', async () => {
    assertError(await t.request('GET', `/api/plants/${huge}`), 404, 'not found')
    assertError(
      await t.request('PUT', `/api/plants/${huge}`, { version: 1, note: 'n', name: 'x' }),
      404,
      'not found',
    )
    assertError(await t.request('GET', `/api/plants/${huge}/varieties`), 404, 'not found')
    assertError(await t.request('GET', `/api/plants?last_id=${huge}`), 400, 'bad request', ['last_id'])
    assertError(await t.request('GET', `/api/plants?page=${huge}`), 400, 'bad request', ['page'])
  })
})

describe('bodies and query strings as clients send them', () => {
  it('treats an empty body as {} and names the missing fields', async () => {
    assertError(await t.request('POST', '/api/plants', ''), 422, 'validation failed', ['scientific_name'])
  })

  it('ignores an unknown query parameter, or answers 400 naming it, what the endpoint takes and the near miss when strict', async () => {
    const strict = { prefer: 'handling=strict' }
    for (const name of ['LastId', 'cursor']) {
      const response = await t.request('GET', `/api/plants?${name}=5`, undefined, strict)
      assertError(response, 400, 'bad request', [
        `"${name}"`,
        'last_id, updated_since',
        `"${name}" → "last_id"`,
      ])
      const lenient = await t.request('GET', `/api/plants?${name}=5`)
      assert.equal(lenient.status, 200)
      assert.equal(lenient.headers.get('hortus-ignored-parameters'), `${name} (did you mean last_id?)`)
    }
    const plant = await createPlant(t)
    assertError(
      await t.request('GET', `/api/plants/${plant.id}?verbose=1`, undefined, strict),
      400,
      'bad request',
      ['"verbose"', 'no query parameters'],
    )
    assertError(
      await t.request('GET', `/api/plants/${plant.id}/varieties?size=5`, undefined, strict),
      400,
      'bad request',
      ['"size" → "per_page"'],
    )
  })
})

describe('GET /api/health', () => {
  it('answers 200 without a key when the database answers', async () => {
    const response = await fetch(`${t.baseUrl}/api/health`)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
    assert.deepEqual(await response.json(), { status: 'ok', database: 'ok' })
  })
})
