// The embedded database: one SQLite file in WAL mode, opened by one process.
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

  return {
    dialect: 'sqlite',
    db,
    reader: db,
    search: new SqliteSearch(),
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
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction().execute(work),
    isUnavailable: (error) => UNAVAILABLE_CODES.test(codeOf(error)),
    isUniqueViolation: (error) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(codeOf(error)),
    close: () => db.destroy(),
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
