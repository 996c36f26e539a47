// The accounts migration on a database written before it: names that were the local part of an email
// become member-<id>, in accounts, revisions and links, and the importer's own "import" stays.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { parseDatabaseUrl } from '../../src/config.ts'
import { migrateToLatest } from '../../src/db/migrate.ts'
import { sqliteMigrations } from '../../src/db/migrations/sqlite/index.ts'
import { postgresMigrations } from '../../src/db/migrations/postgres/index.ts'
import type { Database } from '../../src/db/schema.ts'
import { createTestDatabaseUrl, openTestStore } from '../helpers/test-database.ts'

const ACCOUNTS_MIGRATION = '20261123T1000_accounts'

/** A database migrated up to, not including, the accounts migration. */
async function databaseBeforeAccounts() {
  const url = await createTestDatabaseUrl()
  const parsed = parseDatabaseUrl(url)!
  const db =
    parsed.dialect === 'sqlite'
      ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(parsed.path) }) })
      : new Kysely<Database>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: parsed.url }) }),
        })
  const all = parsed.dialect === 'sqlite' ? sqliteMigrations : postgresMigrations
  const earlier = Object.fromEntries(Object.entries(all).filter(([name]) => name < ACCOUNTS_MIGRATION))
  await migrateToLatest(db, earlier)
  return { url, db }
}

describe('the accounts migration', () => {
  it('renames accounts named after their email everywhere they appear, and leaves the importer', async () => {
    const { url, db } = await databaseBeforeAccounts()
    const at = '2026-11-01T10:00:00.000Z'
    const account = async (email: string, name: string) =>
      Number(
        (
          await db
            .insertInto('accounts')
            .values({ email, name, password_hash: null, created_at: at } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
    const bob = await account('bob@example.org', 'bob')
    const impostor = await account('import@evil.example', 'import')
    const plant = async (name: string) => {
      const scientific_name = `Planta ${name}`
      const row = await db
        .insertInto('plants')
        .values({
          type: 'Plant',
          scientific_name,
          name,
          parent_id: null,
          slug: name.toLowerCase(),
          version: 1,
          created_at: at,
          updated_at: at,
          doc: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const id = Number(row.id)
      // The stored document as the earlier schema had it; later migrations read it.
      const doc = { id, type: 'Plant', scientific_name, name, description: '', data: [] }
      await db
        .updateTable('plants')
        .set({ doc: JSON.stringify(doc) })
        .where('id', '=', id)
        .execute()
      return id
    }
    const [low, high] = [await plant('Sage'), await plant('Thyme')]
    const revision = (plantId: number, version: number, authorId: number | null, author: string) => ({
      plant_id: plantId,
      version,
      note: 'n',
      author_id: authorId,
      author,
      created_at: at,
      changes: '[]',
    })
    await db
      .insertInto('plant_revisions')
      .values([
        revision(low, 1, null, 'import'),
        revision(low, 2, bob, 'bob'),
        revision(high, 1, impostor, 'import'),
      ])
      .execute()
    const link = { plant_low: low, plant_high: high, note: 'n', created_at: at }
    await db
      .insertInto('plant_links')
      .values([
        {
          ...link,
          type: 'companion-to',
          author: 'bob',
          removed_at: at,
          removed_note: 'x',
          removed_by: 'bob',
        },
        {
          ...link,
          type: 'antagonist-to',
          author: 'import',
          removed_at: null,
          removed_note: null,
          removed_by: null,
        },
      ])
      .execute()
    await db.destroy()

    const store = await openTestStore(url)
    try {
      const total = await store.db.selectFrom('plant_total').select('plants').executeTakeFirstOrThrow()
      const plants = await store.db.selectFrom('plants').select('id').execute()
      assert.equal(Number(total.plants), plants.length, 'the kept plant total starts as the count')
      const accounts = await store.db.selectFrom('accounts').select(['id', 'name']).orderBy('id').execute()
      assert.deepEqual(
        accounts.map((row) => row.name),
        [`member-${bob}`, `member-${impostor}`],
      )
      const revisions = await store.db
        .selectFrom('plant_revisions')
        .select(['plant_id', 'version', 'author'])
        .orderBy('plant_id')
        .orderBy('version')
        .execute()
      assert.deepEqual(
        revisions.map((row) => row.author),
        ['import', `member-${bob}`, `member-${impostor}`],
      )
      const links = await store.db
        .selectFrom('plant_links')
        .select(['type', 'author', 'removed_by'])
        .execute()
      const byType = Object.fromEntries(links.map((row) => [row.type, row]))
      assert.equal(byType['companion-to']!.author, `member-${bob}`)
      assert.equal(byType['companion-to']!.removed_by, `member-${bob}`)
      assert.equal(byType['antagonist-to']!.author, 'import', 'the importer’s links keep their author')
    } finally {
      await store.close()
    }
  })
})
