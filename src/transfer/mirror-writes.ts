// How `hortus mirror` writes what the source says, as the source has it: a plant with its id, version,
// slug, times and data (the facet, range and window indexes, the attribute registry, the search index and
// its vocabulary kept in the same transaction, as every save keeps them); a plant's links and pictures
// with their ids; revisions copied as they were written. Nothing here decides anything: the source did.
import { sql } from 'kysely'
import type { Store, Tx } from '../db/store.ts'
import type { ImageFile } from '../images/image-files.ts'
import { insertPlants } from '../plants/plant.repository.ts'
import { plantDocument, type Plant } from '../plants/plant.ts'
import { IndexBatch, MIRRORED_INDEXES, savedInIndexes } from '../writes/plant-indexes.ts'
import { insertRevisions, type RevisionRow } from '../revisions/revision.repository.ts'
import type { LinkType } from '../links/link.repository.ts'

/** The counts of one transaction's saves, applied once at its end (as the importer does). */
export class MirrorCounts extends IndexBatch {
  apply(tx: Tx): Promise<void> {
    return this.write(tx)
  }
}

/** Writes `plant` as given; a plant the mirror already has at a later version stays (an older read of the
 * source lost a race with a newer one). `images`: null keeps the picture the mirror's copy shows. */
export async function writePlant(
  store: Store,
  tx: Tx,
  given: Omit<Plant, 'images' | 'link'> & { images: Plant['images'] | null },
  counts: MirrorCounts,
): Promise<void> {
  const row = await tx
    .selectFrom('plants')
    .select(['version', 'doc'])
    .where('id', '=', given.id)
    .executeTakeFirst()
  const before = row ? (JSON.parse(row.doc) as Plant) : null
  if (row && row.version > given.version) return
  const plant: Plant = {
    ...given,
    link: '',
    images: given.images ?? before?.images ?? { thumb: null, title: null },
  }
  const doc = plantDocument(plant)
  if (before && doc === row!.doc) return
  await freeSlug(tx, plant.slug, plant.id)
  const fields = {
    type: plant.type,
    scientific_name: plant.scientific_name,
    name: plant.name,
    parent_id: plant.parent_id,
    slug: plant.slug,
    version: plant.version,
    created_at: plant.created_at,
    updated_at: plant.updated_at,
    doc,
  }
  if (before) await tx.updateTable('plants').set(fields).where('id', '=', plant.id).execute()
  else await insertPlants(tx, [{ id: plant.id, ...fields }])
  // Every index but the revision row: the source's revisions are copied as they were written.
  const save = { plant, before, note: '', author: { id: null, name: 'mirror' } }
  await savedInIndexes(store, tx, save, counts, MIRRORED_INDEXES)
}

/** Another plant of the mirror may still hold a slug the source has since given this one (its own change
 * is further on in the feed): it gets a stand-in until that change arrives. */
async function freeSlug(tx: Tx, slug: string, id: number): Promise<void> {
  await tx
    .updateTable('plants')
    .set({ slug: sql<string>`slug || '~' || CAST(id AS TEXT)` })
    .where('slug', '=', slug)
    .where('id', '<>', id)
    .execute()
}

export interface MirrorLink {
  id: number
  /** The other plant. */
  plant_id: number
  type: LinkType
  note: string
  author: string
  created_at: string
  source_id: number | null
}

/**
 * Makes the active links of `plantId` those given: the others are marked removed, missing ones inserted
 * with their ids (a link whose other plant the mirror lacks waits for it). `which`: all of its links, or
 * only those to higher ids (an export lists each link on its lower-id plant).
 */
