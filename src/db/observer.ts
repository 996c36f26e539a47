// What a store tells whoever watches it (the metrics, monitoring/): statement and transaction times, waits
// for a pool's connection, SQLite's retries of a busy write lock. A store opened without an observer (the
// CLI, most tests) times nothing: Kysely's log hook is then not even set.
import type { KyselyConfig, LogEvent } from 'kysely'

export type Connection = 'primary' | 'reader'

/** A pg.Pool's counts, read when the metrics are scraped. */
export interface PoolCounts {
  readonly totalCount: number
  readonly idleCount: number
  readonly waitingCount: number
}

export interface DatabaseObserver {
  statement(connection: Connection, seconds: number): void
  transaction(seconds: number, outcome: 'commit' | 'rollback'): void
  /** SQLite: a transaction begins again because another process held the write lock. */
  busyRetry(): void
  /** PostgreSQL: how long a statement waited for a connection of the pool. */
  poolWait(pool: Connection, seconds: number): void
  /** PostgreSQL: a pool the store opened, its counts read when the metrics are scraped. */
  pool(name: Connection, pool: PoolCounts): void
}

/** Kysely's log setting that times each statement it runs on `connection`; none without an observer. */
export function statementLog(
  observer: DatabaseObserver | null,
  connection: Connection,
): Pick<KyselyConfig, 'log'> {
  if (!observer) return {}
  return {
    log: (event: LogEvent) => {
      if (event.level === 'query') observer.statement(connection, event.queryDurationMillis / 1000)
    },
  }
}

/** `run`, a transaction, timed from its start to its commit or rollback. */
export async function timedTransaction<T>(
  observer: DatabaseObserver | null,
  run: () => Promise<T>,
): Promise<T> {
  if (!observer) return run()
  const started = performance.now()
  let outcome: 'commit' | 'rollback' = 'rollback'
  try {
    const result = await run()
    outcome = 'commit'
    return result
  } finally {
    observer.transaction((performance.now() - started) / 1000, outcome)
  }
}

/** A statement prepared for direct runs (db/prepared.ts), which skip Kysely and its log: timed here. */
export function timedStatement<Rows>(
  statement: { all(values: readonly unknown[]): Rows },
  observer: DatabaseObserver | null,
  connection: Connection,
): { all(values: readonly unknown[]): Rows } {
  if (!observer) return statement
  const all = statement.all.bind(statement)
  const timed = (values: readonly unknown[]): Rows => {
    const started = performance.now()
    const done = () => observer.statement(connection, (performance.now() - started) / 1000)
    const result = all(values)
    if (result instanceof Promise) return result.finally(done) as Rows
    done()
    return result
  }
  return { all: timed }
}
