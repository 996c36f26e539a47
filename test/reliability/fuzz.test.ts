// Generated bad input: at least 10,000 hostile requests (fuzz-corpus.ts) against every route of a real
// server process. Every answer must come within 5 s with a status below 500; every API error is
// `{error, msg}` with the JSON content type (pages answer HTML); no body shows a stack trace, SQL or a
// driver's words. Afterwards the same process is still running, it logged no error, and the row counts
// moved only by the writes the corpus was acknowledged for. The seed is printed; HORTUS_FUZZ_SEED replays.
// Last, the edges of every integer of every route (boundary-corpus.ts), each in an otherwise right request.
import assert from 'node:assert/strict'
import { unescape } from 'node:querystring'
import { isDeepStrictEqual } from 'node:util'
import { after, before, it } from 'node:test'
import { createKeyPair, type KeyPair } from '../../src/accounts/api-keys.ts'
import { BODY_LIMIT_BYTES, buildApp } from '../../src/app.ts'
import type { Store } from '../../src/db/store.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { rawRequest } from '../helpers/raw-http.ts'
import { recordFigure, tierCount } from '../helpers/reliability.ts'
import { createTestDatabaseUrl, openTestStore } from '../helpers/test-database.ts'
import type { TestResponse } from '../helpers/test-app.ts'
import { Visitor } from '../helpers/visitor.ts'
import { startServer, type ChildServer } from './child-server.ts'
import { boundaryRequests, INTEGER_EDGES, type BoundaryWorld } from './boundary-corpus.ts'
import {
  CANARY,
  asksStrict,
  hostileRequests,
  ROUTE_NAMES,
  type HostileRequest,
  type World,
} from './fuzz-corpus.ts'

const REQUESTS = tierCount(10_000, 10_000)
const CONCURRENCY = 12
const MAX_LATENCY_MS = 5_000
const SEED = Number(process.env.HORTUS_FUZZ_SEED ?? 20261123)
const SUITE = 'generated bad input'

/** What no answer may show: stack traces, source paths, driver and framework internals, generated SQL.
 * A pattern that the request itself matches is not held against the answer (errors may quote the input). */
