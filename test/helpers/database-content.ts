// Everything a save writes, table by table, as comparable lines: two databases that went through the same
// saves in the same order have the same content, whatever statements wrote it. Times are left out (each
// save takes the time it runs at), and so are the ids of rows no one refers to by id, where noted, and the
// change feed's commit numbers.
import { sql } from 'kysely'
import type { Store } from '../../src/db/store.ts'

export type DatabaseContent = Record<string, string[]>

const TIMES = ['created_at', 'updated_at']

/** Each table's rows, one JSON line each, in a fixed order. */
export async function databaseContent(store: Store): Promise<DatabaseContent> {
  const db = store.db
  const lines = (rows: object[]) => rows.map((row) => JSON.stringify(withoutTimes(row)))
  const plants = await db.selectFrom('plants').selectAll().orderBy('id').execute()
  return {
    plants: lines(plants.map((plant) => ({ ...plant, doc: withoutTimes(JSON.parse(plant.doc) as object) }))),
    plant_facets: lines(
      await db
        .selectFrom('plant_facets')
        .selectAll()
        .orderBy('plant_id')
        .orderBy('key')
        .orderBy('value')
        .execute(),
    ),
    plant_numbers: lines(
      await db
        .selectFrom('plant_numbers')
        .selectAll()
        .orderBy('plant_id')
        .orderBy('key')
        .orderBy('low')
        .orderBy('high')
        .execute(),
    ),
    plant_windows: lines(
      await db.selectFrom('plant_windows').selectAll().orderBy('plant_id').orderBy('position').execute(),
    ),
    // A revision's commit_seq numbers the transaction it committed in: one per batch, one per lone save.
    plant_revisions: lines(
      await db
        .selectFrom('plant_revisions')
        .select(['id', 'plant_id', 'version', 'note', 'author_id', 'author', 'created_at', 'changes'])
        .orderBy('id')
        .execute(),
    ),
    plant_links: lines(await db.selectFrom('plant_links').selectAll().orderBy('id').execute()),
    attribute_keys: lines(await db.selectFrom('attribute_keys').selectAll().orderBy('key_norm').execute()),
    attribute_values: lines(
      await db.selectFrom('attribute_values').selectAll().orderBy('key_norm').orderBy('value_norm').execute(),
    ),
    search_words: lines(await db.selectFrom('search_words').selectAll().orderBy('word').execute()),
    search_word_variants: lines(
      await db.selectFrom('search_word_variants').selectAll().orderBy('variant').orderBy('word').execute(),
    ),
    search_names: lines(
      await db.selectFrom('search_names').selectAll().orderBy('plant_id').orderBy('name').execute(),
    ),
    text_index: lines(
      store.dialect === 'sqlite'
        ? (
            await sql<object>`SELECT rowid AS id, name, scientific_name, alternate_names, description
              FROM plants_fts ORDER BY rowid`.execute(db)
          ).rows
        : (
            await sql<object>`SELECT plant_id AS id, document::text AS document
              FROM plant_search ORDER BY plant_id`.execute(db)
          ).rows,
    ),
  }
}

/** The first difference between two databases' content, or null when they are the same. */
export function firstDifference(a: DatabaseContent, b: DatabaseContent): string | null {
  for (const table of Object.keys(a)) {
    const left = a[table]!
    const right = b[table] ?? []
    for (let index = 0; index < Math.max(left.length, right.length); index++) {
      if (left[index] !== right[index])
        return `${table}, row ${index + 1} of ${left.length} / ${right.length}:\n  ${left[index]}\n  ${right[index]}`
    }
  }
  return null
}

function withoutTimes(row: object): object {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, TIMES.includes(key) ? '' : value]),
  )
}
