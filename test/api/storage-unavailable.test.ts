import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import { buildApp } from '../../src/app.ts'
import { createKeyPair } from '../../src/accounts/api-keys.ts'
import { openSqliteStore } from '../../src/db/sqlite.ts'
import { assertError } from '../helpers/assertions.ts'
import { TEST_DIALECT } from '../helpers/test-database.ts'
import { tempDir } from '../helpers/temp-dir.ts'

// One request in process; the same fault under load, with a full disk and the PostgreSQL faults, is in
// test/reliability/storage-faults.test.ts. On PostgreSQL this file registers nothing rather than a
// skipped test.
if (TEST_DIALECT === 'sqlite')
  describe('storage unavailable (SQLite)', () => {
    it('answers 503 with Retry-After while another process holds the write lock, and recovers', async () => {
      const path = join(tempDir('hortus-busy-'), 'hortus.db')
      const store = await openSqliteStore(path, 200)
      const app = await buildApp({ config: { keyBrand: 'service', keyCacheSeconds: 0 }, store })
      const key = await createKeyPair(store, 'busy@example.org')
      const create = () =>
        app.inject({
          method: 'POST',
          url: '/api/plants',
          headers: { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret },
          payload: { scientific_name: 'Allium cepa', name: 'Onion', note: 'test' },
        })

      const other = new SQLite(path)
      other.exec('BEGIN EXCLUSIVE')
      try {
        const blocked = await create()
        assertError(
          {
            status: blocked.statusCode,
            headers: new Headers(blocked.headers as Record<string, string>),
            text: blocked.body,
            body: blocked.json(),
          },
          503,
          'service unavailable',
        )
        assert.equal(blocked.headers['retry-after'], '1')
      } finally {
        other.exec('ROLLBACK')
        other.close()
      }
      assert.equal((await create()).statusCode, 201)
      await app.close()
      await store.close()
    })
  })
