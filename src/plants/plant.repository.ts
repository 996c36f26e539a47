// All SQL about plants and their facets (revisions: revisions/revision.repository.ts). Written once with Kysely for both databases.
import { sql } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import { insertMany, writeWithoutAnswer } from '../db/many-rows.ts'
import { prepared } from '../db/prepared.ts'
import { inCommitOrder } from '../db/commit-order.ts'
import { inIdOrder, joinedDocs, joinedVersions } from '../db/joined-docs.ts'
import type { PlantsTable } from '../db/schema.ts'
import { offsetFromMarker } from './plant-offsets.ts'

export type PlantRow = Omit<PlantsTable, 'id'> & { id: number }
export type NewPlantRow = Omit<PlantsTable, 'id'>

export interface PlantFilter {
  updatedSince: string | null
}

export async function findPlant(db: Db, id: number): Promise<PlantRow | undefined> {
  return db.selectFrom('plants').selectAll().where('id', '=', id).executeTakeFirst()
}

const selectDoc = prepared((db, id: number) =>
  db.selectFrom('plants').select(['doc', 'version', 'updated_at']).where('id', '=', id),
)

/** A plant's document with what its caching headers are made of. */
export async function findPlantDocWithVersion(
  db: Db,
  id: number,
): Promise<{ doc: string; version: number; updated_at: string } | undefined> {
  return (await selectDoc(db, id))[0]
}

export async function findPlantDocBySlug(db: Db, slug: string): Promise<string | undefined> {
  const row = await db.selectFrom('plants').select('doc').where('slug', '=', slug).executeTakeFirst()
  return row?.doc
}

/** The plant at a slug with its parent's document (null for a plant without one), in one statement. */
export async function findPlantDocAndParentBySlug(
  db: Db,
  slug: string,
): Promise<{ doc: string; parent_doc: string | null } | undefined> {
  return db
    .selectFrom('plants as p')
    .leftJoin('plants as parent', 'parent.id', 'p.parent_id')
    .select(['p.doc', 'parent.doc as parent_doc'])
    .where('p.slug', '=', slug)
    .executeTakeFirst()
}

export async function findPlantDocs(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('plants').select('doc').where('id', 'in', ids).orderBy('id').execute()
  return rows.map((row) => row.doc)
}

