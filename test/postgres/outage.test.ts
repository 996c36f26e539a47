// A PostgreSQL outage, end to end: the real app over a real server that is stopped and started again.
// While the server is gone every request is a 503 with Retry-After (never a 500, never a hang); within
// 2 s of the server being back requests succeed again; and no write acknowledged with 2xx is lost.
//
// Stopping the shared test server would break the test files running beside this one, so this file
// starts a private cluster with the same script (scripts/postgres/with-test-cluster.sh).
import assert from 'node:assert/strict'
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { test } from 'node:test'
import { TEST_DIALECT } from '../helpers/test-database.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'

const REQUEST_TIMEOUT_MS = 5_000
const run = promisify(execFile)

interface Cluster {
  url: string
  datadir: string
  pgCtl: string
  runAs: string
  process: ChildProcess
}

/** Runs the cluster script around a child that reports the cluster's variables and waits for its stdin
 * to close; closing it stops and removes the cluster. */
async function startPrivateCluster(): Promise<Cluster> {
  const script = fileURLToPath(new URL('../../scripts/postgres/with-test-cluster.sh', import.meta.url))
  const reporter = `
    const e = process.env
    console.log(JSON.stringify({ url: e.HORTUS_TEST_PG_URL, datadir: e.HORTUS_TEST_PG_DATADIR, pgCtl: e.HORTUS_TEST_PG_CTL, runAs: e.HORTUS_TEST_PG_RUNAS }))
    process.stdin.resume()
    process.stdin.on('end', () => process.exit(0))`
  const child = spawn('bash', [script, process.execPath, '-e', reporter], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    once(child, 'exit').then(() => {
      throw new Error('the private cluster did not start')
    }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the private cluster took over 60 s to start')), 60_000).unref(),
    ),
  ])
  return { ...(JSON.parse(first) as Omit<Cluster, 'process'>), process: child }
}

async function stopPrivateCluster(cluster: Cluster): Promise<void> {
  if (cluster.process.exitCode !== null) return
  const exited = once(cluster.process, 'exit')
  cluster.process.stdin!.end()
  const timer = setTimeout(() => cluster.process.kill('SIGTERM'), 30_000)
  await exited
  clearTimeout(timer)
}

/** pg_ctl as the cluster's owner; from `/`, which the owner can always enter. */
async function pgCtl(cluster: Cluster, ...args: string[]): Promise<void> {
  const [file, argv] = cluster.runAs
    ? ['runuser', ['-u', cluster.runAs, '--', cluster.pgCtl, ...args]]
    : [cluster.pgCtl, args]
  await run(file, argv, { cwd: '/', timeout: 60_000 })
}

/** The fields this test reads from a plant or an error body. */
interface Body {
  id?: number
  name?: string
  version?: number
  description?: string
  error?: string
}

interface Outcome {
  status: number
  retryAfter: string | null
  body: Body
  ms: number
}

interface Acknowledged {
  name: string
  version: number
  description: string
}

/** What a 2xx plant answer acknowledged. */
function acknowledgedOf(outcome: Outcome): [number, Acknowledged] {
  const { id, name, version, description } = outcome.body
  assert.ok(id !== undefined && name !== undefined && version !== undefined && description !== undefined)
  return [id, { name, version, description }]
}

let t: TestApp
const seen: Outcome[] = []