const INTERNAL: RegExp[] = [
  /\bat [\w.<>]+ \(|\n\s+at \S+:\d+:\d+|file:\/\/|node_modules|\/src\/\w+|\.ts:\d+/,
  /SQLITE_|SqliteError|sqlite3?\b|better-sqlite|\bpostgres(ql)?\b|\bpg_\w+|\bKysely\b/i,
  /syntax error at|no such (table|column)|relation "|column "|violates|duplicate key|constraint failed/i,
  /\b(select|insert into|update|delete from)\s+["`(]|\bfrom\s+"\w+"|\bwhere\s+"\w+"/i,
  /\b(FST_\w+|ERR_[A-Z_]+)\b|\b(TypeError|RangeError|ReferenceError|SyntaxError)\b|Maximum call stack|Cannot read prop/,
]

/** The answer without the random key material pages show (a new secret once, each key's last four characters
 * after "…", every form's CSRF token): base64url text that now and then spells a pattern above (`…Pg_x` and a
 * token `PG_rb9…` are `\bpg_\w+`). */
function withoutKeyMaterial(text: string): string {
  return text.replace(/[A-Za-z0-9_-]{43}|…[A-Za-z0-9_-]{4}|name="_csrf" value="[^"]*"/g, '')
}

let store: Store
let server: ChildServer
let world: World
let key: KeyPair

const TABLES = [
  'accounts',
  'api_keys',
  'sessions',
  'plants',
  'plant_revisions',
  'plant_links',
  'plant_images',
] as const
type Counts = Record<(typeof TABLES)[number] | 'active_links', number>

async function rowCounts(): Promise<Counts> {
  const counts = {} as Counts
  for (const table of TABLES) {
    const row = await store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    counts[table] = Number(row.n)
  }
  const active = await store.db
    .selectFrom('plant_links')
    .where('removed_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  counts.active_links = Number(active.n)
  return counts
}

/** A client of the child server with the fuzzer's key, for the factories. */
function client(baseUrl: string, pair: KeyPair) {
  return {
    request: async (method: string, path: string, body?: unknown): Promise<TestResponse> => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'x-service-key-id': pair.key_id,
          'x-service-key-secret': pair.key_secret,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      return { status: response.status, headers: response.headers, text, body: JSON.parse(text) }
    },
  }
}

before(async () => {
  const url = await createTestDatabaseUrl()
  store = await openTestStore(url)
  key = await createKeyPair(store, 'fuzzer@example.org', 'fuzz', 'fuzzer')
  const bystander = await createKeyPair(store, 'bystander@example.org', 'other', 'bystander')
  server = await startServer(url, { LOG_LEVEL: 'error' })

  // Attribute keys full of search and SQL syntax, so hostile facet names are real facets too.
  const t = client(server.baseUrl, key)
  const facetKeys = [
    'Family',
    'Edible parts',
    `O'Brien "mark" %_\\*`,
    `'; DROP TABLE plants; --`,
    'NEAR(a b)',
    'Height',
    'Soil pH',
  ]
  const parent = await createPlant(t, {
    data: [
      { key: 'Family', value: 'Rosaceae, Testaceae' },
      { key: 'Edible parts', value: 'Fruit, Leaves' },
      { key: facetKeys[2]!, value: `it's 50% "quoted" NEAR(a b)` },
      { key: facetKeys[3]!, value: `' OR '1'='1` },
      { key: facetKeys[4]!, value: '*' },
      { key: 'Height', value: '1.5' },
      { key: 'Soil pH', value: '6.0-7.5' },
      { key: '__proto__', value: 'proto value' },
      { key: 'constructor', value: 'x' },
    ],
  })
  const variety = await createPlant(t, { type: 'Variety', parent_id: parent.id })
  const others = [await createPlant(t), await createPlant(t), await createPlant(t)]
  const links = [await link(t, parent.id, others[0].id), await link(t, others[1].id, others[2].id)]

  // A logged-in visitor: website requests carry its session and CSRF token some of the time.
  const visitor = new Visitor(server.baseUrl)
  const person = { email: 'visitor@example.org', name: 'Fuzz visitor', password: 'a long enough password' }
  await visitor.get('/signup')
  await visitor.post('/signup', person)
  await visitor.get('/login')
  assert.equal((await visitor.post('/login', person)).status, 303)
  assert.equal((await visitor.get('/account/keys')).status, 200)
  const cookie = ['hortus_session', '_csrf'].map((name) => `${name}=${visitor.cookie(name)}`).join('; ')

  world = {
    plantIds: [parent.id, variety.id, ...others.map((plant) => plant.id as number)],
    linkIds: links.map((made) => made.id as number),
    slugs: [parent.slug, variety.slug, others[0].slug],
    facetKeys: [...facetKeys, 'family', '__proto__', 'constructor'],
    key,
    otherKeyId: bystander.key_id,
    session: { cookie, csrf: visitor.csrf },
  }
})
after(async () => {
  await server?.stop()
  await store?.close()
})

interface Answer {
  path: string
  status: number
  contentType: string
  location: string
  /** Preference-Applied (not read from answers on a plain socket). */
  preferenceApplied?: string | undefined
  text: string
  ms: number
}

async function send(request: HostileRequest): Promise<Answer> {
  const started = performance.now()
  if (request.raw) {
    const body = request.body ?? ''
    const head = [
      `${request.method} ${request.path} HTTP/1.1`,
      'Host: 127.0.0.1',
      ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
      ...(body.length > 0 ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
    ]
    // A large body goes on a keep-alive connection: a server that refuses it before reading it (a bad path)
    // drains it then, where closing at once would reset the connection, answer and all.
    const keepAlive = body.length > 16_384
    const answer = await rawRequest(server.port, head.join('\r\n'), {
      body,
      keepAlive,
      timeoutMs: MAX_LATENCY_MS,
    })
    return {
      path: request.path,
      status: answer.status,
      contentType: answer.headers['content-type'] ?? '',
      location: answer.headers.location ?? '',
      text: answer.body,
      ms: performance.now() - started,
    }
  }
  const answer = await server.send({
    method: request.method,
    path: request.path,
    headers: request.headers,
    body: request.body,
    timeoutMs: MAX_LATENCY_MS,
  })
  return {
    path: request.path,
    status: answer.status,
    contentType: answer.headers['content-type'] ?? '',
    location: answer.headers.location ?? '',
    preferenceApplied: [answer.headers['preference-applied'] ?? []].flat().join(', '),
    text: answer.text,
    ms: performance.now() - started,
  }
}

const JSON_TYPE = 'application/json; charset=utf-8'
const HTML_TYPE = 'text/html; charset=utf-8'
const isApiPath = (path: string) => /^\/api(\/|\?|$)/.test(path)

/** A body past the server's limit may be refused by closing the connection before it is all sent (HTTP
 * allows it after a 413): the client's write then fails with EPIPE or ECONNRESET, sometimes before the 413
 * is read. That is the server refusing the body, not a request left without an answer. */
const CLOSED_PAST_LIMIT = 'closed: the server refused a body past its limit while it was being sent'

function closedPastTheLimit(request: HostileRequest, error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  const size = request.body === undefined ? 0 : Buffer.byteLength(request.body)
  return (code === 'EPIPE' || code === 'ECONNRESET') && size > BODY_LIMIT_BYTES
}

/** What is wrong with an answer, as a kind (for the figures) and a description; null when it is right. */
function judge(request: HostileRequest, answer: Answer): { kind: string; what: string } | null {
  const { status, text } = answer
  if (!status && text === CLOSED_PAST_LIMIT) return null
  if (!status) return { kind: 'no answer', what: text.slice(0, 300) }
  if (!(status >= 100 && status < 500))
    return { kind: '5xx', what: `status ${status}: ${text.slice(0, 300)}` }
  if (answer.ms > MAX_LATENCY_MS) return { kind: 'slow', what: `${Math.round(answer.ms)} ms` }
  const sentText = `${request.path} ${JSON.stringify(request.headers)} ${request.body?.toString() ?? ''}`
  let decoded = sentText
  try {
    decoded += decodeURIComponent(request.path)
  } catch {
    // A path with bad percent-encoding: its raw text is what the answer could quote.
  }
  const shown = withoutKeyMaterial(text)
  const leak = INTERNAL.find((pattern) => pattern.test(shown) && !pattern.test(decoded))
  if (leak) {
    // The text around what matched: a page's first 300 characters are its header, which never shows it.
    const at = Math.max(0, shown.search(leak) - 150)
    return {
      kind: 'leak',
      what: `internal detail (${leak.source.slice(0, 30)}): …${shown.slice(at, at + 300)}`,
    }
  }
  if (text.includes(CANARY) && !decoded.includes(CANARY)) return { kind: 'leak', what: 'canary in answer' }
  // Node answers headers too large (431) before any request is read, and so before any preference is.
  const readRequest = !request.raw && status !== 431
  if (readRequest && asksStrict(request.headers) && answer.preferenceApplied !== 'handling=strict')
    return { kind: 'shape', what: `strict request answered without Preference-Applied: ${status}` }
  if (request.method === 'HEAD' || status === 204 || status === 304) return null
  if (status >= 300 && status < 400) return answer.location ? null : { kind: 'shape', what: 'no location' }

  const jsonError = () => {
    if (!answer.contentType.startsWith('application/json'))
      return { kind: 'non-JSON error', what: `content-type "${answer.contentType}": ${text.slice(0, 200)}` }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return { kind: 'non-JSON error', what: `not JSON: ${text.slice(0, 200)}` }
    }
    const body = parsed as Record<string, unknown>
    const keys = Object.keys(body ?? {})
      .sort()
      .join(',')
    if (keys !== 'error,msg' || typeof body.error !== 'string' || typeof body.msg !== 'string')
      return { kind: 'non-JSON error', what: `error body ${text.slice(0, 200)}` }
    if (text.length > 8_000) return { kind: 'shape', what: `error body of ${text.length} bytes` }
    return null
  }
  if (isApiPath(answer.path)) {
    if (answer.contentType !== JSON_TYPE)
      return { kind: 'non-JSON error', what: `content-type "${answer.contentType}"` }
    return status >= 400 ? jsonError() : null
  }
  // Website paths: pages (errors included) are HTML. What Node refuses before any route (a malformed
  // request line or headers, headers too large) is answered in the API's JSON shape whatever the path.
  if (answer.contentType === HTML_TYPE) return null
  if (status >= 400) return jsonError()
  // The router reads a path up to its query or fragment: `/suggest#frag?q=x` is /suggest.
  if (/^\/suggest\/?([?#]|$)/.test(answer.path) && answer.contentType === JSON_TYPE) return null
  if (/^\/images\//.test(answer.path) && /^image\/(webp|png|jpeg)$/.test(answer.contentType)) return null
  if (
    /^\/plants\/[^/?#]+\/calendar\.ics\/?([?#]|$)/.test(answer.path) &&
    answer.contentType === 'text/calendar; charset=utf-8'
  )
    return null
  if (
    /^\/static\//.test(answer.path) &&
    /^text\/css|^application\/javascript|^text\/javascript/.test(answer.contentType)
  )
    return null
  return { kind: 'shape', what: `page ${status} with content-type "${answer.contentType}"` }
}

/** Which acknowledged write an answer stands for, so the row counts can be checked against them. */
function writeOf(request: HostileRequest, answer: Answer): keyof Writes | null {
  // The router reads a path up to its query or fragment, as it does `/api/plants#frag?x=1`.
  const path = answer.path.split(/[?#]/)[0]!
  const status = answer.status
  if (request.method === 'POST' && status === 201 && /^\/api\/plants\/?$/.test(path)) return 'creates'
  if (request.method === 'PUT' && status === 200 && /^\/api\/plants\/[^/]+\/?$/.test(path)) return 'updates'
  if (request.method === 'POST' && status === 200 && /^\/api\/plants\/[^/]+\/revert\/?$/.test(path))
    return 'updates'
  if (request.method === 'POST' && status === 201 && /^\/api\/plants\/[^/]+\/links\/?$/.test(path))
    return 'linksMade'
  if (request.method === 'DELETE' && status === 200 && /^\/api\/plants\/[^/]+\/links\/[^/]+\/?$/.test(path))
    return 'linksRemoved'
  if (request.method === 'POST' && status === 201 && /^\/api\/plants\/[^/]+\/images\/?$/.test(path))
    return 'imagesAdded'
  if (request.method === 'POST' && status === 201 && /^\/account\/keys\/?$/.test(path)) return 'keysMade'
  // The website's forms answer a save with a redirect (a refused one re-shows the form, or sends to /login).
  const saved = request.method === 'POST' && status === 303 && !answer.location.startsWith('/login')
  if (saved && /^\/plants\/new\/?$/.test(path)) return 'creates'
  if (saved && /^\/plants\/[^/]+\/(edit|restore)\/?$/.test(path)) return 'updates'
  if (saved && /^\/plants\/[^/]+\/links\/?$/.test(path)) return 'linksMade'
  if (saved && /^\/plants\/[^/]+\/pictures\/new\/?$/.test(path)) return 'imagesAdded'
  if (saved && /^\/plants\/[^/]+\/pictures\/[^/]+\/show\/?$/.test(path)) return 'updates'
  if (saved && /^\/plants\/[^/]+\/links\/[^/]+\/remove\/?$/.test(path)) return 'linksRemoved'
  return null
}
interface Writes {
  imagesAdded: number
  creates: number
  updates: number
  linksMade: number
  linksRemoved: number
  keysMade: number
}

it(`answers ${REQUESTS} hostile requests (seed ${SEED}) within 5 s, below 500, in the error shape`, async () => {
  const before = await rowCounts()
  const next = hostileRequests(SEED, world)
  const failures: string[] = []
  const kinds = new Map<string, number>()
  const statuses = new Map<number, number>()
  const routes = new Map<string, number>()
  const writes: Writes = {
    creates: 0,
    updates: 0,
    linksMade: 0,
    linksRemoved: 0,
    keysMade: 0,
    imagesAdded: 0,
  }
  let sent = 0
  let maxMs = 0
  const started = performance.now()

  const worker = async () => {
    while (sent < REQUESTS) {
      sent++
      const request = next()
      routes.set(request.route, (routes.get(request.route) ?? 0) + 1)
      let answer: Answer
      try {
        answer = await send(request)
      } catch (error) {
        answer = {
          path: request.path,
          status: 0,
          contentType: '',
          location: '',
          text: closedPastTheLimit(request, error) ? CLOSED_PAST_LIMIT : `no answer: ${String(error)}`,
          ms: 0,
        }
      }
      maxMs = Math.max(maxMs, answer.ms)
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      const write = writeOf(request, answer)
      if (write) writes[write]++
      const problem = judge(request, answer)
      if (problem) {
        kinds.set(problem.kind, (kinds.get(problem.kind) ?? 0) + 1)
        if (failures.length < 20)
          failures.push(
            `${request.method} ${request.path.slice(0, 160)} [${request.raw ? 'raw' : 'http'} ${Object.keys(request.headers).join(' ')} body ${request.body?.length ?? '-'}] → ${problem.what}`,
          )
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000

  const after = await rowCounts()
  const expected: Counts = {
    accounts: before.accounts,
    api_keys: before.api_keys + writes.keysMade,
    sessions: before.sessions,
    plants: before.plants + writes.creates,
    plant_revisions:
      before.plant_revisions +
      writes.creates +
      writes.updates +
      writes.imagesAdded +
      2 * (writes.linksMade + writes.linksRemoved),
    plant_links: before.plant_links + writes.linksMade,
    plant_images: before.plant_images + writes.imagesAdded,
    active_links: before.active_links + writes.linksMade - writes.linksRemoved,
  }
  const rowChanges = Object.keys(expected).reduce(
    (sum, table) => sum + Math.abs(after[table as keyof Counts] - expected[table as keyof Counts]),
    0,
  )
  const errorLogs = server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line))

  const figure = (measure: string, value: number | string, target = '') =>
    recordFigure({ suite: SUITE, measure, value, target })
  figure('requests sent (per database)', sent, '≥ 10,000')
  figure('5xx answers', kinds.get('5xx') ?? 0, '0')
  figure('requests without an answer within 5 s', kinds.get('no answer') ?? 0, '0')
  figure('max latency (ms)', Math.round(maxMs), '< 5,000')
  figure('errors not {error, msg} JSON', kinds.get('non-JSON error') ?? 0, '0')
  figure('answers leaking internals', kinds.get('leak') ?? 0, '0')
  figure('unexpected row-count changes', rowChanges, '0')
  figure(
    'acknowledged writes in the corpus (counted)',
    Object.values(writes).reduce((a, b) => a + b, 0),
  )
  figure('server restarts', server.alive() ? 0 : 1, '0')
  figure('duration (s)', Number(seconds.toFixed(1)))
  console.log(
    `fuzz seed ${SEED}: ${sent} requests in ${seconds.toFixed(1)} s, max ${Math.round(maxMs)} ms, ` +
      `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}, writes ${JSON.stringify(writes)}`,
  )

  assert.deepEqual(
    failures,
    [],
    `seed ${SEED}: ${JSON.stringify(Object.fromEntries(kinds))}; server ${server.alive() ? 'alive' : `exited ${server.started.child.exitCode ?? server.started.child.signalCode}`}\n${server.output().slice(-5000)}`,
  )
  assert.ok(sent >= 10_000)
  assert.ok(server.alive(), `the server process ${server.pid} is gone:\n${server.output().slice(-2000)}`)
  assert.deepEqual(errorLogs, [], 'the server logged errors')
  assert.deepEqual(after, expected, 'row counts moved beyond the acknowledged writes')
  // Every save is a revision: no half-written plant.
  const plants = await store.db.selectFrom('plants').select(['id', 'version']).execute()
  for (const plant of plants) {
    const revisions = await store.db
      .selectFrom('plant_revisions')
      .where('plant_id', '=', plant.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    assert.equal(Number(revisions.n), plant.version, `plant ${plant.id}: revisions match its version`)
  }
  // The generator reaches far: every route, successes and client errors of many kinds.
  for (const route of ROUTE_NAMES)
    assert.ok((routes.get(route) ?? 0) >= 20, `${route}: ${routes.get(route) ?? 0}`)
  for (const status of [200, 201, 303, 400, 401, 403, 404, 405, 413, 415, 422, 431])
    assert.ok(statuses.has(status), `no ${status} among ${[...statuses.keys()].join(', ')}`)
  // The fuzzer's key and the visitor's session still work: nothing was revoked or ended by the corpus.
  const keyed = await fetch(`${server.baseUrl}/api/plants/${world.plantIds[0]}`, {
    headers: { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret },
  })
  assert.equal(keyed.status, 200)
  const page = await fetch(`${server.baseUrl}/account/keys`, {
    headers: { cookie: world.session.cookie },
    redirect: 'manual',
  })
  assert.equal(page.status, 200)
})

const LENIENT_REQUESTS = tierCount(4_000, 10_000)

/** The names an answer reports ignored, or null when the header shortened them (a clipped name, `+N more`). */
function reportedNames(header: string): string[] | null {
  const names: string[] = []
  for (const entry of header.split(', ')) {
    const name = entry.replace(/ \(did you mean [^ ]*\?\)$/, '')
    if (entry.startsWith('+') || name.endsWith('...')) return null
    names.push(decodeURIComponent(name))
  }
  return names
}

/** The path without its query parameters of these names, read as the server's parser reads them; null when
 * a name matches no parameter (a name the header could not spell, such as one with a lone surrogate). */
function withoutNames(path: string, names: string[]): string | null {
  const at = path.indexOf('?')
  const parts = path.slice(at + 1).split('&')
  const nameOf = (part: string) => unescape(part.split('=')[0]!.replace(/\+/g, ' ')).replace(/\[\d*\]$/, '')
  if (!names.every((name) => parts.some((part) => nameOf(part) === name))) return null
  const kept = parts.filter((part) => !names.includes(nameOf(part)))
  return kept.length > 0 ? `${path.slice(0, at)}?${kept.join('&')}` : path.slice(0, at)
}

/** A JSON answer without search's interpretation (which lists the ignored names), else the text. */
function withoutInterpretation(text: string): unknown {
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    delete body.interpretation
    return body
  } catch {
    return text
  }
}

it('ignores unknown names: the answer is the one without what the header reports, and strict refuses them', async () => {
  // No writes in this part: the same request asked twice gets the same answer.
  const next = hostileRequests(SEED + 1, world)
  const failures: string[] = []
  let compared = 0
  for (let i = 0; i < LENIENT_REQUESTS && failures.length < 20; i++) {
    const request = next()
    if (request.method !== 'GET' || request.raw || !request.keyed || !isApiPath(request.path)) continue
    const headers = { ...request.headers }
    delete headers.prefer
    const lenient = await server.send({ path: request.path, headers, timeoutMs: MAX_LATENCY_MS })
    const header = lenient.headers['hortus-ignored-parameters']
    if (lenient.status !== 200 || typeof header !== 'string') continue
    const names = reportedNames(header)
    const path = names && withoutNames(request.path, names)
    if (!path) continue
    compared++
    const fail = (what: string) =>
      failures.push(`GET ${request.path.slice(0, 160)} [${header.slice(0, 100)}]: ${what}`)
    const plain = await server.send({ path, headers, timeoutMs: MAX_LATENCY_MS })
    if (plain.status !== 200) fail(`without the ignored names: ${plain.status}`)
    else if (plain.headers['hortus-ignored-parameters'] !== undefined)
      fail(`without them, still ignored: ${String(plain.headers['hortus-ignored-parameters'])}`)
    else if (!isDeepStrictEqual(withoutInterpretation(lenient.text), withoutInterpretation(plain.text)))
      fail('the answer differs from the one without the ignored names')
    const strict = await server.send({
      path: request.path,
      headers: { ...headers, prefer: 'handling=strict' },
      timeoutMs: MAX_LATENCY_MS,
    })
    if (strict.status !== 400 || !strict.text.includes('Unknown parameter'))
      fail(`strict: ${strict.status} ${strict.text.slice(0, 200)}`)
    if (strict.headers['preference-applied'] !== 'handling=strict') fail('strict: no Preference-Applied')
  }
  console.log(`unknown names: ${compared} answers compared with and without them, and strict`)
  recordFigure({
    suite: SUITE,
    measure: 'answers with ignored names compared to the same without them',
    value: compared,
    target: '≥ 100',
  })
  recordFigure({
    suite: SUITE,
    measure: 'ignored names that changed the answer or passed strict',
    value: failures.length,
    target: '0',
  })
  assert.deepEqual(failures, [])
  assert.ok(compared >= 100, `only ${compared} answers with ignored names`)
})

/** The status a refused integer gets: the interface reads a path that names nothing as an unknown thing. */
const REFUSED_STATUS = { params: 404, querystring: 400, body: 422 } as const

it(`tries ${INTEGER_EDGES.join(', ')} in every integer of every route: below 500, refused out of range`, async () => {
  // The integers every route takes, as the app's route table lists them.
  const app = await buildApp({ config: {}, store })
  const inputs = app.routeTable.integerInputs()
  await app.close()
  const t = client(server.baseUrl, key)
  const plant = await createPlant(t, { data: [{ key: 'Height', value: '1.5' }] })
  const other = await createPlant(t)
  const made = await link(t, plant.id, other.id)
  const { version } = (await t.request('GET', `/api/plants/${plant.id}`)).body as { version: number }
  const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, any>>
  }
  const examples: BoundaryWorld['examples'] = new Map()
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item)) {
      const query = (operation.parameters ?? []).filter((p: any) => p.in === 'query' && p.required)
      examples.set(`${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ':$1')}`, {
        body: operation.requestBody?.content?.['application/json']?.example,
        query: Object.fromEntries(query.map((p: any) => [p.name, p.example])),
      })
    }
  const requests = boundaryRequests(inputs, {
    params: {
      id: String(plant.id),
      slug: plant.slug,
      version: '1',
      link_id: String(made.id),
      linkId: String(made.id),
      image_id: '1',
      image: '1',
      key: 'Height',
      name: 'fuzzer',
      file: 'thumb.webp',
    },
    fields: { version, to_version: 1, plant_id: other.id, parent_id: world.plantIds[0]! },
    key,
    session: world.session,
    examples,
  })

  const errorLines = () =>
    server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line))
  const loggedBefore = errorLines().length
  const failures: string[] = []
  const statuses = new Map<number, number>()
  let next = 0
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!
      const answer = await send(request)
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      const { part, name } = request.input
      const what = `${request.method} ${request.path} [${part} ${name} = ${request.edge}]`
      const problem = judge(request, answer)
      if (problem) failures.push(`${what} → ${problem.what}`)
      else if (request.keyed && request.refused) {
        // The API refuses it as the parameter it is, and a 400 or 422 names it.
        if (answer.status !== REFUSED_STATUS[part])
          failures.push(
            `${what} → ${answer.status}, not ${REFUSED_STATUS[part]}: ${answer.text.slice(0, 200)}`,
          )
        else if (part !== 'params' && !answer.text.includes(name))
          failures.push(`${what} → ${answer.status} without naming ${name}: ${answer.text.slice(0, 200)}`)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  console.log(
    `integer edges: ${requests.length} requests on ${inputs.length} integers of ` +
      `${new Set(inputs.map((input) => `${input.method} ${input.url}`)).size} routes, statuses ` +
      JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0]))),
  )
  recordFigure({ suite: SUITE, measure: 'integer edges tried (per database)', value: requests.length })
  recordFigure({
    suite: SUITE,
    measure: 'integer edges answered wrongly',
    value: failures.length,
    target: '0',
  })
  assert.deepEqual(failures.slice(0, 30), [], `${failures.length} wrong answers`)
  assert.ok(inputs.length >= 60, `only ${inputs.length} integers found in the route table`)
  assert.ok(server.alive())
  assert.deepEqual(errorLines().slice(loggedBefore), [], 'the server logged errors')
})