export async function plantExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('plants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

/** The slugs that are `base` or start with `base-`, in one range of the unique index on slug. Slugs
 * compare byte by byte on both databases (SQLite's BINARY, PostgreSQL's COLLATE "C") and '.' follows
 * '-', so the range from `base` to `base.` holds exactly those (slugs are made of a-z, 0-9 and '-'). */
export async function slugsFrom(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('plants')
    .select('slug')
    .where('slug', '>=', base)
    .where('slug', '<', `${base}.`)
    .execute()
  return rows.map((row) => row.slug)
}

/** The types of these plants (those that exist). */
export async function findPlantTypes(
  db: Db,
  ids: number[],
): Promise<{ id: number; type: PlantRow['type'] }[]> {
  const found: { id: number; type: PlantRow['type'] }[] = []
  for (const chunk of chunked(ids, 500)) {
    const rows = await db.selectFrom('plants').select(['id', 'type']).where('id', 'in', chunk).execute()
    found.push(...rows.map((row) => ({ id: Number(row.id), type: row.type })))
  }
  return found
}

const SLUG_RANGES = 200

/** slugsFrom for many bases at once: every slug in any of their ranges, one statement per chunk of bases.
 * The ranges are a VALUES list joined to the slug index (both databases name its columns column1,
 * column2). Written as 200 ORs, the same ranges took PostgreSQL about 16 ms a statement during the 92k
 * import (5 ms of planning alone), a third of its time; the join takes under 1 ms, one index search per
 * range, as SQLite runs either form. Overlapping ranges (`rosa` holds `rosa-canina`) are merged here:
 * with DISTINCT in the statement, PostgreSQL would at times walk the whole index in order instead. A
 * short list is filled up to 200 with empty ranges: for a few ranges against a table of a few thousand
 * rows PostgreSQL scans the table once per range instead (the importer's small batches between updates
 * of the 92k set, 15-35 ms each, against under 1 ms; 2,000 such statements). */
export async function slugsFromEach(db: Db, bases: string[]): Promise<string[]> {
  const slugs = new Set<string>()
  for (const chunk of chunked([...new Set(bases)], SLUG_RANGES)) {
    const padded: [string, string][] = chunk.map((base) => [base, `${base}.`])
    while (padded.length < SLUG_RANGES) padded.push(['', ''])
    const ranges = sql.join(padded.map(([from, to]) => sql`(${from}, ${to})`))
    const { rows } = await sql<{ slug: string }>`SELECT p.slug FROM (VALUES ${ranges}) AS r
      JOIN plants p ON p.slug >= r.column1 AND p.slug < r.column2`.execute(db)
    for (const { slug } of rows) slugs.add(slug)
  }
  return [...slugs]
}

function filtered(db: Db, filter: PlantFilter) {
  let query = db.selectFrom('plants')
  if (filter.updatedSince) query = query.where('updated_at', '>=', filter.updatedSince)
  return query
}

// The lists without a filter are the hot ones: their queries are prepared once (see db/prepared.ts), and
// their total is the count every insert keeps (plant_total), not a count of the table.
const countQuery = (db: Db, filter: PlantFilter) =>
  filtered(db, filter).select((eb) => eb.fn.countAll<number | string>().as('total'))
const keptTotal = prepared((db) => db.selectFrom('plant_total').select('plants as total').where('id', '=', 1))

export async function countPlants(db: Db, filter: PlantFilter): Promise<number> {
  const [row] = filter.updatedSince ? await countQuery(db, filter).execute() : await keptTotal(db)
  return Number(row!.total)
}

/** Every insert into plants goes through here, so the kept total moves with it in the same transaction (the
 * offset markers are an index of the write path's: plant-offsets.ts). Added once, among the transaction's
 * last steps (db/commit-order.ts): every transaction that adds plants updates this one row, and updated
 * as it inserted, an import's next batch waited there until the one before committed (9.8 s of the 92k
 * import on PostgreSQL, whose batches overlap: transfer/import.ts). */
function addToTotal(tx: Tx, count: number): void {
  addedPlants.set(tx, (addedPlants.get(tx) ?? 0) + count)
  inCommitOrder(tx, 'plant total', (tx) =>
    writeWithoutAnswer(
      tx,
      tx
        .updateTable('plant_total')
        .set((eb) => ({ plants: eb('plants', '+', addedPlants.get(tx)!) }))
        .where('id', '=', 1),
    ),
  )
}

const addedPlants = new WeakMap<Tx, number>()

// The lists filtered by a time of change; the unfiltered ones are read as one value (joinedPageAfter).
/** One page after `afterId`, plus one more row to tell whether another page follows. */
export async function listPlantDocsAfter(db: Db, filter: PlantFilter, afterId: number, limit: number) {
  return filtered(db, filter)
    .select(['id', 'doc'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

// The ids of the page are found first, so skipped rows are never read whole.
export async function listPlantDocsPage(db: Db, filter: PlantFilter, limit: number, offset: number) {
  const rows = await db
    .selectFrom('plants')
    .select('doc')
    .where('id', 'in', filtered(db, filter).select('id').orderBy('id').limit(limit).offset(offset))
    .orderBy('id')
    .execute()
  return rows.map((row) => row.doc)
}

/** A page of documents read as one value (db/joined-docs.ts): the unfiltered lists, the hot ones. */
export interface JoinedPage {
  /** the documents, comma-separated, in id order: bytes on SQLite, a string on PostgreSQL */
  docs: Buffer | string
  /** `id.version` of each, comma-separated */
  versions: string
  count: number
  lastId: number | null
  /** the largest id of any plant (a keyset page has more after it when its last id is below) */
  maxId: number | null
  /** the number of plants (plant_total) */
  total: number
}

const joinedRows = (db: Db, ordered: boolean) => [
  joinedDocs(db, ordered).as('docs'),
  joinedVersions(db, ordered).as('versions'),
  sql<number | string>`count(*)`.as('count'),
  sql<number | string | null>`max(id)`.as('last_id'),
  sql<number | string | null>`(SELECT max(id) FROM plants)`.as('max_id'),
  sql<number | string>`(SELECT plants FROM plant_total WHERE id = 1)`.as('total'),
]
const joinedAfter = (ordered: boolean) =>
  prepared((db, afterId: number, limit: number) =>
    db
      .selectFrom(
        db
          .selectFrom('plants')
          .select(['id', 'version', 'doc'])
          .where('id', '>', afterId)
          .orderBy('id')
          .limit(limit)
          .as('page'),
      )
      .select(joinedRows(db, ordered)),
  )
// From the marker at or before the offset (plant-offsets.ts); past the last plant there is none, and the
// page is empty.
const joinedAt = (ordered: boolean) =>
  prepared((db, limit: number, marker: number, skip: number) =>
    db
      .selectFrom(
        db
          .selectFrom('plants')
          .select(['id', 'version', 'doc'])
          .where(
            'id',
            'in',
            db
              .selectFrom('plants')
              .select('id')
              .where('id', '>=', db.selectFrom('plant_offsets').select('id').where('position', '=', marker))
              .orderBy('id')
              .limit(limit)
              .offset(skip),
          )
          .orderBy('id')
          .as('page'),
      )
      .select(joinedRows(db, ordered)),
  )
const after = { asRead: joinedAfter(false), sorted: joinedAfter(true) }
const at = { asRead: joinedAt(false), sorted: joinedAt(true) }

/** The unfiltered keyset page after `afterId`, as one value. */
export async function joinedPageAfter(db: Db, afterId: number, limit: number): Promise<JoinedPage> {
  const page = joinedPage((await after.asRead(db, afterId, limit))[0])
  return inIdOrder(page.versions) ? page : joinedPage((await after.sorted(db, afterId, limit))[0])
}

/** The unfiltered offset page, as one value. */
export async function joinedPageAt(db: Db, limit: number, offset: number): Promise<JoinedPage> {
  const { marker, skip } = offsetFromMarker(offset)
  const page = joinedPage((await at.asRead(db, limit, marker, skip))[0])
  return inIdOrder(page.versions) ? page : joinedPage((await at.sorted(db, limit, marker, skip))[0])
}

function joinedPage(
  row:
    | {
        docs: Buffer | string | null
        versions: string | null
        count: number | string
        last_id: number | string | null
        max_id: number | string | null
        total: number | string
      }
    | undefined,
): JoinedPage {
  const orNull = (value: number | string | null | undefined) => (value == null ? null : Number(value))
  return {
    docs: row?.docs ?? '',
    versions: row?.versions ?? '',
    count: Number(row?.count ?? 0),
    lastId: orNull(row?.last_id),
    maxId: orNull(row?.max_id),
    total: Number(row?.total ?? 0),
  }
}

export async function countVarieties(db: Db, parentId: number): Promise<number> {
  const row = await db
    .selectFrom('plants')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** A page of a plant's varieties and how many it has, in one statement: the count is a subquery, run once
 * through the same index as before. A page past the end has no row to carry the count, which is then read
 * alone. */
export async function listVarietyDocs(db: Db, parentId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('plants')
    .select((eb) => [
      'doc',
      eb
        .selectFrom('plants as v')
        .select(eb.fn.countAll<number | string>().as('n'))
        .where('v.parent_id', '=', parentId)
        .as('total'),
    ])
    .where('parent_id', '=', parentId)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()
  const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await countVarieties(db, parentId) : 0
  return { docs: rows.map((row) => row.doc), total }
}

export async function findExact(db: Db, scientificName: string, type: string, name: string | null) {
  let query = db
    .selectFrom('plants')
    .select('doc')
    .where('scientific_name', '=', scientificName)
    .where('type', '=', type as PlantRow['type'])
  if (name !== null) query = query.where('name', '=', name)
  const rows = await query.orderBy('id').limit(100).execute()
  return rows.map((row) => row.doc)
}

export async function insertPlant(tx: Tx, row: NewPlantRow): Promise<number> {
  const inserted = await tx.insertInto('plants').values(row).returning('id').executeTakeFirstOrThrow()
  addToTotal(tx, 1)
  return Number(inserted.id)
}

/** New plants, whole (ids taken with Store.newPlantIds, documents written): a few multi-row statements. */
export async function insertPlants(tx: Tx, rows: PlantRow[]): Promise<void> {
  await insertMany(tx, 'plants', rows)
  addToTotal(tx, rows.length)
}

export async function setPlantDoc(tx: Tx, id: number, doc: string): Promise<void> {
  await tx.updateTable('plants').set({ doc }).where('id', '=', id).execute()
}

/** The next `count` versions of a plant for changes that are not field changes: one statement, which on
 * PostgreSQL also holds the row lock until the transaction ends, so concurrent changes queue and each
 * gets its own versions. Returns the last new version and the stored document (still the old one). */
export async function takeNextVersions(
  tx: Tx,
  id: number,
  count: number,
  updatedAt: string,
): Promise<{ version: number; doc: string } | undefined> {
  return tx
    .updateTable('plants')
    .set((eb) => ({ version: eb('version', '+', count), updated_at: updatedAt }))
    .where('id', '=', id)
    .returning(['version', 'doc'])
    .executeTakeFirst()
}

/** The optimistic-locking write: one statement that only succeeds on the version the client read. */
export async function updatePlantIfVersion(
  tx: Tx,
  id: number,
  expectedVersion: number,
  changes: Omit<PlantRow, 'id' | 'created_at'>,
): Promise<boolean> {
  const result = await tx
    .updateTable('plants')
    .set(changes)
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size))
  return chunks
}

/** Plants linked to `plantId` by an active link of `type`, as two index lookups (the pair is stored
 * low-high, so the plant may sit on either side). */
function linkedIds(db: Db, plantId: number, type: 'companion-to' | 'antagonist-to') {
  return db
    .selectFrom('plant_links')
    .select('plant_high as id')
    .where('plant_low', '=', plantId)
    .where('type', '=', type)
    .where('removed_at', 'is', null)
    .unionAll(
      db
        .selectFrom('plant_links')
        .select('plant_low as id')
        .where('plant_high', '=', plantId)
        .where('type', '=', type)
        .where('removed_at', 'is', null),
    )
}

export async function countLinkedPlants(db: Db, plantId: number, type: 'companion-to' | 'antagonist-to') {
  const row = await db
    .selectFrom(linkedIds(db, plantId, type).as('linked'))
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export async function listLinkedPlantDocs(
  db: Db,
  plantId: number,
  type: 'companion-to' | 'antagonist-to',
  limit: number,
  offset: number,
) {
  const rows = await db
    .selectFrom('plants')
    .select('doc')
    .where('id', 'in', linkedIds(db, plantId, type))
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()
  return rows.map((row) => row.doc)
}
