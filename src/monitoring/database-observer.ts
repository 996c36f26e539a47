// The store's observer (db/observer.ts) as metrics: statement and transaction histograms, pool waits, SQLite's
// busy retries, and each PostgreSQL pool's connections read when the metrics are scraped.
import { Gauge, type Registry } from 'prom-client'
import type { Connection, DatabaseObserver, PoolCounts } from '../db/observer.ts'
import {
  dbBusyRetries,
  dbPoolWaitSeconds,
  dbStatementSeconds,
  dbTransactionSeconds,
} from '../metrics/instruments.ts'

/** The observer a serving process opens its store with; the pools' gauge goes in `registry`. */
export function databaseObserver(registry: Registry): DatabaseObserver {
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
  return {
    statement: (connection, seconds) => dbStatementSeconds.observe({ connection }, seconds),
    transaction: (seconds, outcome) => dbTransactionSeconds.observe({ outcome }, seconds),
    busyRetry: () => dbBusyRetries.inc(),
    poolWait: (pool, seconds) => dbPoolWaitSeconds.observe({ pool }, seconds),
    pool: (name, counts) => void pools.set(name, counts),
  }
}
