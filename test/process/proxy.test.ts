// Behind a real proxy, as deploy/ ships it: Debian's nginx with deploy/nginx/hortus.conf in front of
// `HORTUS_WORKERS=2` with HORTUS_TRUSTED_PROXIES=127.0.0.1. Every connection here is local, so the clients
// connect from other loopback addresses (127.0.0.5 and up; Linux routes all of 127/8 to lo): Hortus's own
// peer is always nginx at 127.0.0.1, and only the forwarding can tell it who the client was.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { after, before, describe, it } from 'node:test'
import sharp from 'sharp'
import type { KeyPair } from '../../src/accounts/api-keys.ts'
import { unique } from '../helpers/factories.ts'
import { startNginx, type Nginx } from '../helpers/nginx.ts'
import { freePort, killGroup, startServer, waitFor, type Started } from '../helpers/processes.ts'
import { createTestDatabaseUrl, createTestKey, TEST_DIALECT } from '../helpers/test-database.ts'

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

interface RequestLine {
  pid: number
  reqId: string
  url: string
  ip: string | null
  status: number
}

const AUTH_FAILURE_LIMIT = 5
const PHASES = ['before the kill', 'between', 'after the primary saw it'] as const
type Phase = (typeof PHASES)[number]

let server: Started
let nginx: Nginx
let proxyPort: number
let hortusPort: number
let key: KeyPair

interface SendOptions {
  /** nginx's port unless given. */
  port?: number
  /** The loopback address the client connects from. */
  from?: string
  headers?: Record<string, string>
  body?: Buffer
  /** false: a connection of its own. */
  agent?: Agent | false
  /** A client waiting longer gives up (an error). */
  timeoutMs?: number
}

/** A request to nginx (or to `port`). */
function send(method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const {
    port = proxyPort,
    from = '127.0.0.1',
    headers = {},
    body,
    agent = false,
    timeoutMs = 30_000,
  } = options
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, localAddress: from, method, path, headers, agent },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
        response.on('error', reject)
      },
    )
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    request.on('error', reject)
    request.end(body)
  })
}

const withKey = (headers: Record<string, string> = {}) => ({
  'x-service-key-id': key.key_id,
  'x-service-key-secret': key.key_secret,
  ...headers,
})

/** Hortus's request lines so far (both workers' JSON lines, on one stdout). */
function requestLines(): RequestLine[] {
  return server.output.stdout.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return []
    try {
      const parsed = JSON.parse(line) as RequestLine & { msg?: string }
      return parsed.msg === 'request' ? [parsed] : []
    } catch {
      return []
    }
  })
}

async function lineOf(requestId: string): Promise<RequestLine> {
  let found: RequestLine | undefined
  await waitFor(`the request line of ${requestId}`, () => {
    found = requestLines().find((line) => line.reqId === requestId)
    return found !== undefined
  })
  return found!
}

/** The primary's children: its workers. */
function workerPids(): number[] {
  const pid = server.child.pid!
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  )
}

/** Waits until each of `pids` has answered a request (as its request line shows). They go to Hortus's port
 * itself, each on a connection of its own, which the primary hands to the workers in turn; nginx would
 * send them all on the connections it keeps open, to whichever workers had them. (Not /api/health: a
 * worker answers it 503 while it warms up.) */
async function untilAnswering(pids: number[]): Promise<void> {
  await waitFor(`workers ${pids.join(', ')} answer`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        send('GET', '/api/plants?per_page=1', { port: hortusPort, headers: withKey() }),
      ),
    )
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]))
    const seen = new Set(requestLines().map((line) => line.pid))
    return pids.every((pid) => seen.has(pid))
  })
}

async function startBoth(): Promise<void> {
  const url = await createTestDatabaseUrl()
  key = await createTestKey(url, 'proxy@example.org')
  hortusPort = await freePort()
  server = startServer(
    {
      DATABASE_URL: url,
      PORT: String(hortusPort),
      HORTUS_WORKERS: '2',
      HORTUS_TRUSTED_PROXIES: '127.0.0.1',
      HORTUS_PUBLIC_URL: undefined,
      HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE: String(AUTH_FAILURE_LIMIT),
      LOG_LEVEL: 'info',
    },
    { detached: true },
  )
  proxyPort = await freePort()
  nginx = startNginx(proxyPort, hortusPort)
  const answersHealth = () =>
    send('GET', '/api/health').then(
      (answer) => answer.status === 200,
      () => false,
    )
  // Any answer, a 502 while Hortus starts included: nginx is up.
  const nginxAnswers = () =>
    send('GET', '/api/health').then(
      () => true,
      () => false,
    )
  await waitFor('nginx starts', nginxAnswers, { started: nginx.started })
  await waitFor('Hortus answers through nginx', answersHealth, { started: server, timeoutMs: 60_000 })
}

