// The embedded database: one SQLite file in WAL mode, opened by one process, with one connection for writes,
// on a thread of its own (sqlite-writer.ts), and one for reads.
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import type { Database } from './schema.ts'
import { DatabaseOpenError, ImportRunningError, type Store, type Tx } from './store.ts'
import { migrateToLatest } from './migrate.ts'
import { withCommitOrderedSteps } from './commit-order.ts'
import { committingThen, GatheredAfterCommit } from './after-commit.ts'
import { keepingStatements } from './sqlite-statements.ts'
import { allowDirectQueries } from './prepared.ts'
import { sqliteMigrations } from './migrations/sqlite/index.ts'
import { sqliteWriter, WriteLockBusyError } from './sqlite-writer.ts'
import { deferWritesWith } from './many-rows.ts'
import { statementLog, timedStatement, timedTransaction, type DatabaseObserver } from './observer.ts'

// Codes that mean "busy, locked or out of resources right now", not "your query is wrong".
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|NOMEM|PROTOCOL|READONLY)/

// Once open, a statement waits at most this long for a lock another process holds: better-sqlite3 waits
// synchronously, and on the reader the whole process, every request in it, stands still meanwhile, on the
// writer's thread every write. Transactions wait longer, without blocking (waitForWriteLock).
const STATEMENT_BUSY_MS = 20

/** `lockWaitMs`: how long a transaction waits for another process's write lock (the CLI importing beside
 * the server) before failing, which the API answers with 503; migrations at open wait as long. The file is
 * created when missing, its directory never: a mistyped path stops here instead of quietly starting an
 * empty database somewhere else. */
export async function openSqliteStore(
  path: string,
  lockWaitMs = 3000,
  observer: DatabaseObserver | null = null,
): Promise<Store> {
  const { db, defer } = await openDatabase(path, lockWaitMs, observer).catch((error: unknown) => {
    const directory = dirname(path)
    const reason = existsSync(directory) ? error : `the directory ${directory} does not exist`
    throw new DatabaseOpenError(`Cannot open the SQLite database ${path}`, reason)
  })

  const reader = openReader(path, observer)
  const gatheringAfterCommit = new GatheredAfterCommit()
  let bulk = false
  return {
    dialect: 'sqlite',
    db,
    reader,
    // A row inserted without an id gets one more than the largest there (no AUTOINCREMENT): inside the
    // write transaction, these are the ids the next inserts would get.
    newPlantIds: async (tx, count) => {
      const row = await tx
        .selectFrom('plants')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst()
      const first = Number(row?.last ?? 0) + 1
      return Array.from({ length: count }, (_, index) => first + index)
    },
    // An import's batch touches index pages all over the vocabulary's typo variants, which the default
    // 2 MiB of cache read again and again (the 92k import: 24 s → 20 s); a server keeps the default, which
    // the 64 MiB would add to its memory once its saves had touched that many pages.
    // Its commits (one per picture: the starter's 188) are not synced one by one: in WAL mode NORMAL keeps
    // the database whole, and a power cut could only lose the import's last commits, which running it
    // again adds. The checkpoint at the end syncs the log once, before the import reports.
    // Its many-row inserts are not awaited one by one (deferWritesWith): the writer's thread inserts a
    // batch's rows while this one makes the next rows.
    refreshStatistics: async () => {},
    bulkWrites: async <T>(work: () => Promise<T>) => {
      const lock = takeImportLock(path)
      try {
        await sql`PRAGMA cache_size = -65536`.execute(db)
        await sql`PRAGMA synchronous = NORMAL`.execute(db)
        bulk = true
        try {
          return await gatheringAfterCommit.during(work)
        } finally {
          bulk = false
          await sql`PRAGMA synchronous = FULL`.execute(db)
          await sql`PRAGMA cache_size = -2000`.execute(db)
          await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db)
        }
      } finally {
        lock.close()
      }
    },
    // One writer at a time (BEGIN IMMEDIATE): transactions run their last steps in commit order as they are.
    transaction: <T>(work: (tx: Tx) => Promise<T>) =>
      timedTransaction(observer, () =>
        committingThen(
          (capture) =>
            waitForWriteLock(
              () =>
                db.transaction().execute((tx) => {
                  capture(tx)
                  if (bulk) deferWritesWith(tx, defer)
                  return withCommitOrderedSteps(work, async () => {})(tx)
                }),
              lockWaitMs,
              () => observer?.busyRetry(),
            ),
          gatheringAfterCommit.gathered,
        ),
      ),
    isUnavailable: (error) => UNAVAILABLE_CODES.test(codeOf(error)),
    isUniqueViolation: (error) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(codeOf(error)),
    close: async () => {
      await reader.destroy()
      await db.destroy()
    },
  }
}

