// Pictures of the plants: a member or a client adds one with its author and licence, a plant shows one
// (the first, or the one a member picks), a moderator removes one. Each of these is a revision of the
// plant (a version, a note, a change entry), so `updated_since`, the change feed and the history see it.
// A removed image is gone from every answer at once, and its bytes are deleted.
import type { Author } from '../accounts/account.ts'
import { hasRole, type Role } from '../accounts/account.ts'
import type { Store, Tx } from '../db/store.ts'
import { AppError, notFound, validationFailed, type FieldProblem } from '../errors.ts'
import type { Plant } from '../plants/plant.ts'
import { recordPlantChanges } from '../writes/plant-writes.ts'
import { insertLogEntry } from '../moderation/moderation.repository.ts'
import { processImage, type ImageFile, type ImageSize, type ProcessedImage } from './image-files.ts'
import * as repo from './image.repository.ts'
import { TEXT_FORMATS, textFormatProblem } from '../text/text-formats.ts'
import { imagePath, imagesOf, shownImageId } from './image-paths.ts'

/** The licences an image may have: those whose terms travel with CC BY-SA data (SPDX ids). */
export const IMAGE_LICENSES = ['CC0-1.0', 'CC-BY-4.0', 'CC-BY-SA-4.0'] as const
export type ImageLicense = (typeof IMAGE_LICENSES)[number]

export const LICENSE_NAMES: Record<ImageLicense, string> = {
  'CC0-1.0': 'CC0 1.0',
  'CC-BY-4.0': 'CC BY 4.0',
  'CC-BY-SA-4.0': 'CC BY-SA 4.0',
}

/** Where each licence's deed is: the credit links to it. */
export const LICENSE_DEEDS: Record<ImageLicense, string> = {
  'CC0-1.0': 'https://creativecommons.org/publicdomain/zero/1.0/',
  'CC-BY-4.0': 'https://creativecommons.org/licenses/by/4.0/',
  'CC-BY-SA-4.0': 'https://creativecommons.org/licenses/by-sa/4.0/',
}

export interface ImageFields {
  author?: string | undefined
  license?: string | undefined
  source_url?: string | undefined
  note?: string | undefined
}

export interface ImageJson {
  id: number
  plant_id: number
  thumb: string
  title: string
  original: string
  width: number
  height: number
  author: string
  license: ImageLicense
  source_url: string | null
  note: string
  uploader: string
  created_at: string
  shown: boolean
}

const MAX_TEXT = 500

/** The rules of an image's record; every problem at once. */
function checkedFields(fields: ImageFields): {
  author: string
  license: ImageLicense
  source_url: string | null
  note: string
} {
  const problems: FieldProblem[] = []
  const license = IMAGE_LICENSES.find((each) => each === fields.license?.trim())
  if (!license) {
    problems.push({
      field: 'license',
      problem: `required, one of ${IMAGE_LICENSES.join(', ')}: other licences cannot be shared with CC BY-SA data`,
    })
  }
  const author = (fields.author ?? '').trim()
  if (!author && license !== 'CC0-1.0') {
    problems.push({
      field: 'author',
      problem: 'required: who made the picture, as the licence asks to credit them',
    })
  }
  const note = (fields.note ?? '').trim()
  if (!note)
    problems.push({ field: 'note', problem: 'required: say what the picture shows, or why you add it' })
  const sourceUrl = (fields.source_url ?? '').trim()
  if (sourceUrl && !/^https?:\/\/[^\s]+$/i.test(sourceUrl)) {
    problems.push({ field: 'source_url', problem: 'an http or https address, or left out' })
  }
  for (const [field, value] of Object.entries({ author, note, source_url: sourceUrl })) {
    if (value.length > MAX_TEXT) problems.push({ field, problem: `at most ${MAX_TEXT} characters` })
    if (!TEXT_FORMATS['single-line'](value))
      problems.push({ field, problem: textFormatProblem('single-line')! })
  }
  if (problems.length) throw validationFailed(problems)
  return { author, license: license!, source_url: sourceUrl || null, note }
}

