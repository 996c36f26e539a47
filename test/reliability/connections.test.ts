// Slow and idle clients cannot hold connections, and a process takes no more than its cap: the real
// server as a child process, configured through the environment with small values, over raw sockets.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { KeyPair } from '../../src/accounts/api-keys.ts'
import { startAnsweringServer, type Started } from '../helpers/processes.ts'
import { openConnection, parseReceived } from '../helpers/raw-http.ts'
import { recordFigure } from '../helpers/reliability.ts'
import { createTestDatabaseUrl, createTestKey } from '../helpers/test-database.ts'

/** The request timeout; the headers get a third of it (at most 10 s). */
const REQUEST_TIMEOUT_SECONDS = 3
const HEADERS_TIMEOUT_MS = 1_000
const KEEP_ALIVE_SECONDS = 1
const MAX_CONNECTIONS = 4

const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms).unref(),
    ),
  ])

let slow: { port: number; started: Started; key: KeyPair }
let capped: { port: number; started: Started; key: KeyPair }

/** A server on a database of its own, with a key there. */
async function startServer(env: Record<string, string>) {
  const url = await createTestDatabaseUrl()
  const key = await createTestKey(url, 'connections@example.org')
  return { ...(await startAnsweringServer({ DATABASE_URL: url, ...env })), key }
}

describe('slow clients and the connection cap', () => {
  before(async () => {
    capped = await startServer({ HORTUS_MAX_CONNECTIONS: String(MAX_CONNECTIONS) })
    slow = await startServer({
      HORTUS_REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
      HORTUS_KEEP_ALIVE_SECONDS: String(KEEP_ALIVE_SECONDS),
    })
  })
  after(() => {
    for (const server of [slow, capped]) server?.started.child.kill('SIGKILL')
  })

  describe('timeouts', () => {
    it('cuts a request whose headers trickle in at the headers timeout, with a 408', async () => {
      const connection = await openConnection(slow.port)
      const sent = Date.now()
      connection.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n')
      const trickle = setInterval(
        () => connection.socket.writable && connection.socket.write('x-slow: a\r\n'),
        200,
      )
      try {
        const closedAt = await within(connection.closed, 10_000, 'the connection closes')
        const answer = parseReceived(connection.received(), closedAt - sent)
        recordFigure({
          suite: 'timeouts',
          measure: `headers trickled at a line per 200 ms: cut after (ms), headers timeout ${HEADERS_TIMEOUT_MS} ms`,
          value: answer.elapsedMs,
          target: `≥ ${HEADERS_TIMEOUT_MS}, < ${REQUEST_TIMEOUT_SECONDS * 1000}`,
        })
        assert.equal(answer.status, 408)
        assert.equal(JSON.parse(answer.body).error, 'request timeout')
        assert.ok(answer.elapsedMs >= HEADERS_TIMEOUT_MS - 100, `cut after ${answer.elapsedMs} ms`)
        assert.ok(answer.elapsedMs < 2_500, `cut after ${answer.elapsedMs} ms: not at the headers timeout`)
      } finally {
        clearInterval(trickle)
        connection.socket.destroy()
      }
    })

    it('cuts a body that trickles in at the request timeout, with a 408', async () => {
      const connection = await openConnection(slow.port)
      const sent = Date.now()
      connection.socket.write(
        `POST /api/plants HTTP/1.1\r\nHost: x\r\nx-service-key-id: ${slow.key.key_id}\r\n` +
          `x-service-key-secret: ${slow.key.key_secret}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{`,
      )
      const trickle = setInterval(() => connection.socket.writable && connection.socket.write(' '), 200)
      try {
        const closedAt = await within(connection.closed, 10_000, 'the connection closes')
        const answer = parseReceived(connection.received(), closedAt - sent)
        recordFigure({
          suite: 'timeouts',
          measure: `body trickled at a byte per 200 ms: cut after (ms), request timeout ${REQUEST_TIMEOUT_SECONDS} s`,
          value: answer.elapsedMs,
          target: `≥ ${REQUEST_TIMEOUT_SECONDS * 1000}`,
        })
        assert.equal(answer.status, 408)
        assert.equal(JSON.parse(answer.body).error, 'request timeout')
        assert.ok(
          answer.elapsedMs >= REQUEST_TIMEOUT_SECONDS * 1000 - 100,
          `cut after ${answer.elapsedMs} ms`,
        )
        assert.ok(
          answer.elapsedMs < REQUEST_TIMEOUT_SECONDS * 1000 + 2_000,
          `cut after ${answer.elapsedMs} ms`,
        )
      } finally {
        clearInterval(trickle)
        connection.socket.destroy()
      }
    })

    it('closes an idle keep-alive connection after HORTUS_KEEP_ALIVE_SECONDS', async () => {
      const connection = await openConnection(slow.port)
      try {
        const answer = await connection.exchange(HEALTH)
        const answeredAt = Date.now()
        assert.equal(answer?.status, 200)
        assert.equal(answer?.headers['keep-alive'], `timeout=${KEEP_ALIVE_SECONDS}`)
        const idleMs = (await within(connection.closed, 10_000, 'the idle connection closes')) - answeredAt
        recordFigure({
          suite: 'timeouts',
          measure: `idle keep-alive connection closed after (ms), HORTUS_KEEP_ALIVE_SECONDS=${KEEP_ALIVE_SECONDS}`,
          value: idleMs,
        })
        // Node closes it a second after the time it announces (Keep-Alive: timeout=1), so that a client
        // reusing it just before the announced time does not race the close.
        assert.ok(idleMs >= KEEP_ALIVE_SECONDS * 1000 - 200, `closed after ${idleMs} ms`)
        assert.ok(idleMs < KEEP_ALIVE_SECONDS * 1000 + 2_500, `closed after ${idleMs} ms`)
      } finally {
        connection.socket.destroy()
      }
    })
  })

  describe('the connection cap', () => {
    it('closes connections beyond HORTUS_MAX_CONNECTIONS at once while the first ones are served', async () => {
      const open = []
      try {
        for (let i = 0; i < MAX_CONNECTIONS; i++) {
          const connection = await openConnection(capped.port)
          open.push(connection)
          assert.equal((await connection.exchange(HEALTH))?.status, 200, `connection ${i + 1}`)
        }
        const beyond = await openConnection(capped.port)
        open.push(beyond)
        assert.equal(await beyond.exchange(HEALTH, 2_000), null, 'no answer beyond the cap')
        await within(beyond.closed, 2_000, 'the connection beyond the cap closes')
        assert.equal(beyond.received(), '')
        for (const [i, connection] of open.slice(0, MAX_CONNECTIONS).entries())
          assert.equal((await connection.exchange(HEALTH))?.status, 200, `connection ${i + 1} again`)

        // One closes: a new connection is served again.
        open[0]!.socket.destroy()
        await open[0]!.closed
        let served = false
        for (let attempt = 0; attempt < 20 && !served; attempt++) {
          const next = await openConnection(capped.port)
          open.push(next)
          served = (await next.exchange(HEALTH, 1_000))?.status === 200
          if (!served) await new Promise((resolve) => setTimeout(resolve, 100))
        }
        assert.ok(served, 'a connection is served once one of the first closed')
        recordFigure({
          suite: 'timeouts',
          measure: `connections beyond HORTUS_MAX_CONNECTIONS=${MAX_CONNECTIONS}`,
          value: 'closed without an answer; the first 4 still served',
        })
      } finally {
        for (const connection of open) connection.socket.destroy()
      }
    })
  })
})
