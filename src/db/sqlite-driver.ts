// Kysely's SQLite dialect with the transactions a file shared with other processes (the CLI beside the
// server) needs:
// - BEGIN IMMEDIATE takes the write lock at the start. A deferred transaction reads first and then fails
//   at once, without waiting, when it cannot upgrade to a writer; an immediate one fails only at BEGIN,
//   before its work has run, so the store can wait for the lock and simply begin again.
// - A failed COMMIT on a full disk or an I/O error has already rolled the transaction back; the ROLLBACK
//   that follows would then fail with "no transaction is active" and hide the real error (a 500 instead
//   of the 503 SQLITE_FULL gives), so it is skipped.
import type SQLite from 'better-sqlite3'
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely'
import { keepingStatements } from './sqlite-statements.ts'

/** Another connection holds the write lock: nothing of the transaction has run. */
export class WriteLockBusyError extends Error {
  readonly code: string
  constructor(cause: Error & { code: string }) {
    super(cause.message, { cause })
    this.code = cause.code
  }
}

const codeOf = (error: unknown): string =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : ''

class ImmediateTransactionsDriver extends SqliteDriver {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: keepingStatements(sqlite) })
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'))
    } catch (error) {
      if (codeOf(error).startsWith('SQLITE_BUSY'))
        throw new WriteLockBusyError(error as Error & { code: string })
      throw error
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection)
  }
}

export class ImmediateTransactionsDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: keepingStatements(sqlite) })
  }

  override createDriver(): Driver {
    return new ImmediateTransactionsDriver(this.sqlite)
  }
}