export async function writeLinks(
  tx: Tx,
  plantId: number,
  links: MirrorLink[],
  which: 'all' | 'higher',
  at: string,
): Promise<void> {
  let query = tx.selectFrom('plant_links').select(['id', 'source_id']).where('removed_at', 'is', null)
  query =
    which === 'higher'
      ? query.where('plant_low', '=', plantId)
      : query.where((eb) => eb.or([eb('plant_low', '=', plantId), eb('plant_high', '=', plantId)]))
  const active = new Map((await query.execute()).map((row) => [Number(row.id), row]))
  const given = new Set(links.map((link) => link.id))
  const gone = [...active.keys()].filter((id) => !given.has(id))
  if (gone.length)
    await tx
      .updateTable('plant_links')
      .set({ removed_at: at, removed_by: 'mirror', removed_note: 'removed at the source' })
      .where('id', 'in', gone)
      .execute()
  for (const link of links) {
    const existing = active.get(link.id)
    if (existing) {
      // An export knows a link's source; the links endpoint does not (it leaves it null).
      if (link.source_id !== null && Number(existing.source_id) !== link.source_id)
        await tx
          .updateTable('plant_links')
          .set({ source_id: link.source_id })
          .where('id', '=', link.id)
          .execute()
      continue
    }
    const other = await tx
      .selectFrom('plants')
      .select('id')
      .where('id', '=', link.plant_id)
      .executeTakeFirst()
    if (!other) continue
    // The same id removed earlier (a link removed here, then the source's removal undone): take it again.
    await tx.deleteFrom('plant_links').where('id', '=', link.id).execute()
    await tx
      .insertInto('plant_links')
      .values({
        id: link.id,
        plant_low: Math.min(plantId, link.plant_id),
        plant_high: Math.max(plantId, link.plant_id),
        type: link.type,
        note: link.note,
        author: link.author,
        created_at: link.created_at,
        source_id: link.source_id,
      })
      .execute()
  }
}

export interface MirrorImage {
  id: number
  author: string
  license: 'CC0-1.0' | 'CC-BY-4.0' | 'CC-BY-SA-4.0'
  source_url: string | null
  note: string
  uploader: string
  width: number
  height: number
  created_at: string
}

/** Makes the pictures of `plantId` those given; `filesOf` reads a new one's files (its bytes as served). */
export async function writeImages(
  tx: Tx,
  plantId: number,
  images: { image: MirrorImage; files: ImageFile[] | null }[],
  at: string,
): Promise<void> {
  const active = await tx
    .selectFrom('plant_images')
    .select('id')
    .where('plant_id', '=', plantId)
    .where('removed_at', 'is', null)
    .execute()
  const given = new Set(images.map(({ image }) => image.id))
  for (const { id } of active) {
    if (given.has(Number(id))) continue
    await tx
      .updateTable('plant_images')
      .set({ removed_at: at, removed_by: 'mirror', removed_note: 'removed at the source' })
      .where('id', '=', Number(id))
      .execute()
    await tx.deleteFrom('image_files').where('image_id', '=', Number(id)).execute()
  }
  const known = new Set(active.map(({ id }) => Number(id)))
  for (const { image, files } of images) {
    if (known.has(image.id) || files === null) continue
    await tx.deleteFrom('plant_images').where('id', '=', image.id).execute()
    await tx
      .insertInto('plant_images')
      .values({ ...image, plant_id: plantId, uploader_id: null })
      .execute()
    await tx
      .insertInto('image_files')
      .values(files.map((file) => ({ image_id: image.id, ...file })))
      .execute()
  }
}

/** The revisions the mirror lacks (by plant and version), inserted in the order given: the mirror's own
 * change feed then lists them in the source's order. */
export async function copyRevisions(tx: Tx, revisions: RevisionRow[]): Promise<void> {
  if (revisions.length === 0) return
  const plantIds = [...new Set(revisions.map((revision) => revision.plant_id))]
  const present = new Set<string>()
  for (let start = 0; start < plantIds.length; start += 500) {
    const rows = await tx
      .selectFrom('plant_revisions')
      .select(['plant_id', 'version'])
      .where('plant_id', 'in', plantIds.slice(start, start + 500))
      .execute()
    for (const row of rows) present.add(`${row.plant_id}:${row.version}`)
  }
  const plants = new Set(
    (await tx.selectFrom('plants').select('id').where('id', 'in', plantIds).execute()).map((row) =>
      Number(row.id),
    ),
  )
  await insertRevisions(
    tx,
    revisions.filter(
      (revision) => plants.has(revision.plant_id) && !present.has(`${revision.plant_id}:${revision.version}`),
    ),
  )
}

/** On PostgreSQL, rows inserted with their ids leave the identity sequences behind: bring them up to the
 * largest id, so a row the mirror's own database makes later never takes one of the source's. */
export async function catchUpIds(store: Store, tx: Tx): Promise<void> {
  if (store.dialect !== 'postgres') return
  for (const table of ['plants', 'plant_links', 'plant_images'] as const)
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST((SELECT max(id) FROM ${sql.table(table)}), 1))`.execute(
      tx,
    )
}
