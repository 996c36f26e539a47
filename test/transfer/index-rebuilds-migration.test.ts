// Migrations only change the schema; the indexes they create are filled by the migrate step's rebuilds. A
// database whose plants were written before any index existed, upgraded, ends with the very index rows a
// fresh database has for the same plants; and a database already at the latest schema rebuilds nothing.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import { parseDatabaseUrl } from '../../src/config.ts'
import { migrateToLatest } from '../../src/db/migrate.ts'
import { sqliteMigrations } from '../../src/db/migrations/sqlite/index.ts'
import { postgresMigrations } from '../../src/db/migrations/postgres/index.ts'
import type { Database } from '../../src/db/schema.ts'
import type { Store } from '../../src/db/store.ts'
import { createPlant, updatePlant } from '../../src/writes/plant-writes.ts'
import { createTestDatabaseUrl, openTestStore, TEST_DIALECT } from '../helpers/test-database.ts'

const FIRST_INDEX_MIGRATION = '20261123T0900_attribute_registry'
const AUTHOR = { id: null, name: 'import' }

/** What the indexes hold, in one comparable value per table. */
async function indexRows(store: Store) {
  const rows = async (query: string) =>
    (await sql.raw<Record<string, unknown>>(query).execute(store.db)).rows.map((row) =>
      JSON.stringify(Object.values(row).map((value) => (typeof value === 'bigint' ? Number(value) : value))),
    )
  const fullText =
    store.dialect === 'sqlite'
      ? 'SELECT rowid, name, scientific_name, alternate_names, description FROM plants_fts ORDER BY rowid'
      : 'SELECT plant_id, document::text FROM plant_search ORDER BY plant_id'
  return {
    facets: await rows('SELECT plant_id, key, value FROM plant_facets ORDER BY plant_id, key, value'),
    numbers: await rows(
      'SELECT plant_id, key, low, high FROM plant_numbers ORDER BY plant_id, key, low, high',
    ),
    windows: await rows('SELECT * FROM plant_windows ORDER BY plant_id, position'),
    keys: await rows('SELECT key_norm, key, plants, number_plants FROM attribute_keys ORDER BY key_norm'),
    values: await rows('SELECT * FROM attribute_values ORDER BY key_norm, value_norm'),
    words: await rows('SELECT word, plants, name_plants FROM search_words ORDER BY word'),
    variants: await rows('SELECT variant, word FROM search_word_variants ORDER BY variant, word'),
    names: await rows('SELECT plant_id, name, kind FROM search_names ORDER BY plant_id, name'),
    fullText: await rows(fullText),
    offsets: await rows('SELECT position, id FROM plant_offsets ORDER BY position'),
    total: await rows('SELECT plants FROM plant_total'),
    requests: await rows('SELECT name FROM index_rebuilds ORDER BY name'),
  }
}

/** A raw connection to the database at `url`, outside any store. */
function rawDatabase(url: string): Kysely<Database> {
  const parsed = parseDatabaseUrl(url)!
  return parsed.dialect === 'sqlite'
    ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(parsed.path) }) })
    : new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: parsed.url }) }),
      })
}

let fresh: Store

before(async () => {
  fresh = await openTestStore()
  const tomato = JSON.parse(
    await createPlant(
      fresh,
      {
        scientific_name: 'Solanum lycopersicum',
        name: 'Tomato',
        note: 'first',
        description: 'A tender annual grown for its fruit.',
        data: [
          { key: 'When to sow (indoors)', value: '6-8 weeks before the last frost' },
          { key: 'Height', value: '1-2' },
          { key: 'Sun requirements', value: 'Full sun, partial shade' },
          { key: 'Synonyms', value: 'Lycopersicon esculentum' },
        ],
      },
      AUTHOR,
    ),
  ) as { id: number }
  await createPlant(
    fresh,
    {
      scientific_name: 'Solanum lycopersicum',
      name: 'Cherry tomato',
      type: 'Variety',
      parent_id: tomato.id,
      note: 'second',
      data: [{ key: 'Height', value: '2.5' }],
    },
    AUTHOR,
  )
  await createPlant(
    fresh,
    {
      scientific_name: 'Ocimum basilicum',
      name: 'Basil',
      note: 'third',
      data: [
        { key: 'When to sow (outdoors)', value: '2 weeks after the last frost' },
        { key: 'Sun requirements', value: 'Full sun' },
        { key: 'Alternate name', value: 'Sweet basil, Genovese' },
      ],
    },
    AUTHOR,
  )
  await updatePlant(
    fresh,
    tomato.id,
    { version: 1, note: 'taller', data: [{ key: 'Height', value: '1-3' }], remove_data: ['Synonyms'] },
    AUTHOR,
  )
})

