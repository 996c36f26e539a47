// The storage contract. Services receive a Store and never know which database is behind it: everything
// dialect-specific (connections, migrations, error classes) sits behind this interface; the full-text index
// of each dialect is search/dialect-search.ts.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>
export type Tx = Transaction<Database>

export interface Store {
  readonly dialect: 'sqlite' | 'postgres'
  /** The primary: every write, and reads that must see the latest write. */
  readonly db: Db
  /** Reads that may lag a little (a PostgreSQL replica when configured, else the primary). */
  readonly reader: Db
  /** Ids for `count` plants about to be inserted in this transaction, in order: SQLite's next rowids,
   * PostgreSQL's identity sequence. The importer writes new plants whole, each id inside its document. */
  newPlantIds(tx: Tx, count: number): Promise<number[]>
  /** Runs `work`, an import's many transactions, with the database set for bulk writes (SQLite's writer gets
   * 64 MiB of page cache meanwhile, a server keeps the default 2 MiB, its saves touch a few pages; and its
   * commits are synced once, at the end), and
   * after it has the planner's statistics brought up to date (PostgreSQL's VACUUM (ANALYZE), which also fills
   * the visibility map that index-only scans need). One at a time per database, across processes: while one
   * runs, another throws ImportRunningError before it writes anything (two importers would each take the
   * other's new plants for missing and make them again). */
  bulkWrites<T>(work: () => Promise<T>): Promise<T>
  /** Brings the planner's statistics and PostgreSQL's visibility map up to date after many rows were
   * written again outside an import (an index rebuilt when the database is opened): VACUUM (ANALYZE) as
   * after bulkWrites; nothing on SQLite, whose plans do not read statistics. */
  refreshStatistics(): Promise<void>
  /** Runs `work` in one transaction on the primary. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>
  /** True for errors meaning "the database is unreachable or busy": the request may be retried. */
  isUnavailable(error: unknown): boolean
  /** True for a unique-constraint violation (a concurrent writer won a race). */
  isUniqueViolation(error: unknown): boolean
  close(): Promise<void>
}

/** The database in the configuration cannot be opened (missing directory, unreachable server, wrong
 * password, failed migration). Its message is one line naming the database without its password: start-up
 * and the CLI print it as it is and exit 1. */
export class DatabaseOpenError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${reasonOf(cause)}`, { cause })
  }
}

/** Another import (`store.bulkWrites`: `hortus import`, the starter dataset) is writing to this database. */
export class ImportRunningError extends Error {
  constructor() {
    super('Another import is writing to this database; run this one when it has finished.')
  }
}

/** An error's message on one line. Node reports a failed connection to a host with several addresses as
 * an AggregateError with an empty message; its parts say what happened. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const parts = error instanceof AggregateError && !error.message ? error.errors : [error]
  return parts
    .map((part) => (part instanceof Error ? part.message : String(part)))
    .join('; ')
    .replace(/\s+/g, ' ')
    .trim()
}
