// The storage contract. Services receive a Store and never know which database is behind it: everything
// dialect-specific (connections, migrations, full-text search, error classes) sits behind this interface.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema.ts'
import type { SearchIndex } from '../search/search-index.ts'

export type Db = Kysely<Database>
export type Tx = Transaction<Database>

export interface Store {
  readonly dialect: 'sqlite' | 'postgres'
  /** The primary: every write, and reads that must see the latest write. */
  readonly db: Db
  /** Reads that may lag a little (a PostgreSQL replica when configured, else the primary). */
  readonly reader: Db
  readonly search: SearchIndex
  /** Runs `work` in one transaction on the primary. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>
  /** True for errors meaning "the database is unreachable or busy": the request may be retried. */
  isUnavailable(error: unknown): boolean
  /** True for a unique-constraint violation (a concurrent writer won a race). */
  isUniqueViolation(error: unknown): boolean
  close(): Promise<void>
}
