// A real Hortus process for the client tests: a fresh database of the dialect under test, a key made as
// `hortus keys create` makes one, and the server in its own process on a free loopback port.
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { parseDatabaseUrl } from '../../src/config.ts'
import { startAnsweringServer } from '../helpers/processes.ts'
import { createTestDatabaseUrl, createTestKey } from '../helpers/test-database.ts'
import { unique } from '../helpers/factories.ts'

export interface RunningHortus {
  /** The API root the clients take: http://127.0.0.1:<port>/api */
  baseUrl: string
  databaseUrl: string
  keyId: string
  keySecret: string
  stop(): Promise<void>
}

export async function startHortus(env: Record<string, string> = {}): Promise<RunningHortus> {
  const url = await createTestDatabaseUrl()
  const name = unique('client').replace(/\W+/g, '-')
  const key = await createTestKey(url, `${name}@example.org`, name)
  const { port, started } = await startAnsweringServer({ DATABASE_URL: url, ...env })
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    databaseUrl: url,
    keyId: key.key_id,
    keySecret: key.key_secret,
    stop: async () => {
      started.child.kill('SIGTERM')
      await started.finished
    },
  }
}

/** Holds the database's write lock from another connection, as an operator's command or migration might:
 * Hortus's writes wait 3 s for it, then answer 503 with Retry-After. `release` lets them through. */
export async function holdWriteLock(databaseUrl: string): Promise<{ release(): Promise<void> }> {
  const parsed = parseDatabaseUrl(databaseUrl)
  if (parsed?.dialect === 'sqlite') {
    const other = new SQLite(parsed.path)
    other.exec('BEGIN EXCLUSIVE')
    return {
      release: async () => {
        if (other.inTransaction) other.exec('ROLLBACK')
        other.close()
      },
    }
  }
  const other = new pg.Client({ connectionString: databaseUrl })
  await other.connect()
  await other.query('BEGIN; LOCK TABLE plants IN EXCLUSIVE MODE')
  let released = false
  return {
    release: async () => {
      if (released) return
      released = true
      await other.query('COMMIT')
      await other.end()
    },
  }
}
