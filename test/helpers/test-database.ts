// The dialect matrix: HORTUS_TEST_DB=sqlite (default) gives each test file a fresh SQLite file;
// HORTUS_TEST_DB=postgres gives each a fresh database on the server in HORTUS_TEST_PG_URL.
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { openStore } from '../../src/db/open-store.ts'
import type { Store } from '../../src/db/store.ts'
import { tempDir } from './temp-dir.ts'

export const TEST_DIALECT = process.env.HORTUS_TEST_DB === 'postgres' ? 'postgres' : 'sqlite'

export async function openTestStore(): Promise<Store> {
  if (TEST_DIALECT === 'sqlite') {
    return openStore({ dialect: 'sqlite', path: join(tempDir('hortus-test-'), 'hortus.db') })
  }
  const { createTestPostgresDatabase } = await import('./test-postgres.ts')
  const url = await createTestPostgresDatabase(`hortus_test_${randomBytes(6).toString('hex')}`)
  return openStore({ dialect: 'postgres', url })
}