const codeOf = (error: unknown): string =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : ''

/** An import's lock (Store.bulkWrites): an exclusive transaction on an empty file of its own beside the
 * database (`<file>-import-lock`), which SQLite holds as a lock of the operating system's, let go of when
 * the connection closes or the process ends, however it ends. The database's own locks are held per
 * transaction, and an import is many. Closing the connection ends the transaction and lets go. */
function takeImportLock(path: string): SQLite.Database {
  const lock = new SQLite(`${path}-import-lock`, { timeout: 0 })
  try {
    lock.exec('BEGIN EXCLUSIVE')
    return lock
  } catch (error) {
    lock.close()
    if (codeOf(error) === 'SQLITE_BUSY') throw new ImportRunningError()
    throw error
  }
}

/** Begins `transaction` again, after growing pauses, while another process holds the write lock, until
 * `waitMs` has passed. Its BEGIN IMMEDIATE failed, so nothing of it ran. The pauses do not block: reads and
 * other requests go on meanwhile. */
async function waitForWriteLock<T>(
  transaction: () => Promise<T>,
  waitMs: number,
  retrying: () => void,
): Promise<T> {
  const deadline = performance.now() + waitMs
  for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await transaction()
    } catch (error) {
      if (!(error instanceof WriteLockBusyError) || performance.now() + pause > deadline) throw error
      retrying()
      await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
}

async function openDatabase(path: string, lockWaitMs: number, observer: DatabaseObserver | null) {
  const pragmas = [
    'journal_mode = WAL',
    // Durable commits: an acknowledged write survives a power cut.
    'synchronous = FULL',
    'foreign_keys = ON',
    `busy_timeout = ${lockWaitMs}`,
  ]
  const { dialect, defer } = sqliteWriter(path, pragmas)
  const db = new Kysely<Database>({ dialect, ...statementLog(observer, 'primary') })
  try {
    await migrateToLatest(db, sqliteMigrations)
    await sql.raw(`PRAGMA busy_timeout = ${Math.min(lockWaitMs, STATEMENT_BUSY_MS)}`).execute(db)
    return { db, defer }
  } catch (error) {
    await db.destroy()
    throw error
  }
}

/** The reader's page cache, at most (SQLite's default is 2 MB). A search reads the pages of its words, its
 * matches' rows and names: at a million plants the 2 MB held no search's pages until its next request, and
 * every search read them again from the operating system. With 64 MB, the bench's searches at a million
 * plants: "strawberries" 12.4 → 7.1 ms, "oak" 9.5 → 6.3, "tomato plant" 12.3 → 7.9 (p50); 128 MB gained
 * nothing more. The cache fills only as pages are read. */
const READER_CACHE_KIB = 64 * 1024

/** A second connection for reads. Kysely gives a connection to one transaction at a time, and a save's
 * transaction awaits between its statements, so with one connection every read waited for the write in
 * progress; in WAL mode a reader sees the last commit and never waits for a writer. */
function openReader(path: string, observer: DatabaseObserver | null): Kysely<Database> {
  const sqlite = new SQLite(path, { readonly: true })
  sqlite.pragma(`busy_timeout = ${STATEMENT_BUSY_MS}`)
  sqlite.pragma(`cache_size = ${-READER_CACHE_KIB}`)
  const reader = new Kysely<Database>({
    dialect: new SqliteDialect({ database: keepingStatements(sqlite) }),
    ...statementLog(observer, 'reader'),
  })
  // The reader runs single statements only: no transaction, no cursor (see allowDirectQueries).
  allowDirectQueries(reader, (sql) => timedStatement(sqlite.prepare(sql), observer, 'reader'))
  return reader
}