after(() => fresh.close())

describe('the migrate step rebuilds the indexes migrations ask for', () => {
  it('leaves a database written before any index with the index rows of a fresh one', async () => {
    const url = await createTestDatabaseUrl()
    const db = rawDatabase(url)
    const all = TEST_DIALECT === 'sqlite' ? sqliteMigrations : postgresMigrations
    await migrateToLatest(
      db,
      Object.fromEntries(Object.entries(all).filter(([name]) => name < FIRST_INDEX_MIGRATION)),
    )
    // The plants as the fresh database has them, and the facet rows the code of the time wrote.
    const plants = await fresh.db.selectFrom('plants').selectAll().orderBy('id').execute()
    for (const plant of plants) {
      const row = { ...plant, id: Number(plant.id), parent_id: plant.parent_id && Number(plant.parent_id) }
      if (TEST_DIALECT === 'sqlite') await db.insertInto('plants').values(row).execute()
      else
        await sql`INSERT INTO plants (id, type, scientific_name, name, parent_id, slug, version, created_at, updated_at, doc)
          OVERRIDING SYSTEM VALUE VALUES (${row.id}, ${row.type}, ${row.scientific_name}, ${row.name},
          ${row.parent_id}, ${row.slug}, ${row.version}, ${row.created_at}, ${row.updated_at}, ${row.doc})`.execute(
          db,
        )
    }
    const facets = await fresh.db.selectFrom('plant_facets').selectAll().execute()
    await db.insertInto('plant_facets').values(facets).execute()
    await db.destroy()

    const wanted = await indexRows(fresh)
    for (const [table, rows] of Object.entries(wanted))
      if (table !== 'requests') assert.ok(rows.length > 0, `the fresh database has ${table} rows`)
    const upgraded = await openTestStore(url)
    try {
      assert.deepEqual(await indexRows(upgraded), wanted)
      assert.deepEqual((await indexRows(upgraded)).requests, [], 'every request was taken')
    } finally {
      await upgraded.close()
    }
  })

  it('rebuilds nothing in a database at the latest schema, and each index asked for when reopened', async () => {
    const url = await createTestDatabaseUrl()
    const store = await openTestStore(url)
    await createPlant(
      store,
      {
        scientific_name: 'Allium sativum',
        name: 'Garlic',
        note: 'n',
        data: [{ key: 'Height', value: '0.5' }],
      },
      AUTHOR,
    )
    const kept = await indexRows(store)
    assert.deepEqual(kept.requests, [])
    // PostgreSQL's VACUUM (ANALYZE) after a rebuild: none yet on this database.
    const vacuumed = async (opened: Store) =>
      opened.dialect === 'sqlite'
        ? null
        : ((
            await sql<{ at: Date | null }>`
              SELECT last_vacuum AS at FROM pg_stat_user_tables WHERE relname = 'plant_search'`.execute(
              opened.db,
            )
          ).rows[0]?.at ?? null)
    assert.equal(await vacuumed(store), null)
    // What a later migration would do: empty its index and ask for it.
    await store.db.deleteFrom('plant_numbers').execute()
    await store.db.deleteFrom('search_names').execute()
    await store.db
      .insertInto('index_rebuilds')
      .values([{ name: 'numbers' }, { name: 'search' }])
      .execute()
    await store.close()
    const reopened = await openTestStore(url)
    try {
      assert.deepEqual(await indexRows(reopened), kept)
      if (reopened.dialect === 'postgres')
        assert.ok(await vacuumed(reopened), 'the rebuilt tables were vacuumed and analyzed')
    } finally {
      await reopened.close()
    }
  })
})
