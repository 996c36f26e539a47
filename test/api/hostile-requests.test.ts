// A seeded generator of hostile requests against every route. Whatever arrives, the oracle holds: no 5xx,
// every error is `{error, msg}` with the JSON content type, and no body shows anything internal (stack
// traces, SQL, driver or framework error codes). The seed is printed, so a failure can be replayed with
// HORTUS_HOSTILE_SEED.
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { rawRequest } from '../helpers/raw-http.ts'

const REQUESTS = 2_400
const CONCURRENCY = 8
const SEED = Number(process.env.HORTUS_HOSTILE_SEED ?? 20261123)

/** mulberry32: a small, fast, seedable generator, so a run can be repeated exactly. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!
  return { next, int, pick }
}

type Random = ReturnType<typeof generator>

const INTERNAL =
  /\bat .+:\d+:\d+|node_modules|SQLITE_|sqlite|postgres|pg_|syntax error|FST_|ERR_|stack|Kysely|TypeError|ReferenceError|\bselect\b.+\bfrom\b/i

const STRINGS = [
  '',
  ' ',
  'a',
  'Tomato',
  '\u0000',
  'nul\u0000inside',
  '\u0007bell',
  'line\nbreak',
  'tab\t',
  '\uD800',
  'x\uDFFFy',
  '\u200B',
  '🌱'.repeat(50),
  'é'.repeat(3000),
  "'; DROP TABLE plants; --",
  '" OR 1=1 --',
  'NEAR(a b)',
  '*',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  'x'.repeat(201),
  'x'.repeat(20_001),
]
const NUMBERS = [0, -1, 1, 1.5, 2 ** 31, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2]

function value(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 4 : 7)) {
    case 0:
      return r.pick(STRINGS)
    case 1:
      return r.pick(NUMBERS)
    case 2:
      return r.pick([null, true, false])
    case 3:
      return String(r.pick(NUMBERS))
    case 4:
      return Array.from({ length: r.int(4) }, () => value(r, depth + 1))
    case 5:
      return { key: value(r, depth + 1), value: value(r, depth + 1) }
    default:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(FIELDS), value(r, depth + 1)]))
  }
}

const FIELDS = [
  'scientific_name',
  'name',
  'note',
  'description',
  'type',
  'parent_id',
  'data',
  'version',
  'regenerate_slug',
  'plant_id',
  'q',
  'page',
  'per_page',
  'Family',
  'family',
  'id',
  'slug',
  '__proto__',
  'constructor',
]
const QUERY_NAMES = [
  'q',
  'page',
  'per_page',
  'last_id',
  'updated_since',
  'type',
  'Family',
  'family',
  'Edible parts[]',
  'Family[0]',
  'last',
  'limit',
  '__proto__',
  'x'.repeat(300),
  'a%00b',
  '%ZZ',
  'nul\u0000name',
  '\u0007',
  'Fam\uD800ily',
]

/** A body that the route would accept, for the generator to spoil (or not). */
function validBody(r: Random, method: string, path: string, ids: number[]): Record<string, unknown> {
  if (path.includes('/links')) {
    return method === 'DELETE'
      ? { note: 'hostile removal' }
      : { plant_id: r.pick(ids), type: r.pick(['companion-to', 'antagonist-to']), note: 'hostile link' }
  }
  if (method === 'PUT')
    return { version: r.pick([1, 2, 3]), note: 'hostile edit', name: `Hostile ${r.int(1e6)}` }
  if (path.startsWith('/api/search')) return { q: r.pick(STRINGS.slice(0, 14)) }
  return { scientific_name: 'Hostilus testus', name: `Hostile ${r.int(1e6)}`, note: 'hostile test' }
}

