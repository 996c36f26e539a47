// All SQL about where values come from: the dataset sources, the sources an import recorded for values,
// and the sources of links. Written once with Kysely for both databases.
import type { Db, Tx } from '../db/store.ts'
import type { ValueSourcesTable } from '../db/schema.ts'
import { insertMany } from '../db/many-rows.ts'

export interface DataSource {
  /** The id dataset files name it by. */
  slug: string
  name: string
  url: string | null
  license: string | null
}

/** The key of a value source row that stands for every value of its plant line naming no source. */
export const LINE_SOURCE_KEY = '*'

/** Adds or updates the sources a dataset's header lists; answers each one's row id by its slug. */
export async function saveDataSources(tx: Tx, sources: DataSource[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const source of sources) {
    const row = await tx
      .insertInto('data_sources')
      .values(source)
      .onConflict((conflict) =>
        conflict.column('slug').doUpdateSet({ name: source.name, url: source.url, license: source.license }),
      )
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.set(source.slug, Number(row.id))
  }
  return ids
}

export async function allDataSources(db: Db): Promise<Map<number, DataSource>> {
  const rows = await db.selectFrom('data_sources').select(['id', 'slug', 'name', 'url', 'license']).execute()
  return new Map(rows.map(({ id, ...source }) => [Number(id), source]))
}

/** Records where an import's values came from, replacing what an earlier import said for the same keys.
 * `newPlants`: plants created in this transaction, which have nothing to replace (the 92k import spent a
 * sixth of its time on PostgreSQL deleting nothing, one statement per plant). */
export async function recordValueSources(
  tx: Tx,
  rows: ValueSourcesTable[],
  newPlants: ReadonlySet<number>,
): Promise<void> {
  if (rows.length === 0) return
  const keys = new Map<number, string[]>()
  for (const { plant_id, key } of rows) {
    if (!newPlants.has(plant_id)) keys.set(plant_id, [...(keys.get(plant_id) ?? []), key])
  }
  for (const [plantId, plantKeys] of keys)
    await tx
      .deleteFrom('value_sources')
      .where('plant_id', '=', plantId)
      .where('key', 'in', plantKeys)
      .execute()
  await insertMany(tx, 'value_sources', rows)
}

export async function valueSourcesOf(db: Db, plantIds: number[]): Promise<ValueSourcesTable[]> {
  if (plantIds.length === 0) return []
  const rows = await db.selectFrom('value_sources').selectAll().where('plant_id', 'in', plantIds).execute()
  return rows.map((row) => ({
    ...row,
    plant_id: Number(row.plant_id),
    source_id: row.source_id === null ? null : Number(row.source_id),
  }))
}

/** The active links of plants, each with the other plant, who made it and its source. Read side by side,
 * each through its index: one statement joining on either side (`OR`) read every link, 8 ms a plant page
 * with the 13,000 links of a million plants (npm run bench:scale). The two sides are one statement
 * (`UNION ALL`), each still through its own index: one round trip instead of two in turn. */
export async function linkOriginsOf(db: Db, plantIds: number[]) {
  if (plantIds.length === 0) return []
  const side = (own: 'l.plant_low' | 'l.plant_high', other: 'l.plant_low' | 'l.plant_high') =>
    db
      .selectFrom('plant_links as l')
      .innerJoin('plants as p', 'p.id', other)
      .select([
        'l.id',
        'l.plant_low',
        'l.plant_high',
        'l.type',
        'l.note',
        'l.author',
        'l.source_id',
        'l.created_at',
        'p.id as other_id',
        'p.name',
        'p.scientific_name',
      ])
      .where(own, 'in', plantIds)
      .where('l.removed_at', 'is', null)
  // A link between two of the plants comes twice, once from each side.
  const rows = await side('l.plant_low', 'l.plant_high')
    .unionAll(side('l.plant_high', 'l.plant_low'))
    .execute()
  rows.sort((a, b) => Number(a.id) - Number(b.id))
  return rows.map((row) => ({
    id: Number(row.id),
    /** The plant of `plantIds` this row is about (a link between two of them comes twice). */
    plant_id: Number(row.other_id) === Number(row.plant_low) ? Number(row.plant_high) : Number(row.plant_low),
    other_id: Number(row.other_id),
    type: row.type,
    note: row.note,
    author: row.author,
    source_id: row.source_id === null ? null : Number(row.source_id),
    created_at: row.created_at,
    name: row.name,
    scientific_name: row.scientific_name,
  }))
}

export type LinkOrigin = Awaited<ReturnType<typeof linkOriginsOf>>[number]
