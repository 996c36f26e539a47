// The pictures of an imported dataset: a plant line's `images`, each `{file | data, author, license,
// source_url?, note}`, added after the plants and links through addImage, with the checks of an upload
// (decoded, not trusted by name; the three licences; an author unless CC0; a note). `file` is a path
// relative to the folder of the dataset file, and stays inside it; `data` is the file's bytes in base64
// (what an export can carry). A bad picture is a rejected entry of the summary with its line; its plant
// and the other pictures stay. A picture the plant already has (the same source_url, or without one the
// same author and note), removed by a moderator or not, is skipped, so importing a file again adds none.
import { readFile, stat } from 'node:fs/promises'
import { isAbsolute, relative, resolve } from 'node:path'
import type { Author } from '../accounts/account.ts'
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { MAX_IMAGE_BYTES, processImage, type ProcessedImage } from '../images/image-files.ts'
import { addProcessedImages, checkImageFields } from '../images/image.service.ts'
import { inParallel } from './in-parallel.ts'

export interface DatasetImage {
  file?: string
  data?: string
  author?: string
  license?: string
  source_url?: string
  note?: string
}

export interface PendingImage {
  /** The line of the dataset file the picture is on. */
  line: number
  /** Its place in the line's `images` (0-based). */
  index: number
  /** The plant's key (pairKey of its scientific name and name). */
  plant: string
  image: DatasetImage
}

export interface ImageCounts {
  added: number
  /** Already on their plant (the same source_url, or the same author and note): not added again. */
  skipped: number
  /** Refused (listed with their line among the summary's rejected entries). */
  rejected: number
}

export interface ImageImportOptions {
  /** The folder `file` paths are relative to: the dataset file's. Without it a `file` is refused. */
  baseDir: string | undefined
  by: Author
  /** Pictures processed at once: libvips decodes and encodes on its own threads. */
  concurrency?: number
  /** Pictures already being processed while the plant lines were saved. */
  ahead?: PicturesAhead
}

/**
 * Pictures processed at once. sharp runs each on a thread of libuv's pool (4 threads), with one libvips
 * thread per picture on glibc Linux: the starter's 207 photos took 13.4 s one at a time, 8.0 s two and
 * 6.6 s four at a time on 2 cores (processing alone), so four, the pool's size.
 */
const CONCURRENCY = 4

/** Processed pictures held for their plants at most (their files' bytes): the rest are processed when they
 * are added. The starter's 188 take about 11 MB. */
const AHEAD_BYTES = 64 * 1024 * 1024

/**
 * Pictures read and processed while the plant lines are still being saved, so that sharp's threads work
 * while this process waits on the database. Only those of plants new to the database, which have no
 * picture to skip (a file imported again is not processed again). What is not started here, or over the
 * budget, is processed by addDatasetImages as before.
 */
export class PicturesAhead {
  readonly #started = new Map<PendingImage, Promise<ProcessedImage | Buffer | string>>()
  readonly #waiting: (() => void)[] = []
  #running = 0
  #held = 0

  constructor(private readonly baseDir: string | undefined) {}