function body(r: Random, valid: Record<string, unknown>): { text?: string; type?: string } {
  switch (r.int(10)) {
    case 0:
      return {}
    case 1:
      return { text: '', type: 'application/json' }
    case 2:
      return {
        text: r.pick(['{', '{"a":', 'null', '[]', '"x"', '1', '{"__proto__":{"x":1}}', '\u0000']),
        type: 'application/json',
      }
    case 3:
      return {
        text: 'name=x',
        type: r.pick(['text/plain', 'application/x-www-form-urlencoded', 'text/html', 'x/y']),
      }
    case 4:
      return {
        text: JSON.stringify({ data: Array(r.int(3000)).fill({ key: '', value: 1 }) }),
        type: 'application/json',
      }
    case 5:
      return { text: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' }
    default: {
      const doc = { ...valid }
      for (let i = r.int(5) - 2; i > 0; i--) doc[r.pick(FIELDS)] = value(r)
      if (r.next() < 0.2) delete doc[r.pick(Object.keys(doc))]
      return {
        text: JSON.stringify(doc),
        type: r.pick(['application/json', 'application/json; charset=utf-8']),
      }
    }
  }
}

/** Percent-encodes like a client would; a lone surrogate (which has no UTF-8) becomes its raw bytes. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

function path(r: Random, ids: number[]): string {
  const id = r.pick([
    ...ids.map(String),
    '0',
    '-1',
    '1.5',
    '9223372036854775808',
    '9'.repeat(300),
    'abc',
    '%F0%9F%8C%B1',
    '%00',
    '..',
    '',
  ])
  const template = r.pick([
    '/api/plants',
    '/api/plants/',
    '/api/plants/{id}',
    '/api/plants/{id}/',
    '/api/plants/{id}/varieties',
    '/api/plants/{id}/companions',
    '/api/plants/{id}/links',
    '/api/plants/{id}/links/{id}',
    '/api/plants/{id}/revisions',
    '/api/search',
    '/api/attributes',
    '/api/attributes/{key}',
    '/api/health',
    '/api/openapi.json',
    '/api/nothing',
    '/',
    '/search',
    '/plants/{key}',
    '/signup',
    '/login',
    '/logout',
    '/account/keys',
    '/account/keys/{key}/revoke',
  ])
  const key = r.pick(['Family', 'family', 'Edible%20parts', '%00', 'x'.repeat(300), '%E2%80%8B', 'nothing'])
  const query = Array.from({ length: r.int(4) }, () => {
    const name = r.pick(QUERY_NAMES)
    const text = r.pick([...STRINGS.slice(0, 14), '1', '2', '100', '101', '-5', '1e3', '2026-11-22', 'Plant'])
    return `${encode(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encode(text)}`
  }).join('&')
  return `${template.replaceAll('{id}', id).replace('{key}', key)}${query ? `?${query}` : ''}`
}

let t: TestApp
let ids: number[] = []
before(async () => {
  t = await buildTestApp()
  const parent = await createPlant(t, { data: [{ key: 'Family', value: 'Rosaceae, Testaceae' }] })
  const variety = await createPlant(t, { type: 'Variety', parent_id: parent.id })
  const other = await createPlant(t)
  await link(t, parent.id, other.id)
  ids = [parent.id, variety.id, other.id]
})
after(async () => t.close())

it(`answers ${REQUESTS} hostile requests (seed ${SEED}) without a 5xx, always in the error shape`, async () => {
  const r = generator(SEED)
  const plan = Array.from({ length: REQUESTS }, () => {
    const method = r.pick(['GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'])
    const target = path(r, ids)
    const sent = body(r, validBody(r, method, target, ids))
    return { method, path: target, body: sent, auth: r.next() < 0.9, raw: r.next() < 0.05 }
  })
  const failures: string[] = []
  const statuses = new Map<number, number>()
  let next = 0
  const worker = async () => {
    while (next < plan.length && failures.length < 10) {
      const request = plan[next++]!
      const result = await send(request)
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1)
      const problem = judge(request.method, request.path, result)
      if (problem) failures.push(`${request.method} ${request.path.slice(0, 200)} → ${problem}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  assert.deepEqual(failures, [], `seed ${SEED}`)
  // The generator reaches far: successes, client errors of many kinds, and every route.
  for (const status of [200, 201, 400, 401, 404, 405, 415, 422])
    assert.ok(statuses.has(status), `no ${status}`)
  assert.equal((await fetch(`${t.baseUrl}/api/health`)).status, 200)
})

interface Sent {
  status: number
  contentType: string
  text: string
}

async function send(request: {
  method: string
  path: string
  body: { text?: string; type?: string }
  auth: boolean
  raw: boolean
}): Promise<Sent> {
  const headers: Record<string, string> = request.auth
    ? { 'x-service-key-id': t.key.key_id, 'x-service-key-secret': t.key.key_secret }
    : { 'x-service-key-id': 'hk_nobody', 'x-service-key-secret': 'nothing' }
  if (request.method === 'OPTIONS' && request.auth) {
    headers.origin = 'https://app.example'
    headers['access-control-request-method'] = 'PUT'
  }
  if (request.body.type) headers['content-type'] = request.body.type
  const hasBody = request.body.text !== undefined && !['GET', 'HEAD'].includes(request.method)
  if (request.raw) {
    const head = [
      `${request.method} ${request.path} HTTP/1.1`,
      'Host: 127.0.0.1',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ]
    const payload = hasBody ? Buffer.from(request.body.text!) : Buffer.alloc(0)
    if (hasBody) head.push(`content-length: ${payload.length}`)
    const response = await rawRequest(Number(new URL(t.baseUrl).port), head.join('\r\n'), {
      body: hasBody ? request.body.text : '',
    })
    return {
      status: response.status,
      contentType: response.headers['content-type'] ?? '',
      text: response.body,
    }
  }
  const response = await fetch(`${t.baseUrl}${request.path}`, {
    method: request.method,
    headers,
    ...(hasBody ? { body: request.body.text } : {}),
  })
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  }
}

function judge(method: string, path: string, sent: Sent): string | null {
  if (!(sent.status >= 200 && sent.status < 500)) return `status ${sent.status}: ${sent.text.slice(0, 300)}`
  if (method === 'HEAD' || sent.status === 204) return null
  // Website pages (any path outside /api) answer, errors included, with an HTML page.
  // Headers too large (431) are refused by Node before any routing, in the API's JSON shape.
  if (!path.startsWith('/api') && sent.status !== 431) {
    if (sent.contentType !== 'text/html; charset=utf-8')
      return `page ${sent.status} content-type "${sent.contentType}"`
    if (INTERNAL.test(sent.text)) return `internal detail: ${sent.text.slice(0, 300)}`
    return null
  }
  if (sent.contentType !== 'application/json; charset=utf-8') return `content-type "${sent.contentType}"`
  if (INTERNAL.test(sent.text.slice(0, 5000)) && sent.status >= 400)
    return `internal detail: ${sent.text.slice(0, 300)}`
  if (sent.status < 400) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(sent.text)
  } catch {
    return `not JSON: ${sent.text.slice(0, 200)}`
  }
  const keys = Object.keys(parsed as object)
    .sort()
    .join(',')
  if (keys !== 'error,msg') return `error body keys ${keys}`
  if (sent.text.length > 8_000) return `error body of ${sent.text.length} bytes`
  return null
}
