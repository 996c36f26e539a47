// Where one client's request time goes, case by case (issue 38: PostgreSQL's one-client p99 against
// SQLite's). Hortus is built in this process over the bench's database and each read case is sent by one
// client, as throughput.bench.ts's one-client figures are; every statement the database library runs is
// counted and timed (pg's Client.query from the call to its answer, pool wait included; better-sqlite3's
// run, all and iterate). Prints, per case, the request's p50 and p99, the statements per request, the time
// in statements per request, and the rest (Hortus's own work and HTTP). Run on each dialect over the same
// set and put the two side by side: a case slower on PostgreSQL by its round trips shows many statements
// of small time each; by a plan, one statement of large time.
//   HORTUS_TEST_DB=sqlite HORTUS_BENCH_DATABASE_URL=sqlite:/path/to/92k.sqlite node --import tsx bench/round-trips.ts
//   bash scripts/postgres/with-test-cluster.sh bash -c 'HORTUS_TEST_DB=postgres node --import tsx bench/round-trips.ts'
// Without HORTUS_BENCH_DATABASE_URL it imports the bench's set into a fresh database first (a minute or two).
import { performance } from 'node:perf_hooks'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { createTestDatabaseUrl, openTestStore, TEST_DIALECT } from '../test/helpers/test-database.ts'
import { CASES } from './cases.ts'
import { timedRequest } from './load.ts'
import { importBenchSet, startService, workloadOf } from './service.ts'

const ROUNDS = Number(process.env.HORTUS_BENCH_ROUNDS ?? 400)

/** What the statements of the request in progress cost: reset before each request. */
const spent = { statements: 0, ms: 0 }

function countStatements(): void {
  const timed = <T>(run: () => T): T => {
    spent.statements++
    const started = performance.now()
    const result = run()
    if (result instanceof Promise) {
      return result.finally(() => (spent.ms += performance.now() - started)) as T
    }
    spent.ms += performance.now() - started
    return result
  }
  if (TEST_DIALECT === 'postgres') {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
    const query = prototype.query
    prototype.query = function (this: unknown, ...args: unknown[]) {
      return timed(() => query.apply(this, args))
    }
    return
  }
  const probe = new SQLite(':memory:')
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >
  probe.close()
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = prototype[method]!
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      return timed(() => original.apply(this, args))
    }
  }
}

const given = process.env.HORTUS_BENCH_DATABASE_URL
const store = await openTestStore(given ?? (await createTestDatabaseUrl()))
if (!given) await importBenchSet(store)
const workload = await workloadOf(store)
const { app, port, headers } = await startService(store)
countStatements()

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!
const fixed = (value: number, width = 7) => value.toFixed(2).padStart(width)
console.log(`${TEST_DIALECT}: ${workload.ids.length} plants, ${ROUNDS} requests a case, one client`)
console.log(`${'case'.padEnd(26)}     p50     p99  statements  in statements  the rest   (per request, ms)`)
for (const benchCase of CASES) {
  if (benchCase.writes || benchCase.name.includes('/images/')) continue
  for (let round = 0; round < 40; round++) await timedRequest(port, headers, benchCase.next(workload))
  const times: number[] = []
  const statementTimes: number[] = []
  let statements = 0
  for (let round = 0; round < ROUNDS; round++) {
    spent.statements = 0
    spent.ms = 0
    const { ms, status } = await timedRequest(port, headers, benchCase.next(workload))
    if (status >= 300) throw new Error(`${benchCase.name}: ${status}`)
    times.push(ms)
    statementTimes.push(spent.ms)
    statements += spent.statements
  }
  times.sort((a, b) => a - b)
  statementTimes.sort((a, b) => a - b)
  const p50 = quantile(times, 0.5)
  const inStatements = quantile(statementTimes, 0.5)
  console.log(
    `${benchCase.name.padEnd(26)} ${fixed(p50)} ${fixed(quantile(times, 0.99))} ${(statements / ROUNDS).toFixed(1).padStart(11)}  ${fixed(inStatements, 13)}  ${fixed(p50 - inStatements, 8)}`,
  )
}
await app.close()
await store.close()