/** Checks the record before the file is decoded: a wrong licence costs no image processing. */
export function checkImageFields(fields: ImageFields): void {
  checkedFields(fields)
}

/** Adds a picture to a plant from the file as sent. */
export async function addImage(
  store: Store,
  plantId: number,
  upload: Buffer,
  fields: ImageFields,
  by: Author,
): Promise<ImageJson> {
  const record = checkedFields(fields)
  const processed = await processImage(upload)
  return store.transaction(async (tx) => {
    const { id, shown } = await addImageIn(tx, plantId, record, processed, by)
    const row = await repo.findImage(tx, plantId, id)
    return imageJson(row!, shown)
  })
}

export interface ProcessedPicture {
  plantId: number
  processed: ProcessedImage
  fields: ImageFields
}

/** Adds processed pictures in one transaction, each still its own revision of its plant, in the order
 * given (a plant's first becomes the one it shows). The importer's: a transaction per picture spent most of
 * a starter import's pictures on beginning, ordering and committing them (188 pictures, 3.9 s on
 * PostgreSQL). Every record is checked before anything is written. */
export async function addProcessedImages(
  store: Store,
  pictures: readonly ProcessedPicture[],
  by: Author,
): Promise<void> {
  const records = pictures.map(({ fields }) => checkedFields(fields))
  await store.transaction(async (tx) => {
    for (const [index, { plantId, processed }] of pictures.entries())
      await addImageIn(tx, plantId, records[index]!, processed, by)
  })
}

async function addImageIn(
  tx: Tx,
  plantId: number,
  record: ReturnType<typeof checkedFields>,
  processed: ProcessedImage,
  by: Author,
): Promise<{ id: number; shown: number }> {
  const at = now()
  const shown = await shownIn(tx, plantId)
  const id = await repo.insertImage(
    tx,
    {
      plant_id: plantId,
      ...record,
      uploader_id: by.id,
      uploader: by.name,
      width: processed.width,
      height: processed.height,
      created_at: at,
    },
    processed.files,
  )
  const changes = [
    { field: 'images.added', from: null, to: id },
    ...(shown === null ? [{ field: 'images.shown', from: null, to: id }] : []),
  ]
  await recordPlantChanges(
    tx,
    plantId,
    [{ changes, note: record.note, author: by, at }],
    shown === null ? imagesOf(id) : undefined,
  )
  return { id, shown: shown ?? id }
}

export async function listImages(store: Store, plantId: number): Promise<{ images: ImageJson[] }> {
  const plant = await store.reader
    .selectFrom('plants')
    .select('doc')
    .where('id', '=', plantId)
    .executeTakeFirst()
  if (!plant) throw notFound(`Plant ${plantId}`)
  return picturesOf(store, JSON.parse(plant.doc) as Plant)
}

/** The same for a plant already read (the plant page has it). */
export async function picturesOf(
  store: Store,
  plant: Pick<Plant, 'id' | 'images'>,
): Promise<{ images: ImageJson[] }> {
  const shown = shownImageId(plant)
  return { images: (await repo.listImages(store.reader, plant.id)).map((row) => imageJson(row, shown)) }
}

/** Makes an image the one the plant shows. */
export async function chooseImage(
  store: Store,
  plantId: number,
  imageId: number,
  note: string,
  by: Author,
): Promise<ImageJson> {
  const trimmed = note.trim()
  if (!trimmed) throw validationFailed([{ field: 'note', problem: 'required: why this picture' }])
  return store.transaction(async (tx) => {
    const image = await repo.findImage(tx, plantId, imageId)
    if (!image) throw notFound(`Image ${imageId} of plant ${plantId}`)
    const shown = await shownIn(tx, plantId)
    if (shown === imageId) {
      throw validationFailed([
        { field: 'image', problem: `image ${imageId} is already the one the plant shows` },
      ])
    }
    await recordPlantChanges(
      tx,
      plantId,
      [
        {
          changes: [{ field: 'images.shown', from: shown, to: imageId }],
          note: trimmed,
          author: by,
          at: now(),
        },
      ],
      imagesOf(imageId),
    )
    return imageJson(image, imageId)
  })
}

