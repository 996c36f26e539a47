// The hot reads run as statements kept per connection (db/prepared.ts): named statements on PostgreSQL.
// A migration run by another process during a rolling upgrade can change a table under them; reads must go
// on answering. (SQLite's kept statements are re-prepared by SQLite itself when the schema changes.)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { createPlant } from '../helpers/factories.ts'
import { buildTestApp } from '../helpers/test-app.ts'

describe('kept statements', () => {
  it('go on answering reads after another process alters the table under them', async () => {
    const t = await buildTestApp()
    try {
      const plant = await createPlant(t)
      const read = async () => {
        const [one, list] = await Promise.all([
          t.request('GET', `/api/plants/${plant.id}`),
          t.request('GET', `/api/plants?per_page=5`),
        ])
        assert.equal(one.status, 200, one.text)
        assert.equal(one.body.name, plant.name)
        assert.equal(list.status, 200, list.text)
        assert.ok(list.body.plants.some((listed: { id: number }) => listed.id === plant.id))
      }
      for (let round = 0; round < 10; round++) await read()
      // What a later migration might do: the column's type changes, and with it the statements' result.
      const newType = t.store.dialect === 'postgres' ? sql`varchar COLLATE "C"` : null
      if (newType) await sql`ALTER TABLE plants ALTER COLUMN doc TYPE ${newType}`.execute(t.store.db)
      else await sql`ALTER TABLE plants ADD COLUMN added_later TEXT`.execute(t.store.db)
      for (let round = 0; round < 10; round++) await read()
    } finally {
      await t.close()
    }
  })
})
