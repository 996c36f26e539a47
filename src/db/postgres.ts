// The server database: PostgreSQL through a bounded pg.Pool, optionally with a read replica (reads fall
// back to the primary while it cannot be reached). Migrations run on the primary at start over a
// connection of their own; a failure stops start-up.
import { Kysely, PostgresDialect, sql, type PostgresPool } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'
import { DatabaseOpenError, ImportRunningError, type Store, type Tx } from './store.ts'
import { migrateToLatest } from './migrate.ts'
import { withCommitOrderedSteps } from './commit-order.ts'
import { committingThen, GatheredAfterCommit } from './after-commit.ts'
import { postgresMigrations } from './migrations/postgres/index.ts'
import { ReplicaWithFallback } from './replica-fallback.ts'
import { allowDirectQueries, type StatementNeeds } from './prepared.ts'
import { loadRowsWith } from './many-rows.ts'
import { copyLoader, withCopyIn } from './postgres-copy.ts'
import {
  statementLog,
  timedStatement,
  timedTransaction,
  type Connection,
  type DatabaseObserver,
} from './observer.ts'

// Per-connection settings: a runaway statement, a long lock wait or a forgotten transaction ends with an
// error (which isUnavailable turns into a 503) instead of holding a connection. A lock held elsewhere
// (a migration, an operator's LOCK TABLE) is waited for 3 s, like SQLite's write lock, so that the 503
// comes well within the 5 s a client may reasonably wait. JIT compilation only slows the short queries
// Hortus runs, and so do parallel workers: every statement is bounded (a page, a count to its limit), and
// starting two workers took longer than the statement they were for. After the search index's rebuild had
// doubled its tables' size, the planner priced a one-letter search's walk of 100 names over the parallel
// threshold: 8.8 ms with two workers, 2.6 ms without, on the 92k set.
const SESSION_SETTINGS = {
  statement_timeout: 10_000,
  lock_timeout: 3_000,
  idle_in_transaction_session_timeout: 30_000,
}
const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0'

// SQLSTATEs that mean "unreachable, restarting, overloaded or contended right now": connection exceptions
// (08), insufficient resources (53), shutdown and "cannot connect now" (57P01-03), a session the server
// ended for idling (25P03, 57P05), statement timeout (57014), lock timeout (55P03), serialization failure
// and deadlock (40001, 40P01), an I/O error (58030), and a read-only server (25006: the URL briefly names a
// standby during a failover).
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[1235]|25P03|57014|55P03|40001|40P01|58030|25006)$/
// Socket errors from Node, and pg's own messages for a dropped connection or an exhausted pool.
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EAI_AGAIN',
])
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)|the database system is (starting up|shutting down|in recovery mode)/

export async function openPostgresStore(
  url: string,
  readUrl: string | null,
  observer: DatabaseObserver | null = null,
): Promise<Store> {
  // Migrations get one connection without the session timeouts: a later migration may rewrite a large
  // table, and a process that starts while another migrates waits for Kysely's advisory lock.
  const migrator = kysely(openPool(url, { max: 1, statementTimeouts: false }))
  try {
    // Connecting first tells "unreachable or wrong password" apart from a failed migration.
    await sql`SELECT 1`.execute(migrator).catch((error: unknown) => {
      throw new DatabaseOpenError(`Cannot connect to PostgreSQL at ${withoutPassword(url)}`, error)
    })
    await migrateToLatest(migrator, postgresMigrations).catch((error: unknown) => {
      throw new DatabaseOpenError(`Cannot migrate PostgreSQL at ${withoutPassword(url)}`, error)
    })
  } finally {
    await migrator.destroy()
  }

  const primary = watchedPool(openPool(url, { max: 10, statementTimeouts: true }), observer, 'primary')
  // Transactions on the primary load many rows with COPY (postgres-copy.ts).
  const db = kysely(withCopyIn(primary), observer, 'primary')
  // Reads have a pool of their own: a save holds its connection from BEGIN to COMMIT, through every turn
  // of the event loop between its statements, and under a busy server's reads those turns are long, so
  // saves sharing the reads' pool left the reads waiting for connections (GET /plants/<id> under 10 saves
  // a second: p99 27 → 44–69 ms). On the replica when there is one; reads fall back to the primary while
  // the replica cannot be reached.
  const readerPool = (readerUrl: string) =>
    watchedPool(openPool(readerUrl, { max: 10, statementTimeouts: true, keptOpen: true }), observer, 'reader')
  const readPool = readUrl
    ? new ReplicaWithFallback(readerPool(readUrl), primary, isUnavailable)
    : readerPool(url)
  const reader = kysely(readPool, observer, 'reader')
  allowDirectQueries(db, namedStatements(primary, observer, 'primary'))
  allowDirectQueries(reader, namedStatements(readPool, observer, 'reader'))
  const gatheringAfterCommit = new GatheredAfterCommit()
  return {
    dialect: 'postgres',
    db,
    reader,
    newPlantIds: async (tx, count) => {
      const taken = await sql<{ id: number }>`
        SELECT nextval(pg_get_serial_sequence('plants', 'id')) AS id FROM generate_series(1, ${count})`.execute(
        tx,
      )
      return taken.rows.map((row) => Number(row.id)).sort((a, b) => a - b)
    },
    bulkWrites: (work) =>
      whileImportLockHeld(db, async () => {
        try {
          return await gatheringAfterCommit.during(work)
        } finally {
          await vacuumAfterBulkWrites(db)
        }
      }),
    refreshStatistics: () => vacuumAfterBulkWrites(db),
    transaction: <T>(work: (tx: Tx) => Promise<T>) =>
      timedTransaction(observer, () =>
        committingThen(
          (capture) =>
            db.transaction().execute((tx) => {
              capture(tx)
              loadRowsWith(tx, copyLoader)
              return withCommitOrderedSteps(work, takeCommitOrderLock)(tx)
            }),
          gatheringAfterCommit.gathered,
        ),
      ),
    isUnavailable,
    isUniqueViolation: (error) => sqlstateOf(error) === '23505',
    close: async () => {
      await Promise.all([db.destroy(), reader.destroy()])
    },
  }
}

