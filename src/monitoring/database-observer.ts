// The store's observer (db/observer.ts) as metrics: statement and transaction histograms, pool waits, SQLite's
// busy retries, and each PostgreSQL pool's connections read when the metrics are scraped.
import { Gauge } from 'prom-client'
import type { Connection, DatabaseObserver, PoolCounts } from '../db/observer.ts'
import {
  dbBusyRetries,
  dbPoolWaitSeconds,
  dbStatementSeconds,
  dbTransactionSeconds,
  registry,
} from '../metrics/instruments.ts'

const pools = new Map<Connection, PoolCounts>()

new Gauge({
  name: 'hortus_db_pool_connections',
  help: 'PostgreSQL: connections of each pool, by state (idle, busy), and statements waiting for one.',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset()
    for (const [pool, counts] of pools) {
      this.set({ pool, state: 'idle' }, counts.idleCount)
      this.set({ pool, state: 'busy' }, counts.totalCount - counts.idleCount)
      this.set({ pool, state: 'waiting' }, counts.waitingCount)
    }
  },
})

/** The observer a serving process opens its store with. */
export function databaseObserver(): DatabaseObserver {
  return {
    statement: (connection, seconds) => dbStatementSeconds.observe({ connection }, seconds),
    transaction: (seconds, outcome) => dbTransactionSeconds.observe({ outcome }, seconds),
    busyRetry: () => dbBusyRetries.inc(),
    poolWait: (pool, seconds) => dbPoolWaitSeconds.observe({ pool }, seconds),
    pool: (name, counts) => void pools.set(name, counts),
  }
}
