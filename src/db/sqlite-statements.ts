// better-sqlite3 behind Kysely with its prepared statements kept: Kysely's driver prepares every query
// afresh, which parsed and planned the same SQL on every request (a fifth of the time of reading a plant).
// Statements are keyed by their SQL text, so a query built the same way reuses its statement with new
// parameters. Safe because Kysely runs a statement to completion (all/run) before the next one starts.
import type SQLite from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

/** Enough for every distinct query the service builds (searches vary their SQL with the number of words). */
const KEPT_STATEMENTS = 1000

export function keepingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      const kept = statements.get(sql)
      if (kept) return kept
      const statement = sqlite.prepare(sql) as unknown as SqliteStatement
      // The oldest statement goes first when the set is full; a busy service reuses a steady set.
      if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!)
      statements.set(sql, statement)
      return statement
    },
  }
}
