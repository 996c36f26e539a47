// All SQL about links between plants. A pair is stored smaller id first, so (A, B) and (B, A) are one row.
import type { Db, Tx } from '../db/store.ts'
import type { PlantLinksTable } from '../db/schema.ts'
import { insertMany } from '../db/many-rows.ts'

export type LinkType = PlantLinksTable['type']

const pairOf = (a: number, b: number) => ({ plant_low: Math.min(a, b), plant_high: Math.max(a, b) })

function linksOf(db: Db, plantId: number, type: LinkType | null) {
  let query = db
    .selectFrom('plant_links as l')
    .innerJoin('plants as p', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('l.plant_low', '=', plantId), eb('p.id', '=', eb.ref('l.plant_high'))]),
          eb.and([eb('l.plant_high', '=', plantId), eb('p.id', '=', eb.ref('l.plant_low'))]),
        ]),
      ),
    )
    .where('l.removed_at', 'is', null)
    .where((eb) => eb.or([eb('l.plant_low', '=', plantId), eb('l.plant_high', '=', plantId)]))
  if (type) query = query.where('l.type', '=', type)
  return query
}

const LINK_COLUMNS = [
  'l.id',
  'l.type',
  'p.id as plant_id',
  'p.name',
  'p.scientific_name',
  'l.note',
  'l.author',
  'l.created_at',
] as const

export async function countLinks(db: Db, plantId: number, type: LinkType | null): Promise<number> {
  const row = await linksOf(db, plantId, type)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export async function listLinks(
  db: Db,
  plantId: number,
  type: LinkType | null,
  limit: number,
  offset: number,
) {
  return linksOf(db, plantId, type).select(LINK_COLUMNS).orderBy('l.id').limit(limit).offset(offset).execute()
}

export async function findLink(db: Db, plantId: number, linkId: number) {
  return linksOf(db, plantId, null).select(LINK_COLUMNS).where('l.id', '=', linkId).executeTakeFirst()
}

export async function findActiveLinkBetween(db: Db, a: number, b: number) {
  const { plant_low, plant_high } = pairOf(a, b)
  return db
    .selectFrom('plant_links')
    .select(['id', 'type'])
    .where('plant_low', '=', plant_low)
    .where('plant_high', '=', plant_high)
    .where('removed_at', 'is', null)
    .executeTakeFirst()
}

export interface NewLink {
  from: number
  to: number
  type: LinkType
  note: string
  author: string
  created_at: string
  /** The dataset source of an imported link. */
  source_id?: number | null
}

export async function insertLink(tx: Tx, link: NewLink): Promise<number> {
  const row = await tx
    .insertInto('plant_links')
    .values({
      ...pairOf(link.from, link.to),
      type: link.type,
      note: link.note,
      author: link.author,
      created_at: link.created_at,
      source_id: link.source_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** Many new links at once, a few multi-row statements (the importer's: it needs no ids back). */
export async function insertLinks(tx: Tx, links: NewLink[]): Promise<void> {
  await insertMany(
    tx,
    'plant_links',
    links.map((link) => ({
      ...pairOf(link.from, link.to),
      type: link.type,
      note: link.note,
      author: link.author,
      created_at: link.created_at,
      source_id: link.source_id ?? null,
    })),
  )
}

/** Removal keeps the row, with who removed it, when and why. */
export async function markLinkRemoved(
  tx: Tx,
  linkId: number,
  note: string,
  by: string,
  at: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('plant_links')
    .set({ removed_at: at, removed_note: note, removed_by: by })
    .where('id', '=', linkId)
    .where('removed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
