// All SQL about images: their records, their files, which one a plant shows.
import type { Db, Tx } from '../db/store.ts'
import type { PlantImagesTable } from '../db/schema.ts'
import type { ImageFile, ImageSize } from './image-files.ts'

export type ImageRow = Omit<PlantImagesTable, 'id'> & { id: number }

const normalized = (row: ImageRow): ImageRow => ({
  ...row,
  id: Number(row.id),
  plant_id: Number(row.plant_id),
  uploader_id: row.uploader_id === null ? null : Number(row.uploader_id),
})

export async function insertImage(
  tx: Tx,
  image: Omit<ImageRow, 'id' | 'removed_at' | 'removed_by' | 'removed_note'>,
  files: ImageFile[],
): Promise<number> {
  const { id } = await tx.insertInto('plant_images').values(image).returning('id').executeTakeFirstOrThrow()
  await tx
    .insertInto('image_files')
    .values(files.map((file) => ({ image_id: Number(id), ...file })))
    .execute()
  return Number(id)
}

/** A plant's images that are not removed, oldest first. */
export async function listImages(db: Db, plantId: number): Promise<ImageRow[]> {
  const rows = await db
    .selectFrom('plant_images')
    .selectAll()
    .where('plant_id', '=', plantId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute()
  return rows.map(normalized)
}

export async function findImage(db: Db, plantId: number, imageId: number): Promise<ImageRow | undefined> {
  const row = await db
    .selectFrom('plant_images')
    .selectAll()
    .where('id', '=', imageId)
    .where('plant_id', '=', plantId)
    .where('removed_at', 'is', null)
    .executeTakeFirst()
  return row && normalized(row)
}

/** Marks an image removed and deletes its files: false when it was already removed. */
export async function removeImage(
  tx: Tx,
  imageId: number,
  removal: { at: string; by: string; note: string },
): Promise<boolean> {
  const result = await tx
    .updateTable('plant_images')
    .set({ removed_at: removal.at, removed_by: removal.by, removed_note: removal.note })
    .where('id', '=', imageId)
    .where('removed_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) return false
  await tx.deleteFrom('image_files').where('image_id', '=', imageId).execute()
  return true
}

export async function findFile(db: Db, imageId: number, size: ImageSize): Promise<ImageFile | undefined> {
  return db
    .selectFrom('image_files')
    .select(['size', 'content_type', 'etag', 'data'])
    .where('image_id', '=', imageId)
    .where('size', '=', size)
    .executeTakeFirst()
}

/** Who made some pictures and under which licence: the credit shown beside them wherever they appear. */
export async function imageCredits(db: Db, imageIds: number[]) {
  if (imageIds.length === 0) return []
  const rows = await db
    .selectFrom('plant_images')
    .select(['id', 'author', 'license'])
    .where('id', 'in', imageIds)
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}
