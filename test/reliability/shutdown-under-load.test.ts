// Graceful shutdown under load: SIGTERM while writers are busy and slow clients trickle their bodies.
// The requests that can finish within HORTUS_SHUTDOWN_SECONDS do (a slow create whose last byte comes
// a second after the signal is answered 201), the ones that cannot are cut, the process exits 0 within
// the shutdown time, every answer on the way is in the error shape, and after a restart on the same
// database every acknowledged write is there. A request that arrives while the server is closing is
// served (with Connection: close), not refused outside the {error, msg} shape.
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { it } from 'node:test'
import { recordFigure, tierCount } from '../helpers/reliability.ts'
import { buildTestApp } from '../helpers/test-app.ts'
import { createTestDatabaseUrl } from '../helpers/test-database.ts'
import {
  checkLedger,
  createKeyHeaders,
  Ledger,
  reliabilitySeed,
  seededRandom,
  startHortus,
  underWay,
  writeBurst,
  Writer,
  type HortusProcess,
} from '../helpers/write-burst.ts'

const SUITE = 'graceful shutdown under load'
const ROUNDS = tierCount(1, 5)
const SHUTDOWN_SECONDS = 2
/** What exiting may take beyond HORTUS_SHUTDOWN_SECONDS: closing the database, on a busy machine. */
const MARGIN_SECONDS = 2
const WRITERS = 4
const FINISHING = 3
const STALLED = 3

interface SlowAnswer {
  /** the status, or 0 when the connection was cut without one */
  status: number
  body: string
}

/** POST /api/plants with the body sent in `chunks` pieces over `spanMs` (or, with `stall`, announced as
 * 1,000 bytes of which one arrives every 100 ms: it would take 100 s). */
function slowCreate(
  port: number,
  keyHeaders: Record<string, string>,
  name: string,
  { spanMs = 0, stall = false }: { spanMs?: number; stall?: boolean },
): Promise<SlowAnswer> {
  const body = JSON.stringify({
    scientific_name: `Lentus ${name}`,
    name: `Slow ${name}`,
    note: 'slow client',
  })
  const length = stall ? 1000 : Buffer.byteLength(body)
  const head = [
    'POST /api/plants HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    'Connection: close',
    ...Object.entries(keyHeaders).map(([header, value]) => `${header}: ${value}`),
  ].join('\r\n')
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  socket.write(`${head}\r\n\r\n`)
  const pieces = stall ? ['{'] : body.match(/.{1,8}/g)!
  let sent = 0
  const timer = setInterval(
    () => {
      if (!socket.writable) return
      if (stall) socket.write(' ')
      else if (sent < pieces.length) socket.write(pieces[sent++]!)
    },
    stall ? 100 : Math.max(1, Math.floor(spanMs / pieces.length)),
  )
  let text = ''
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  return new Promise((resolve) => {
    socket.on('close', () => {
      clearInterval(timer)
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)
      resolve({ status: status ? Number(status[1]) : 0, body: text.slice(text.indexOf('\r\n\r\n') + 4) })
    })
  })
}

const inErrorShape = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).sort().join() === 'error,msg'

