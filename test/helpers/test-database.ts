// The dialect matrix: HORTUS_TEST_DB=sqlite (default) gives each test file a fresh SQLite file;
// HORTUS_TEST_DB=postgres gives each a fresh database on the server in HORTUS_TEST_PG_URL.
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { createKeyPair, type KeyPair } from '../../src/accounts/api-keys.ts'
import { parseDatabaseUrl } from '../../src/config.ts'
import { openStore } from '../../src/open-store.ts'
import type { Store } from '../../src/db/store.ts'
import { tempDir } from './temp-dir.ts'

export const TEST_DIALECT = process.env.HORTUS_TEST_DB === 'postgres' ? 'postgres' : 'sqlite'

/** A DATABASE_URL for a new, empty database of the dialect under test. */
export async function createTestDatabaseUrl(): Promise<string> {
  if (TEST_DIALECT === 'sqlite') return `sqlite:${join(tempDir('hortus-test-'), 'hortus.db')}`
  const { createTestPostgresDatabase } = await import('./test-postgres.ts')
  return createTestPostgresDatabase(`hortus_test_${randomBytes(6).toString('hex')}`)
}

export async function openTestStore(url?: string): Promise<Store> {
  const parsed = parseDatabaseUrl(url ?? (await createTestDatabaseUrl()))
  if (!parsed) throw new Error(`bad test database url ${url}`)
  return openStore(parsed)
}

/** A key on the database at `url` (created directly, as `hortus keys create` does; the database is migrated
 * first when it is new), the store closed again. */
export async function createTestKey(url: string, email: string, name?: string): Promise<KeyPair> {
  const store = await openTestStore(url)
  try {
    return await createKeyPair(store, email, '', name)
  } finally {
    await store.close()
  }
}