/** A request that can never hang: it is aborted (and the test fails) after REQUEST_TIMEOUT_MS. */
async function request(method: string, path: string, body?: unknown): Promise<Outcome> {
  const started = performance.now()
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: {
      'x-service-key-id': t.key.key_id,
      'x-service-key-secret': t.key.key_secret,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  const text = await response.text()
  const outcome = {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (text ? JSON.parse(text) : {}) as Body,
    ms: performance.now() - started,
  }
  seen.push(outcome)
  return outcome
}

let counter = 0
const newPlant = () => ({
  scientific_name: 'Outagia testata',
  name: `Outage plant ${++counter}`,
  note: 'outage test',
  description: 'written around an outage',
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// PostgreSQL only: on SQLite this file registers nothing (rather than a skipped test).
if (TEST_DIALECT === 'postgres')
  test(
    'PostgreSQL outage: 503 with Retry-After while the server is down, 2xx within 2 s of it being back, no acknowledged write lost',
    { timeout: 180_000 },
    async (context) => {
      const cluster = await startPrivateCluster()
      context.after(() => stopPrivateCluster(cluster))
      // This process's test database goes on the private server (and vanishes with it).
      process.env.HORTUS_TEST_PG_URL = cluster.url
      process.env.HORTUS_TEST_PG_DATADIR = cluster.datadir
      t = await buildTestApp()
      context.after(() => t.close())

      // Acknowledged writes before the outage: creates, and updates of half of them.
      const acknowledged = new Map<number, Acknowledged>()
      for (let i = 0; i < 20; i++) {
        const created = await request('POST', '/api/plants', newPlant())
        assert.equal(created.status, 201)
        acknowledged.set(...acknowledgedOf(created))
      }
      for (const id of [...acknowledged.keys()].slice(0, 10)) {
        const description = `updated before the outage ${id}`
        const updated = await request('PUT', `/api/plants/${id}`, { version: 1, note: 'pre', description })
        assert.equal(updated.status, 200)
        acknowledged.set(...acknowledgedOf(updated))
      }

      // Writers keep creating plants while the server stops: whatever they get acknowledged must survive.
      let writing = true
      const writers = Array.from({ length: 4 }, async () => {
        while (writing) {
          const created = await request('POST', '/api/plants', newPlant())
          if (created.status === 201) acknowledged.set(...acknowledgedOf(created))
          if (created.status === 503) await sleep(20)
        }
      })

      let stopAsked = 0
      let stopped = 0
      let back = 0
      let recovered: number | null = null
      const [someId] = acknowledged.keys()
      try {
        await sleep(200)
        stopAsked = performance.now()
        await pgCtl(cluster, 'stop', '-D', cluster.datadir, '-m', 'fast', '-w', '-t', '30')
        stopped = performance.now()

        // Every kind of request while the server is down: 503 with Retry-After, answered promptly.
        const down = [
          await request('GET', `/api/plants/${someId}`),
          await request('GET', '/api/plants'),
          await request('GET', '/api/search?q=outage'),
          await request('POST', '/api/plants', newPlant()),
          await request('PUT', `/api/plants/${someId}`, { version: 9, note: 'down', description: 'down' }),
          await request('GET', '/api/health'),
        ]
        for (const outcome of down) {
          assert.equal(outcome.status, 503, JSON.stringify(outcome.body))
          assert.equal(outcome.body.error, 'service unavailable')
          assert.ok(outcome.retryAfter && Number(outcome.retryAfter) > 0, 'Retry-After is set')
          assert.ok(outcome.ms < 2_500, `a 503 took ${Math.round(outcome.ms)} ms`)
        }
        // Hold the outage for a while with the writers still knocking.
        await sleep(1_000)

        const logFile = join(dirname(cluster.datadir), 'server.log')
        await pgCtl(cluster, 'start', '-D', cluster.datadir, '-l', logFile, '-w', '-t', '30')
        back = performance.now()
        while (performance.now() - back < 5_000) {
          const outcome = await request('GET', `/api/plants/${someId}`)
          if (outcome.status === 200) {
            recovered = performance.now()
            break
          }
          await sleep(25)
        }
      } finally {
        // Also when an assertion failed: the writers must not outlive the test.
        writing = false
        await Promise.all(writers)
      }

      assert.ok(recovered !== null, 'requests succeed again after the server is back')
      const recoveryMs = recovered - back
      assert.ok(recoveryMs < 2_000, `recovery took ${Math.round(recoveryMs)} ms`)
      const created = await request('POST', '/api/plants', newPlant())
      assert.equal(created.status, 201, 'writes work again')
      const health = await request('GET', '/api/health')
      assert.deepEqual(health.body, { status: 'ok', database: 'ok' })

      // Never a 500: only successes and 503s with Retry-After.
      const unexpected = seen.filter((o) => ![200, 201, 503].includes(o.status))
      assert.deepEqual(unexpected, [], 'only 2xx and 503 answers')
      assert.ok(seen.filter((o) => o.status === 503).every((o) => o.retryAfter !== null))
      const slowest = Math.max(...seen.map((o) => o.ms))

      // Every acknowledged write is there, exactly as acknowledged (nothing wrote to these plants since).
      for (const [id, plant] of acknowledged) {
        const stored = await request('GET', `/api/plants/${id}`)
        assert.equal(stored.status, 200, `plant ${id} acknowledged but missing`)
        assert.equal(stored.body.name, plant.name)
        assert.equal(stored.body.version, plant.version)
        assert.equal(stored.body.description, plant.description)
      }

      const statuses = seen.reduce<Record<number, number>>(
        (counts, o) => ({ ...counts, [o.status]: (counts[o.status] ?? 0) + 1 }),
        {},
      )
      console.log(
        `outage: pg_ctl stop took ${Math.round(stopped - stopAsked)} ms; server down ${Math.round(back - stopped)} ms; ` +
          `first 2xx ${Math.round(recoveryMs)} ms after the server was back; slowest answer ${Math.round(slowest)} ms; ` +
          `answers ${JSON.stringify(statuses)}; ${acknowledged.size} acknowledged plants all present`,
      )
    },
  )