it(`SIGTERM under load with slow clients: ${ROUNDS} rounds`, async (t) => {
  const seed = reliabilitySeed()
  t.diagnostic(`seed ${seed} (HORTUS_RELIABILITY_SEED=${seed} replays the signal moments)`)
  const random = seededRandom(seed)
  const databaseUrl = await createTestDatabaseUrl()
  const keyHeaders = await createKeyHeaders(databaseUrl)
  const env = { HORTUS_SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS) }
  const ledger = new Ledger()
  const writers = Array.from({ length: WRITERS }, (_, i) => new Writer(`w${i}`, seededRandom(seed + i + 1)))
  const figures = {
    inFlight: 0,
    inFlightAnswered: 0,
    finished: 0,
    cut: 0,
    slowestExit: 0,
    badAnswers: 0,
    lost: 0,
  }
  const problems: string[] = []

  let server: HortusProcess = await startHortus(databaseUrl, keyHeaders, env)
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const linksBefore = new Set(ledger.links)
      const port = Number(new URL(server.api.baseUrl).port)
      let exited = false
      const burst = writeBurst(server.api, writers, ledger, () => exited)
      await underWay(server, ledger)
      const signalAfterMs = Math.round(300 + random() * 500)
      // Last bytes about 1 s after the signal: well within the shutdown time, so these must finish.
      const finishing = Array.from({ length: FINISHING }, (_, i) =>
        slowCreate(port, keyHeaders, `r${round} f${i}`, { spanMs: signalAfterMs + 1000 }),
      )
      const stalled = Array.from({ length: STALLED }, (_, i) =>
        slowCreate(port, keyHeaders, `r${round} s${i}`, { stall: true }),
      )
      await new Promise((resolve) => setTimeout(resolve, signalAfterMs))

      const signalledAt = Date.now()
      server.started.child.kill('SIGTERM')
      const finished = await Promise.race([
        server.started.finished,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('still running 20 s after SIGTERM')), 20_000).unref(),
        ),
      ])
      const exitSeconds = (Date.now() - signalledAt) / 1000
      exited = true
      const [sent, finishingAnswers, stalledAnswers] = await Promise.all([
        burst,
        Promise.all(finishing),
        Promise.all(stalled),
      ])

      figures.slowestExit = Math.max(figures.slowestExit, exitSeconds)
      if (finished.code !== 0) problems.push(`round ${round}: exit code ${finished.code}: ${finished.stderr}`)
      if (exitSeconds > SHUTDOWN_SECONDS + MARGIN_SECONDS)
        problems.push(`round ${round}: exited ${exitSeconds.toFixed(1)} s after SIGTERM`)
      const inFlight = sent.filter(
        (request) => request.startedAt < signalledAt && request.endedAt > signalledAt,
      )
      figures.inFlight += inFlight.length + FINISHING
      figures.inFlightAnswered += inFlight.filter((request) => request.status > 0).length
      for (const answer of finishingAnswers) {
        if (answer.status === 201) {
          figures.finished++
          const plant = JSON.parse(answer.body) as { id: number; version: number }
          ledger.creates++
          ledger.acknowledge(plant)
        } else
          problems.push(`round ${round}: a slow create that could finish got ${answer.status} ${answer.body}`)
      }
      figures.inFlightAnswered += finishingAnswers.filter((answer) => answer.status === 201).length
      for (const answer of stalledAnswers) {
        if (answer.status === 0) figures.cut++
        else problems.push(`round ${round}: a stalled request was answered ${answer.status} ${answer.body}`)
      }
      // Whatever was answered on the way down is an answer of the API: 2xx, or an error in its shape
      // (a request that came in while closing is a 503 with Retry-After).
      for (const request of sent) {
        const bad =
          request.status >= 500
            ? request.status !== 503 || !request.headers?.get('retry-after') || !inErrorShape(request.body)
            : request.status >= 400 && !inErrorShape(request.body)
        if (bad) {
          figures.badAnswers++
          problems.push(`round ${round}: answered ${request.status} ${JSON.stringify(request.body)}`)
        }
      }

      server = await startHortus(databaseUrl, keyHeaders, env)
      const newLinks = [...ledger.links].filter((pair) => !linksBefore.has(pair))
      const check = await checkLedger(server.api, databaseUrl, ledger, newLinks)
      figures.lost +=
        check.lost.length + check.behind.length + check.missingLinks.length + check.revisionMismatches.length
      problems.push(
        ...check.lost.map((id) => `round ${round}: acknowledged plant ${id} is missing`),
        ...check.behind.map((behind) => `round ${round}: ${behind}`),
        ...check.missingLinks.map((pair) => `round ${round}: acknowledged link ${pair} is missing`),
        ...check.revisionMismatches.map((mismatch) => `round ${round}: ${mismatch}`),
      )
      if (check.integrity !== null && check.integrity !== 'ok')
        problems.push(`round ${round}: integrity_check: ${check.integrity}`)
      t.diagnostic(
        `round ${round}: SIGTERM ${signalAfterMs} ms into the burst, exit ${finished.code} after ${exitSeconds.toFixed(2)} s, ` +
          `${inFlight.length} writer requests in flight, ${ledger.writes} acknowledged writes so far`,
      )
    }
  } finally {
    server.started.child.kill('SIGKILL')
  }

  recordFigure({ suite: SUITE, measure: 'rounds (SIGTERM, restart)', value: ROUNDS })
  recordFigure({
    suite: SUITE,
    measure: `slowest exit after SIGTERM (HORTUS_SHUTDOWN_SECONDS=${SHUTDOWN_SECONDS}), exit code 0`,
    value: `${figures.slowestExit.toFixed(2)} s`,
    target: `≤ ${SHUTDOWN_SECONDS + MARGIN_SECONDS} s`,
  })
  recordFigure({
    suite: SUITE,
    measure: 'slow creates that could finish, answered 201',
    value: `${figures.finished} of ${ROUNDS * FINISHING}`,
    target: `${ROUNDS * FINISHING} of ${ROUNDS * FINISHING}`,
  })
  recordFigure({
    suite: SUITE,
    measure: 'stalled requests cut',
    value: `${figures.cut} of ${ROUNDS * STALLED}`,
    target: `${ROUNDS * STALLED} of ${ROUNDS * STALLED}`,
  })
  recordFigure({
    suite: SUITE,
    measure: 'requests in flight at SIGTERM that got an answer (writers and slow creates)',
    value: `${figures.inFlightAnswered} of ${figures.inFlight}`,
  })
  recordFigure({ suite: SUITE, measure: 'acknowledged writes', value: ledger.writes })
  recordFigure({
    suite: SUITE,
    measure: 'acknowledged writes lost, behind or without their revisions after restart',
    value: figures.lost,
    target: '0',
  })
  recordFigure({
    suite: SUITE,
    measure: 'answers not in the error shape',
    value: figures.badAnswers,
    target: '0',
  })

  assert.deepEqual(problems.slice(0, 20), [], `seed ${seed}`)
})