describe(
  'behind nginx (deploy/nginx/hortus.conf), two workers',
  {
    skip: TEST_DIALECT === 'sqlite' && 'HORTUS_WORKERS=2 needs PostgreSQL: this runs in the PostgreSQL suite',
  },
  () => {
    before(startBoth)
    after(async () => {
      for (const started of [nginx?.started, server]) {
        if (!started) continue
        killGroup(started.child.pid)
        await started.finished
      }
    })

    it('logs the address nginx saw, whatever X-Forwarded-For the client sent, and passes the request id', async () => {
      const plain = await send('GET', '/api/plants?per_page=1', {
        from: '127.0.0.5',
        headers: withKey({ 'x-request-id': 'proxy-test-plain' }),
      })
      assert.equal(plain.status, 200)
      assert.equal(plain.headers['x-request-id'], 'proxy-test-plain')
      // nginx appends the address it saw; Hortus trusts nginx (127.0.0.1) and nothing the client wrote.
      const forged = await send('GET', '/api/plants?per_page=1', {
        from: '127.0.0.5',
        headers: withKey({ 'x-request-id': 'proxy-test-forged', 'x-forwarded-for': '203.0.113.9' }),
      })
      assert.equal(forged.status, 200)
      // Without an id of the client's, nginx's own ($request_id: 32 hex digits; Hortus's would be a UUID).
      const unnamed = await send('GET', '/api/plants?per_page=1', { from: '127.0.0.5', headers: withKey() })
      const nginxId = String(unnamed.headers['x-request-id'])
      assert.match(nginxId, /^[0-9a-f]{32}$/)

      for (const id of ['proxy-test-plain', 'proxy-test-forged', nginxId])
        assert.equal((await lineOf(id)).ip, '127.0.0.5', `the address in the request line of ${id}`)
    })

    it('counts failed authentications per client address, not for nginx as a whole', async () => {
      const badKey = { 'x-service-key-id': 'no-such-key', 'x-service-key-secret': 'wrong' }
      const statuses: number[] = []
      // Both workers count; their counts meet in PostgreSQL a moment later, so the 429 may come a few late.
      while (statuses.length < 40 && !statuses.includes(429))
        statuses.push((await send('GET', '/api/plants', { from: '127.0.0.6', headers: badKey })).status)
      assert.deepEqual(statuses.slice(0, AUTH_FAILURE_LIMIT), Array(AUTH_FAILURE_LIMIT).fill(401))
      assert.ok(statuses.includes(429), `no 429 after ${statuses.length} failures: ${statuses.join(' ')}`)

      const other = await send('GET', '/api/plants', { from: '127.0.0.7', headers: badKey })
      assert.equal(other.status, 401, 'another client behind the same nginx is not refused')
      const good = await send('GET', '/api/plants?per_page=1', { from: '127.0.0.7', headers: withKey() })
      assert.equal(good.status, 200)
    })

    it('takes a picture of almost 5 MiB through nginx, and its URLs name the host the client used', async () => {
      const created = await send('POST', '/api/plants', {
        headers: withKey({ 'content-type': 'application/json' }),
        body: Buffer.from(
          JSON.stringify({
            scientific_name: unique('Solanum proxium'),
            name: unique('Proxy tomato'),
            note: 'test',
          }),
        ),
      })
      assert.equal(created.status, 201, created.body)
      const plantId = (JSON.parse(created.body) as { id: number }).id

      // Noise hardly compresses: a real JPEG over nginx's default body limit (1 MiB), under Hortus's 5 MiB.
      const picture = await sharp(randomBytes(2200 * 1600 * 3), {
        raw: { width: 2200, height: 1600, channels: 3 },
      })
        .jpeg({ quality: 100 })
        .toBuffer()
      assert.ok(
        picture.length > 4 * 1024 * 1024 && picture.length < 5 * 1024 * 1024,
        `${picture.length} bytes`,
      )
      const form = new FormData()
      for (const [name, value] of Object.entries({
        license: 'CC-BY-4.0',
        author: 'Ada',
        note: 'Ripe in August',
      }))
        form.append(name, value)
      form.append('file', new Blob([new Uint8Array(picture)]), 'tomato.jpg')
      const multipart = new Request('http://hortus.invalid/', { method: 'POST', body: form })
      const uploaded = await send('POST', `/api/plants/${plantId}/images`, {
        headers: withKey({ 'content-type': multipart.headers.get('content-type')! }),
        body: Buffer.from(await multipart.arrayBuffer()),
      })
      assert.equal(uploaded.status, 201, uploaded.body)

      const host = `plants.example.test:${proxyPort}`
      // nginx replaces the client's X-Forwarded-Proto with the scheme it was reached by (http here).
      const read = await send('GET', `/api/plants/${plantId}`, {
        headers: withKey({ host, 'x-forwarded-proto': 'https' }),
      })
      assert.equal(read.status, 200)
      const thumb = (JSON.parse(read.body) as { images: { thumb: string } }).images.thumb
      assert.match(
        thumb,
        new RegExp(`^http://plants\\.example\\.test:${proxyPort}/images/\\d+/thumb\\.webp$`),
      )

      const image = await send('GET', new URL(thumb).pathname, { headers: { host } })
      assert.equal(image.status, 200)
      assert.equal(image.headers['content-type'], 'image/webp')
      assert.equal(image.headers['cache-control'], 'public, max-age=2592000, immutable')
    })

    it('keeps health checks out of the access log', async () => {
      assert.equal((await send('GET', '/api/health')).status, 200)
      assert.equal((await send('GET', '/api/plants?per_page=1', { headers: withKey() })).status, 200)
      const log = readFileSync(nginx.accessLog, 'utf8')
      assert.match(log, /"GET \/api\/plants\?per_page=1 HTTP\/1\.1" 200/)
      assert.doesNotMatch(log, /\/api\/health/)
    })

    it('answers through the other worker when one is killed, and the primary starts another', async (t) => {
      const workers = workerPids()
      assert.equal(workers.length, 2, `the primary's children: ${workers.join(', ')}`)
      await untilAnswering(workers)
      const [victim, survivor] = workers as [number, number]
      const exitLine = `worker ${victim} exited (SIGKILL); starting another`

      // A steady stream, 4 at a time on kept-alive connections: the kill after 200 requests, then on until
      // 300 have started after the primary said it saw the worker exit.
      const agent = new Agent({ keepAlive: true, maxSockets: 4 })
      const results: { phase: Phase; outcome: number | string }[] = []
      let started = 0
      let killed = false
      const count = (phase: Phase) => results.filter((result) => result.phase === phase).length
      const client = async () => {
        while (started < 3000 && count('after the primary saw it') < 300) {
          if (started++ === 200) {
            process.kill(victim, 'SIGKILL')
            killed = true
          }
          const phase: Phase = !killed
            ? 'before the kill'
            : server.output.stderr.includes(exitLine)
              ? 'after the primary saw it'
              : 'between'
          const outcome = await send('GET', '/api/plants?per_page=20', {
            headers: withKey(),
            agent,
            timeoutMs: 10_000,
          }).then(
            (answer) => answer.status,
            (error: Error) => error.message,
          )
          results.push({ phase, outcome })
        }
      }
      await Promise.all(Array.from({ length: 4 }, client))
      agent.destroy()

      const failed = (phase: Phase) =>
        results.filter((result) => result.phase === phase && result.outcome !== 200)
      t.diagnostic(
        PHASES.map((phase) => {
          const outcomes = failed(phase).map((result) => String(result.outcome))
          return `${phase}: ${count(phase)} requests, ${outcomes.length} failed${outcomes.length ? ` (${outcomes.join(', ')})` : ''}`
        }).join('; '),
      )
      assert.ok(count('after the primary saw it') >= 300)
      // Every request is answered, those in flight at the kill too: nginx sends them again on another
      // connection, and no connection is left with the dead worker (src/server.ts, SCHED_NONE).
      for (const phase of PHASES) assert.deepEqual(failed(phase), [], `every request ${phase} is answered`)

      await waitFor('the primary starts another worker', () => {
        const now = workerPids()
        return now.length === 2 && now.includes(survivor) && !now.includes(victim)
      })
      await untilAnswering(workerPids())
    })
  },
)
