// The embedded database: one SQLite file in WAL mode, opened by one process, with one connection for writes
// and one for reads.
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from './schema.ts'
import { DatabaseOpenError, type Store, type Tx } from './store.ts'
import { migrateToLatest } from './migrate.ts'
import { keepingStatements } from './sqlite-statements.ts'
import { sqliteMigrations } from './migrations/sqlite/index.ts'
import { SqliteSearch } from '../search/sqlite-search.ts'

// Codes that mean "busy, locked or out of resources right now", not "your query is wrong".
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|NOMEM|PROTOCOL|READONLY)/

/** `busyTimeoutMs`: how long a write waits for another process's lock before answering 503. The file is
 * created when missing, its directory never: a mistyped path stops here instead of quietly starting an
 * empty database somewhere else. */
export async function openSqliteStore(path: string, busyTimeoutMs = 5000): Promise<Store> {
  const db = await openDatabase(path, busyTimeoutMs).catch((error: unknown) => {
    const directory = dirname(path)
    const reason = existsSync(directory) ? error : `the directory ${directory} does not exist`
    throw new DatabaseOpenError(`Cannot open the SQLite database ${path}`, reason)
  })

  const codeOf = (error: unknown): string =>
    error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : ''

  const reader = openReader(path, busyTimeoutMs)
  return {
    dialect: 'sqlite',
    db,
    reader,
    search: new SqliteSearch(),
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction().execute(work),
    isUnavailable: (error) => UNAVAILABLE_CODES.test(codeOf(error)),
    isUniqueViolation: (error) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(codeOf(error)),
    close: async () => {
      await reader.destroy()
      await db.destroy()
    },
  }
}

async function openDatabase(path: string, busyTimeoutMs: number): Promise<Kysely<Database>> {
  const sqlite = new SQLite(path)
  let db: Kysely<Database> | undefined
  try {
    sqlite.pragma('journal_mode = WAL')
    // Durable commits: an acknowledged write survives a power cut.
    sqlite.pragma('synchronous = FULL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`)
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) })
    await migrateToLatest(db, sqliteMigrations)
    return db
  } catch (error) {
    if (db) await db.destroy()
    else sqlite.close()
    throw error
  }
}

/** A second connection for reads. Kysely gives a connection to one transaction at a time, and a save's
 * transaction awaits between its statements, so with one connection every read waited for the write in
 * progress; in WAL mode a reader sees the last commit and never waits for a writer. */
function openReader(path: string, busyTimeoutMs: number): Kysely<Database> {
  const sqlite = new SQLite(path, { readonly: true })
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`)
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) })
}