/** A moderator removes an image: its files are deleted; if the plant showed it, it shows its oldest other
 * image, or none. */
export async function removeImage(
  store: Store,
  plantId: number,
  imageId: number,
  note: string,
  by: Author & { role: Role },
): Promise<{ id: number; removed_at: string; removed_by: string; removed_note: string }> {
  if (!hasRole(by, 'moderator')) {
    throw new AppError(
      'forbidden',
      'Only a moderator removes an image; report a wrong one to the moderators.',
    )
  }
  const trimmed = note.trim()
  if (!trimmed) throw validationFailed([{ field: 'note', problem: 'required: why the picture is removed' }])
  return store.transaction(async (tx) => {
    const image = await repo.findImage(tx, plantId, imageId)
    if (!image) throw notFound(`Image ${imageId} of plant ${plantId}`)
    const at = now()
    const shown = await shownIn(tx, plantId)
    if (!(await repo.removeImage(tx, imageId, { at, by: by.name, note: trimmed }))) {
      throw notFound(`Image ${imageId} of plant ${plantId}`)
    }
    const next = shown === imageId ? ((await repo.listImages(tx, plantId))[0]?.id ?? null) : shown
    const changes = [
      { field: 'images.removed', from: imageId, to: null },
      ...(next !== shown ? [{ field: 'images.shown', from: shown, to: next }] : []),
    ]
    await recordPlantChanges(
      tx,
      plantId,
      [{ changes, note: trimmed, author: by, at }],
      next !== shown ? imagesOf(next) : undefined,
    )
    await insertLogEntry(tx, {
      at,
      moderator_id: by.id,
      moderator: by.name,
      action: 'remove image',
      target: `plant ${plantId}, image ${imageId}`,
      reason: trimmed,
    })
    return { id: imageId, removed_at: at, removed_by: by.name, removed_note: trimmed }
  })
}

/** One size of an image, for /images/<id>/<size>. */
export async function imageFile(store: Store, imageId: number, size: ImageSize): Promise<ImageFile> {
  const file = await repo.findFile(store.reader, imageId, size)
  if (!file) throw notFound(`Image ${imageId}`)
  return file
}

async function shownIn(tx: Tx, plantId: number): Promise<number | null> {
  const row = await tx.selectFrom('plants').select('doc').where('id', '=', plantId).executeTakeFirst()
  if (!row) throw notFound(`Plant ${plantId}`)
  return shownImageId(JSON.parse(row.doc) as Plant)
}

const now = () => new Date().toISOString()

function imageJson(row: repo.ImageRow, shown: number | null): ImageJson {
  return {
    id: row.id,
    plant_id: row.plant_id,
    thumb: imagePath(row.id, 'thumb'),
    title: imagePath(row.id, 'title'),
    original: `/images/${row.id}/original`,
    width: row.width,
    height: row.height,
    author: row.author,
    license: row.license,
    source_url: row.source_url,
    note: row.note,
    uploader: row.uploader,
    created_at: row.created_at,
    shown: row.id === shown,
  }
}

export interface PictureCredit {
  author: string
  license: string
  deed: string
}

/** The credit of the picture each plant shows, by plant id (plants without a picture are left out). */
export async function shownPictureCredits(
  store: Store,
  plants: Pick<Plant, 'id' | 'images'>[],
): Promise<Map<number, PictureCredit>> {
  const shown = new Map(
    plants.flatMap((plant) => {
      const imageId = shownImageId(plant)
      return imageId === null ? [] : [[imageId, plant.id] as const]
    }),
  )
  const credits = new Map<number, PictureCredit>()
  for (const { id, author, license } of await repo.imageCredits(store.reader, [...shown.keys()])) {
    credits.set(shown.get(id)!, {
      author,
      license: LICENSE_NAMES[license],
      deed: LICENSE_DEEDS[license],
    })
  }
  return credits
}
