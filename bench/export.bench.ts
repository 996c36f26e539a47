// GET /api/export at ~94,000 plants (the starter dataset and OpenFarm) on SQLite: does the export hold the
// server's event loop, and how much memory does it take? The server runs as an operator starts it, in a
// process of its own; while one client downloads the whole export (plain, then gzip), another asks
// /api/health one request after another (its latency is what any other client waits meanwhile), and the
// server's resident memory is read from /proc every 50 ms. Not part of npm test:
//   node --import tsx bench/export.bench.ts            (imports into a new database first, about a minute)
//   HORTUS_BENCH_EXPORT_DB=/path/to.db node --import tsx bench/export.bench.ts   (reuses that database)
import { existsSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createKeyPair } from '../src/accounts/api-keys.ts'
import { openStore } from '../src/open-store.ts'
import { tempDir } from '../test/helpers/temp-dir.ts'
import { hortus, ROOT } from '../test/helpers/processes.ts'
import { startHortus } from './processes.ts'

const path = process.env.HORTUS_BENCH_EXPORT_DB ?? join(tempDir('hortus-export-bench-'), 'hortus.db')
const databaseUrl = `sqlite:${path}`

if (!existsSync(path)) {
  for (const file of ['plants.jsonl', 'openfarm.jsonl']) {
    const started = performance.now()
    const result = await hortus(['import', join(ROOT, 'data', file)], { DATABASE_URL: databaseUrl })
    if (result.code !== 0) throw new Error(`import ${file}: ${result.stderr}`)
    console.log(`imported ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
}
const store = await openStore({ dialect: 'sqlite', path })
const key = await createKeyPair(store, `bench-${Date.now()}@example.org`, '', `bench-${Date.now()}`)
const plants = Number(
  (await store.db.selectFrom('plant_total').select('plants').executeTakeFirstOrThrow()).plants,
)
await store.close()

process.env.HORTUS_EXPORTS_PER_HOUR = '1000'
const server = await startHortus(databaseUrl)
const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }

/** One GET, its body counted as it arrives (never kept), with the time to its end. */
function download(path: string, extra: Record<string, string> = {}) {
  return new Promise<{ status: number; bytes: number; ms: number; newlines: number }>((resolve, reject) => {
    const started = performance.now()
    const req = request(
      { host: '127.0.0.1', port: server.port, path, headers: { ...headers, ...extra } },
      (response) => {
        let bytes = 0
        let newlines = 0
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
          if (!extra['accept-encoding']) for (const byte of chunk) if (byte === 10) newlines++
        })
        response.on('end', () =>
          resolve({ status: response.statusCode!, bytes, ms: performance.now() - started, newlines }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** Asks /api/health one request after another until `until` settles: each one's latency. */
async function pollHealth(until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const latencies: number[] = []
  while (!done) {
    const started = performance.now()
    await download('/api/health')
    latencies.push(performance.now() - started)
  }
  return latencies
}

/** The server's resident memory, sampled until `until` settles. */
async function sampleRss(until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const samples: number[] = []
  while (!done) {
    samples.push(server.rssMb())
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return samples
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}
const ms = (value: number) => `${value.toFixed(1)} ms`

try {
  // Warm: the first requests compile what they use.
  for (let i = 0; i < 50; i++) await download('/api/health')
  await download('/api/export?since=2999-01-01')
  const idle = await pollHealth(new Promise((resolve) => setTimeout(resolve, 2000)))
  const before = server.rssMb()
  console.log(`${plants} plants; server RSS before: ${before.toFixed(0)} MB`)
  console.log(
    `/api/health alone: p50 ${ms(quantile(idle, 0.5))}, p99 ${ms(quantile(idle, 0.99))}, max ${ms(Math.max(...idle))}`,
  )
  for (const [label, extra] of [
    ['plain', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
  ] as const) {
    const exported = download('/api/export', extra)
    const [result, health, rss] = await Promise.all([exported, pollHealth(exported), sampleRss(exported)])
    const peak = Math.max(...rss)
    console.log(
      `export ${label}: ${result.status}, ${(result.bytes / 1e6).toFixed(1)} MB${result.newlines ? ` (${result.newlines - 1} plant lines)` : ''} in ${(result.ms / 1000).toFixed(1)} s; ` +
        `/api/health meanwhile (${health.length} requests): p50 ${ms(quantile(health, 0.5))}, p99 ${ms(quantile(health, 0.99))}, max ${ms(Math.max(...health))}; ` +
        `server RSS peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB over before)`,
    )
  }
} finally {
  await server.stop()
}