  start(entry: PendingImage): void {
    if (this.#held >= AHEAD_BYTES) return
    const processing = this.#process(entry.image)
    // Awaited when its picture is added; a failure until then is not an unhandled rejection.
    processing.catch(() => {})
    this.#started.set(entry, processing)
  }

  /** The picture as processed, or why it is refused; undefined when it was not started. */
  take(entry: PendingImage): Promise<ProcessedImage | Buffer | string> | undefined {
    const started = this.#started.get(entry)
    this.#started.delete(entry)
    return started
  }

  async #process(image: DatasetImage): Promise<ProcessedImage | Buffer | string> {
    if (this.#running >= CONCURRENCY) await new Promise<void>((resolve) => this.#waiting.push(resolve))
    this.#running++
    try {
      const bytes = await bytesOf(image, this.baseDir)
      if (typeof bytes === 'string') return bytes
      // A picture over the budget is left as its bytes, processed when it is added.
      if (this.#held >= AHEAD_BYTES) return bytes
      const processed = await processImage(bytes)
      for (const file of processed.files) this.#held += file.data.length
      return processed
    } finally {
      this.#running--
      this.#waiting.shift()?.()
    }
  }
}

/** Pictures processed, then written in one transaction (each still its own revision), at most. */
const GROUP = 50
/** And at most this many bytes of processed files in one transaction. */
const GROUP_BYTES = 16 * 1024 * 1024

interface Placed {
  entry: PendingImage
  plantId: number
}

interface Ready extends Placed {
  processed: ProcessedImage
}

/** Adds the pictures; the plants are looked up in `ids` (key → id). They are taken in the file's order (a
 * plant's first becomes the one it shows), GROUP at a time: processed four at once, then written together
 * while the next group is processed. */
export async function addDatasetImages(
  store: Store,
  pending: PendingImage[],
  ids: ReadonlyMap<string, number>,
  options: ImageImportOptions,
  rejected: { line: number; reason: string }[],
): Promise<ImageCounts> {
  const counts: ImageCounts = { added: 0, skipped: 0, rejected: 0 }
  const placed = pending.flatMap((entry) => {
    const plantId = ids.get(entry.plant)
    return plantId === undefined ? [] : [{ entry, plantId }] // a rejected plant line is reported already
  })
  const known = await knownImages(store, [...new Set(placed.map(({ plantId }) => plantId))])
  const haveOf = (plantId: number) => known.get(plantId) ?? known.set(plantId, new Set()).get(plantId)!
  const outcomes: Outcomes = {
    added: ({ plantId, entry }) => {
      counts.added++
      for (const key of identity(entry.image)) haveOf(plantId).add(key)
    },
    refused: (entry, reason) => {
      counts.rejected++
      rejected.push({ line: entry.line, reason: `${describe(entry)}: ${reason}` })
    },
  }
  // What the pictures taken so far are (plant and identity): one more of the same waits until those are
  // added or refused, and is then skipped or taken as if they had been added one after the other.
  const taken = new Set<string>()
  let group: Placed[] = []
  let writing: Promise<void> = Promise.resolve()
  const send = async () => {
    const processed = await inParallel(group, options.concurrency ?? CONCURRENCY, async (picture) => {
      const outcome = await processedPicture(picture.entry, options)
      if (typeof outcome === 'string') outcomes.refused(picture.entry, outcome)
      return typeof outcome === 'string' ? [] : [{ ...picture, processed: outcome }]
    })
    group = []
    await writing
    writing = writeGroups(store, processed.flat(), options.by, outcomes)
    // Awaited before the next group is written; a failure until then is not an unhandled rejection.
    writing.catch(() => {})
  }
  for (const picture of placed) {
    // Without a source, the same author and note is the same picture; with one, only the same source is.
    const keys = identity(picture.entry.image)
    const [own, ...others] = keys.map((key) => `${picture.plantId}\u0000${key}`)
    if (taken.has(own!)) {
      await send()
      await writing
      taken.clear()
    }
    if (haveOf(picture.plantId).has(keys[0]!)) {
      counts.skipped++
      continue
    }
    group.push(picture)
    for (const key of [own!, ...others]) taken.add(key)
    if (group.length === GROUP) await send()
  }
  if (group.length > 0) await send()
  await writing
  return counts
}

/** What becomes of each picture written. */
interface Outcomes {
  added: (picture: Placed) => void
  refused: (entry: PendingImage, reason: string) => void
}

/** The picture checked and processed, or why it is refused. */
async function processedPicture(
  entry: PendingImage,
  options: ImageImportOptions,
): Promise<ProcessedImage | string> {
  try {
    checkImageFields(fieldsOf(entry.image))
    const upload = await (options.ahead?.take(entry) ?? bytesOf(entry.image, options.baseDir))
    return Buffer.isBuffer(upload) ? await processImage(upload) : upload
  } catch (error) {
    if (error instanceof AppError) return error.msg
    throw error
  }
}

/** Writes the pictures in transactions of at most GROUP_BYTES. */
async function writeGroups(store: Store, pictures: Ready[], by: Author, outcomes: Outcomes): Promise<void> {
  let group: Ready[] = []
  let bytes = 0
  for (const picture of pictures) {
    const size = picture.processed.files.reduce((sum, file) => sum + file.data.length, 0)
    if (group.length > 0 && bytes + size > GROUP_BYTES) {
      await writeTogether(store, group, by, outcomes)
      group = []
      bytes = 0
    }
    group.push(picture)
    bytes += size
  }
  if (group.length > 0) await writeTogether(store, group, by, outcomes)
}

/** One transaction for the group; if the database refuses it, each picture alone, so that one refused
 * picture leaves the others added. */
async function writeTogether(store: Store, group: Ready[], by: Author, outcomes: Outcomes): Promise<void> {
  try {
    await addProcessedImages(
      store,
      group.map(({ plantId, processed, entry }) => ({ plantId, processed, fields: fieldsOf(entry.image) })),
      by,
    )
    for (const picture of group) outcomes.added(picture)
  } catch (error) {
    if (store.isUnavailable(error)) throw error
    if (group.length > 1) {
      for (const picture of group) await writeTogether(store, [picture], by, outcomes)
      return
    }
    const reason =
      error instanceof AppError ? error.msg : `the database refused it: ${(error as Error).message}`
    outcomes.refused(group[0]!.entry, reason)
  }
}

const fieldsOf = (image: DatasetImage) => ({
  author: image.author,
  license: image.license,
  source_url: image.source_url,
  note: image.note,
})

/** What makes two pictures of a plant the same: their source, or without one their author and note. */
function identity(image: { source_url?: string | null; author?: string; note?: string }): string[] {
  const url = image.source_url?.trim()
  const byText = `text\u0000${image.author?.trim() ?? ''}\u0000${image.note?.trim() ?? ''}`
  return url ? [`url\u0000${url}`, byText] : [byText]
}

/** The identities of the pictures the plants have, removed ones included: a moderator's removal stands. */
async function knownImages(store: Store, plantIds: number[]): Promise<Map<number, Set<string>>> {
  const known = new Map<number, Set<string>>()
  for (let start = 0; start < plantIds.length; start += 1000) {
    const rows = await store.db
      .selectFrom('plant_images')
      .select(['plant_id', 'source_url', 'author', 'note'])
      .where('plant_id', 'in', plantIds.slice(start, start + 1000))
      .execute()
    for (const row of rows) {
      const plantId = Number(row.plant_id)
      const set = known.get(plantId) ?? new Set<string>()
      for (const key of identity(row)) set.add(key)
      known.set(plantId, set)
    }
  }
  return known
}

/** The picture's bytes, or why there are none. */
async function bytesOf(image: DatasetImage, baseDir: string | undefined): Promise<Buffer | string> {
  if ((image.file === undefined) === (image.data === undefined))
    return 'give the picture as file (a path) or as data (base64), one of the two'
  if (image.data !== undefined) {
    const data = image.data.replace(/\s+/g, '')
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) return 'data: not base64'
    if ((data.length / 4) * 3 > MAX_IMAGE_BYTES + 2) return tooLarge()
    return Buffer.from(data, 'base64')
  }
  const file = image.file!
  if (baseDir === undefined)
    return 'file: the dataset was not read from a file, so there is no folder to read it from'
  const path = resolve(baseDir, file)
  const inside = relative(resolve(baseDir), path)
  if (!file.trim() || isAbsolute(file) || inside.startsWith('..') || isAbsolute(inside))
    return 'file: a path relative to the folder of the dataset file, inside it'
  try {
    const stats = await stat(path)
    if (!stats.isFile()) return `file: ${file} is not a file`
    if (stats.size > MAX_IMAGE_BYTES) return tooLarge()
    return await readFile(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' ? `file: ${file} does not exist` : `file: ${file} cannot be read (${code})`
  }
}

const tooLarge = () => `An image is at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`

function describe({ index, image }: PendingImage): string {
  const what = image.file ?? image.source_url
  return `image ${index + 1}${what ? ` (${what.length > 80 ? `${what.slice(0, 80)}…` : what})` : ''}`
}