/** After an import: VACUUM (ANALYZE). Without ANALYZE the planner has the statistics of the empty tables
 * until autovacuum comes by (a typo lookup scanned all 200,000 word variants instead of using their index:
 * 15 ms, not 0.1). Without VACUUM the visibility map is empty: an index-only scan visits the heap for every
 * row (the offset page at 60,000: 24,000 heap fetches, 12 ms instead of 5), and autovacuum then vacuums the
 * freshly written tables (the typo variants: 270 MB) while the server answers requests. Hortus's own
 * tables only (a bare VACUUM also goes through the system catalogs), largest first, two at a time: VACUUM
 * works on one table with one server process, and the import has left the server otherwise idle. VACUUM
 * may take longer than the pool's statement_timeout, so it runs on connections with the timeout lifted. */
async function vacuumAfterBulkWrites(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
    ORDER BY pg_relation_size(c.oid) DESC, c.relname`.execute(db)
  const tables = rows.map(({ name }) => name)
  const vacuumNext = () =>
    db.connection().execute(async (connection) => {
      await sql`SET statement_timeout = 0`.execute(connection)
      try {
        for (let table = tables.shift(); table; table = tables.shift())
          await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(connection)
      } finally {
        await sql`RESET statement_timeout`.execute(connection)
      }
    })
  await Promise.all([vacuumNext(), vacuumNext()])
}

/** Held by an import (Store.bulkWrites) from start to end, on a connection of its own: a session lock, which
 * the server lets go of when that session ends, however the importing process ends. */
const IMPORT_LOCK = 7_296_310_002

async function whileImportLockHeld<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ taken: boolean }>`
      SELECT pg_try_advisory_lock(${IMPORT_LOCK}::bigint) AS taken`.execute(connection)
    if (!rows[0]?.taken) throw new ImportRunningError()
    try {
      return await work()
    } finally {
      await sql`SELECT pg_advisory_unlock(${IMPORT_LOCK}::bigint)`.execute(connection)
    }
  })
}

/** Held from a transaction's commit-ordered steps through its COMMIT (db/commit-order.ts). */
const COMMIT_ORDER_LOCK = 7_296_310_001
const takeCommitOrderLock = async (tx: Tx) => {
  await sql`SELECT pg_advisory_xact_lock(${COMMIT_ORDER_LOCK}::bigint)`.execute(tx)
}

let statementsNamed = 0

/** Runs the hot prepared queries (db/prepared.ts) as named statements: PostgreSQL parses and plans each
 * once per connection instead of on every request (GET /plants/<id>: 4,600 → 5,100 req/s, one process).
 * One whose best plan depends on its values runs unnamed, planned for each call's values: named, after five
 * calls PostgreSQL may keep one plan for all (a "generic" one). The count of a search's matches then
 * built the bitmap of all 330,000 plants matching `s` at a million plants (65-85 ms) where the plan for
 * `s` reads the table until it has counted 2,001 (3-6 ms).
 * A statement whose table another process has since altered (a migration during a rolling upgrade) fails
 * with 0A000, "cached plan must not change result type": that one then runs unnamed from then on. */
function namedStatements(
  pool: { connect(): Promise<pg.PoolClient> },
  observer: DatabaseObserver | null,
  connection: Connection,
) {
  return (text: string, { valuesChangePlan }: StatementNeeds) => {
    const name = `hortus_${++statementsNamed}`
    let named = !valuesChangePlan
    const statement = {
      all: async (values: readonly unknown[]) => {
        const client = await pool.connect()
        try {
          if (named) {
            try {
              return (await client.query({ name, text, values: [...values] })).rows as unknown[]
            } catch (error) {
              if (sqlstateOf(error) !== '0A000') throw error
              named = false
            }
          }
          return (await client.query(text, [...values])).rows as unknown[]
        } finally {
          client.release()
        }
      },
    }
    return timedStatement(statement, observer, connection)
  }
}

function kysely(
  pool: PostgresPool,
  observer: DatabaseObserver | null = null,
  connection: Connection = 'primary',
): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...statementLog(observer, connection),
  })
}

/** The pool, its counts shown to the observer and each wait for one of its connections timed. Only the
 * promise form of connect is timed: it is the one Kysely and the named statements use. */
function watchedPool(pool: pg.Pool, observer: DatabaseObserver | null, name: Connection): pg.Pool {
  if (!observer) return pool
  observer.pool(name, pool)
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback)
    const started = performance.now()
    return connect()!.finally(() => observer.poolWait(name, (performance.now() - started) / 1000))
  }) as typeof pool.connect
  return pool
}

function openPool(
  url: string,
  {
    max,
    statementTimeouts,
    keptOpen = false,
  }: { max: number; statementTimeouts: boolean; keptOpen?: boolean },
) {
  const pool = new pg.Pool({
    ...connectionString(url),
    max,
    // The reads' connections, once open, stay open: a connection new to PostgreSQL reads the catalog of
    // every table its first statements touch, and one opened after 10 idle seconds made the next searches
    // 20-35 ms instead of 5-8 (the bench's first search after a save). The start's warm-up opens them all.
    min: keptOpen ? max : 0,
    // Waiting longer for a connection than for a whole request makes no sense: fail fast, answer 503.
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 10_000,
    // Idle connections do not keep a process (a CLI command, a test) alive.
    allowExitOnIdle: true,
    // Notices a dead peer (a failed-over primary) on idle connections.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: 'hortus',
    ...(statementTimeouts ? SESSION_SETTINGS : {}),
    types: typeParsers(),
  })
  // A connection the server drops while it sits in the pool: pg-pool discards it and emits 'error', which
  // would crash the process with no listener. The next query simply opens a new connection.
  pool.on('error', () => {})
  // A connection dropped while checked out emits 'error' on the client, which pg-pool does not listen to
  // then; the query in flight (or the next one) fails with the same error, and the pool discards the
  // client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {})
  })
  return pool
}

/** The pool's connection settings: the URL, with our `options` appended to any the URL gives (pg lets the
 * URL's `options` parameter replace the configured one, so it is taken out and merged). */
function connectionString(url: string): { connectionString: string; options: string } {
  if (!/[?&]options=/.test(url)) return { connectionString: url, options: SESSION_OPTIONS }
  const parsed = new URL(url)
  const given = parsed.searchParams.get('options') ?? ''
  parsed.searchParams.delete('options')
  return { connectionString: parsed.toString(), options: `${given} ${SESSION_OPTIONS}`.trim() }
}

/** Timestamps come back as the ISO text the application writes (2026-11-22T10:15:30.123Z), bigints
 * (ids, counts) as numbers: ids are identity values and counts are row counts, far below 2^53. */
function typeParsers(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides()
  const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date
  types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (text: string) => parseTimestamptz(text).toISOString())
  types.setTypeParser(pg.types.builtins.INT8, (text: string) => Number(text))
  return types
}

/** The URL as it may appear in a message or a log. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'the configured URL'
  }
}

function sqlstateOf(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : ''
}

/** The database cannot answer now but may in a moment: the request is answered 503 with Retry-After. */
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = sqlstateOf(error)
  if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)) return true
  if (UNAVAILABLE_MESSAGE.test(error.message)) return true
  // Node reports a failed connection to a host with several addresses as an AggregateError of them all.
  if (error instanceof AggregateError && error.errors.some(isUnavailable)) return true
  return error.cause !== undefined && error.cause !== error && isUnavailable(error.cause)
}