it('serves a request read after the shutdown began, and closes its connection', async () => {
  const t = await buildTestApp()
  const keys = `x-service-key-id: ${t.key.key_id}\r\nx-service-key-secret: ${t.key.key_secret}\r\n`
  const body = JSON.stringify({ scientific_name: 'Serotinus', name: 'Late plant', note: 'during shutdown' })
  const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1')
  socket.on('error', () => {})
  let text = ''
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  const closed = new Promise((resolve) => socket.on('close', resolve))
  let closing: Promise<void> | undefined
  try {
    // A create whose body is still arriving keeps the connection busy when the shutdown begins; the
    // request pipelined behind it is read only after that, while the server is closing.
    const head = `POST /api/plants HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${keys}`
    socket.write(`${head}\r\n${body.slice(0, 5)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    closing = t.app.close()
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.write(`${body.slice(5)}GET /api/plants?per_page=1 HTTP/1.1\r\nHost: x\r\n${keys}\r\n`)
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))])
    await closing
    const answers = text.split(/(?=HTTP\/1\.1 \d{3} )/)
    assert.deepEqual(
      answers.map((answer) => Number(answer.slice(9, 12))),
      [201, 200],
      text,
    )
    assert.match(answers[1]!, /\r\nconnection: close\r\n/i)
    const listed = JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4))
    // Pipelined, it may be read before the create commits: what matters is that it is served.
    assert.ok(Array.isArray(listed.plants), answers[1])
  } finally {
    socket.destroy()
    await (closing ?? t.app.close())
    await t.store.close()
  }
})
