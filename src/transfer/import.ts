// `hortus import`: loads a JSON Lines dataset idempotently (by scientific name + name), in batches inside
// transactions. A bad line is reported with its number and skipped; a batch that fails in the database is
// rolled back and replayed one line at a time, so nothing half-written remains. A plant already there is
// merged, never destroyed: see import-merge.ts. A batch's new plants are written together, a few multi-row
// statements per table (new-plants.ts): the 92,000 plants of the OpenFarm set take seconds, not minutes.
// A line that updates a plant already there does not cut that group short: its update is written at once,
// the new plants of the lines above it later, and what depends on the order of lines (the revisions' ids,
// the spelling of a new attribute) follows each save's place in the batch (PlantSave.order). The plants
// there before are read once per batch (readStored).
// A batch's links are made in its transaction, each plant's in the revision of its line (import-links.ts):
// one revision per plant line, its values and links together. Then the lines' pictures (import-images.ts),
// a few at a time, each a revision of its own as an upload is; those of new plants are processed as their
// lines are read, while the batches are saved (PicturesAhead). On PostgreSQL a batch is saved while the one
// before it writes its last rows and commits (BatchesInFlight).
import type { Author } from '../accounts/account.ts'
import type { Store, Tx } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { fieldProblems } from '../http/validation.ts'
import type { Plant } from '../plants/plant.ts'
import type { PlantRow } from '../plants/plant.repository.ts'
import { updatePlantIn } from '../writes/plant-writes.ts'
import { NewPlant, NewPlants } from '../writes/new-plants.ts'
import { IndexBatch } from '../writes/plant-indexes.ts'
import { pendingRevisions } from '../plants/revision-index.ts'
import {
  isHeader,
  pairKey,
  validateDatasetLine,
  type DatasetHeader,
  type DatasetLine,
} from './dataset-format.ts'
import { mergeIncoming } from './import-merge.ts'
import { addDatasetImages, PicturesAhead, type ImageCounts, type PendingImage } from './import-images.ts'
import { ImportOrigins } from './import-origins.ts'
import { ImportLinks, type PendingLink, type StepOutcome } from './import-links.ts'
import { IMPORT_AUTHOR } from '../provenance/value-origins.ts'
import { importsRunning } from '../metrics/instruments.ts'

export interface ImportSummary {
  created: number
  updated: number
  skipped: number
  rejected: { line: number; reason: string }[]
  /** Values of plants already there that differ from the file's: left as they were, or replaced. */
  kept: number
  overwritten: number
  links: { created: number; skipped: number }
  /** The lines' pictures: added, already there, refused (each refused one is also in `rejected`). */
  images: ImageCounts
  header: DatasetHeader | null
}

export interface ImportOptions {
  /** Named in the note of every revision the import writes. */
  source: string
  batchSize?: number
  onProgress?: (linesRead: number) => void
  /** Replace values already there with the file's (list-valued attributes are still united). */
  overwrite?: boolean
  /** The folder of the dataset file: the pictures' `file` paths are relative to it. */
  baseDir?: string
  /** `false` leaves the lines' pictures out (they are not read at all). */
  images?: boolean
}

const IMPORTER: Author = { id: null, name: IMPORT_AUTHOR }

// Lines per transaction. Every commit writes each page its batch touched, and a batch's new plants touch
// pages all over the indexes kept in name order (slugs, names, typo variants, facets): the 92,000 plants
// took about 30 s on SQLite in batches of 500 or 1,000. Measured alternately on the same machine: 5,000
// lines 20.1–22.4 s (23 commits of about 150 ms each), 10,000 17.4–18.1 s, 20,000 18.5–19.1 s; the
// importing process's peak RSS 470, 510–570 and 630–660 MB. On SQLite, whose writer inserts a batch's rows
// on its own thread while this one makes them (deferWritesWith), the 300,000 made-up plants after the
// 92,000 (bench:scale's) took 57–63 s in batches of 10,000, 55 s of 25,000, 43–50 s of 50,000 and 47 s of
// 100,000; peak RSS 740 MB at 10,000 and 1,080 MB at 50,000. PostgreSQL keeps 10,000.
const BATCH_LINES = { sqlite: 50_000, postgres: 10_000 } as const

export async function importDataset(store: Store, lines: AsyncIterable<string>, options: ImportOptions) {
  importsRunning.inc()
  try {
    return await store.bulkWrites(() => importLines(store, lines, options))
  } finally {
    importsRunning.dec()
  }
}

async function importLines(store: Store, lines: AsyncIterable<string>, options: ImportOptions) {
  const summary: ImportSummary = {
    created: 0,
    updated: 0,
    skipped: 0,
    rejected: [],
    kept: 0,
    overwritten: 0,
    links: { created: 0, skipped: 0 },
    images: { added: 0, skipped: 0, rejected: 0 },
    header: null,
  }
  const ids = await loadPlantIndex(store)
  const seenAt = new Map<string, number>()
  const images: PendingImage[] = []
  const ahead = new PicturesAhead(options.baseDir)
  const origins = new ImportOrigins()
  const links = new ImportLinks()
  const note = `Imported from ${options.source}`
  let batch: BatchLine[] = []
  let lineNumber = 0
  const saving = { note, overwrite: options.overwrite ?? false, origins, links }
  const batches = new BatchesInFlight(store, ids, saving, summary)

  const flush = async () => {
    await batches.save(batch)
    batch = []
    options.onProgress?.(lineNumber)
  }

  for await (const text of lines) {
    lineNumber++
    if (!text.trim()) continue
    const parsed = parseLine(text)
    if (isHeader(parsed)) {
      summary.header = parsed
      await store.transaction((tx) => origins.readHeader(tx, parsed))
      continue
    }
    const problem = lineProblem(parsed) ?? origins.problem(parsed as DatasetLine)
    if (problem) {
      summary.rejected.push({ line: lineNumber, reason: problem })
      continue
    }
    const plant = parsed as DatasetLine
    const key = pairKey(plant.scientific_name, plant.name)
    const earlier = seenAt.get(key)
    if (earlier !== undefined) {
      summary.rejected.push({
        line: lineNumber,
        reason: `the same scientific_name and name as line ${earlier}`,
      })
      continue
    }
    seenAt.set(key, lineNumber)
    const lineLinks = (plant.links ?? []).map((link, index) => ({
      line: lineNumber,
      index,
      from: key,
      to: pairKey(link.scientific_name, link.name),
      type: link.type,
      note: link.note,
      ...origins.ofLink(link, plant),
    }))
    if (options.images !== false)
      for (const [index, image] of (plant.images ?? []).entries()) {
        const entry = { line: lineNumber, index, plant: key, image }
        images.push(entry)
        if (!ids.has(key)) ahead.start(entry)
      }
    batch.push({ line: lineNumber, plant, links: lineLinks })
    if (batch.length >= (options.batchSize ?? BATCH_LINES[store.dialect])) await flush()
  }
  await flush()
  await batches.finish()
  // A rejected line's pictures are not added, even where a plant of its name was there before; a line
  // whose plant was saved but one of whose links names no plant keeps its pictures.
  const rejectedLines = new Set(summary.rejected.map(({ line }) => line))
  summary.rejected.push(...links.unmade())
  summary.images = await addDatasetImages(
    store,
    images.filter(({ line }) => !rejectedLines.has(line)),
    ids,
    { baseDir: options.baseDir, by: IMPORTER, ahead },
    summary.rejected,
  )
  summary.rejected.sort((a, b) => a.line - b.line)
  return summary
}

function parseLine(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return Symbol.for('invalid json')
  }
}

function lineProblem(value: unknown): string | null {
  if (value === Symbol.for('invalid json')) return 'not valid JSON'
  if (validateDatasetLine(value)) return null
  return fieldProblems(validateDatasetLine.errors ?? [])
    .map((p) => `${p.field}: ${p.problem}`)
    .join('; ')
}

/** (scientific_name, name) → id of every plant already there; with duplicates, the oldest wins. */
async function loadPlantIndex(store: Store): Promise<Map<string, number>> {
  const rows = await store.db
    .selectFrom('plants')
    .select(['id', 'scientific_name', 'name'])
    .orderBy('id', 'desc')
    .execute()
  return new Map(rows.map((row) => [pairKey(row.scientific_name, row.name), Number(row.id)]))
}

interface SaveOptions {
  note: string
  overwrite: boolean
  origins: ImportOrigins
  links: ImportLinks
}

interface BatchLine {
  line: number
  plant: DatasetLine
  links: PendingLink[]
}

/** Where a batch stands, for the batch after it (BatchesInFlight). */
interface BatchStages {
  /** Slugs taken by the batch before, which has not committed yet. */
  takenElsewhere: readonly string[]
  /** Called once: true with the slugs the batch's new plants took when its lines are saved (only its
   * counts, revisions and commit are left), false when it failed before. */
  linesSaved(saved: boolean, slugs: readonly string[]): void
}

/** A batch's transaction: committed, or refused by the database (then nothing of it is kept). */
type BatchOutcome = { committed: true } | { committed: false; error: unknown }

/** Saves the batch in one transaction. Without `stages`, a refused batch is replayed one line at a time to
 * find the line refused. */
async function saveBatch(
  store: Store,
  batch: BatchLine[],
  ids: Map<string, number>,
  options: SaveOptions,
  summary: ImportSummary,
  stages?: BatchStages,
): Promise<BatchOutcome> {
  if (batch.length === 0) {
    stages?.linesSaved(true, [])
    return { committed: true }
  }
  let linesSaved = false
  const counts = { created: 0, updated: 0, skipped: 0, kept: 0, overwritten: 0 }
  const rejected: ImportSummary['rejected'] = []
  // The batch's new plants by key: later lines of the batch may name them as their parent.
  const created = new Map<string, NewPlant>()
  let made: StepOutcome | null = null
  try {
    made = await store.transaction(async (tx) => {
      // The batch's attribute and vocabulary counts are applied once, at its end; its new plants are
      // written together, at its end or before a line that updates a plant already there.
      const indexCounts = new IndexBatch()
      const plants = new NewPlants(store, tx, IMPORTER, indexCounts, stages?.takenElsewhere)
      await plants.readTypes(batch.flatMap(({ plant }) => parentIdIn(ids, plant) ?? []))
      const stored = await readStored(tx, batch, ids)
      // The links of the lines saved, and the revision each line wrote (a created plant's is version 1).
      const saved: PendingLink[] = []
      const written = new Map<number, number>()
      for (const { line, plant, links } of batch) {
        const outcome = await savePlant(
          store,
          tx,
          plant,
          { ids, created, plants, stored },
          options,
          indexCounts,
        )
        if (typeof outcome === 'string') {
          rejected.push({ line, reason: outcome })
          continue
        }
        counts[outcome.result]++
        counts.kept += outcome.kept
        counts.overwritten += outcome.overwritten
        if (outcome.update) written.set(outcome.update.id, outcome.update.version)
        saved.push(...links)
      }
      await plants.flush()
      const fresh = new Set([...created.values()].map((plant) => plant.id!))
      for (const id of fresh) written.set(id, 1)
      const made = await options.links.step(tx, {
        links: saved,
        createdKeys: created.keys(),
        idOf: (key) => ids.get(key) ?? created.get(key)?.id ?? undefined,
        fresh,
        written,
        pending: pendingRevisions(indexCounts),
        revision: { note: options.note, author: IMPORTER },
      })
      // The next batch may begin now: the origins of this one's lines are taken at once (write's first,
      // synchronous step), before that one's lines come.
      linesSaved = true
      stages?.linesSaved(true, plants.slugs)
      await options.origins.write(tx)
      await indexCounts.write(tx)
      return made
    })
  } catch (error) {
    // The origins waiting now are the next batch's once this one's lines were saved.
    if (!linesSaved) options.origins.discard()
    stages?.linesSaved(false, [])
    if (store.isUnavailable(error)) throw error
    if (!stages) await replayLines(store, batch, ids, options, summary, error)
    return { committed: false, error }
  }
  for (const [key, plant] of created) ids.set(key, plant.id!)
  options.links.commit(made)
  summary.links.created += made.counts.created
  summary.links.skipped += made.counts.skipped
  summary.created += counts.created
  summary.updated += counts.updated
  summary.skipped += counts.skipped
  summary.kept += counts.kept
  summary.overwritten += counts.overwritten
  summary.rejected.push(...rejected)
  return { committed: true }
}

/** A batch the database refused, again one line per transaction: the line refused is found and reported,
 * the others are saved. */
async function replayLines(
  store: Store,
  batch: BatchLine[],
  ids: Map<string, number>,
  options: SaveOptions,
  summary: ImportSummary,
  error: unknown,
) {
  if (batch.length === 1) {
    summary.rejected.push({
      line: batch[0]!.line,
      reason: `the database refused it: ${(error as Error).message}`,
    })
    return
  }
  for (const entry of batch) await saveBatch(store, [entry], ids, options, summary)
}

/** A batch whose transaction is under way. */
interface InFlight {
  lines: BatchLine[]
  /** Settles once its lines are saved (with the slugs its new plants took), or once it failed before. */
  linesSaved: Promise<{ saved: boolean; slugs: readonly string[] }>
  /** Rejects only when the database is unavailable. */
  outcome: Promise<BatchOutcome>
}

// On PostgreSQL a batch's transaction begins, on a connection of its own, once the batch before has saved
// its lines, while that one writes its origins, counts, typo variants, search entries and revisions and
// commits: this process makes the next batch's rows while the server writes the last one's (the two had
// taken turns, each idle half the time). At most two are in flight. A batch waits for the one before to
// commit when it names one of that one's plants as a parent, or when either has links (made in order, by
// the link step's state): it reads the plants the batch before created only once they are committed.
// SQLite writes one transaction at a time, and inserts a batch's rows on its writer's thread instead
// (deferWritesWith).
const IN_FLIGHT = 2
class BatchesInFlight {
  readonly #flying: InFlight[] = []

  constructor(
    private readonly store: Store,
    private readonly ids: Map<string, number>,
    private readonly options: SaveOptions,
    private readonly summary: ImportSummary,
  ) {}

  async save(lines: BatchLine[]): Promise<void> {
    if (lines.length === 0) return
    while (this.#flying.length >= IN_FLIGHT) await this.#settle()
    const takenElsewhere: string[] = []
    for (const before of this.#flying) {
      const { saved, slugs } = await before.linesSaved
      if (!saved || this.store.dialect !== 'postgres' || !independent(before.lines, lines)) {
        await this.finish()
        takenElsewhere.length = 0
        break
      }
      takenElsewhere.push(...slugs)
    }
    let tell!: (outcome: { saved: boolean; slugs: readonly string[] }) => void
    const linesSaved = new Promise<{ saved: boolean; slugs: readonly string[] }>(
      (resolve) => (tell = resolve),
    )
    const outcome = saveBatch(this.store, lines, this.ids, this.options, this.summary, {
      takenElsewhere,
      linesSaved: (saved, slugs) => tell({ saved, slugs }),
    })
    // Awaited when the batch is settled; until then a refusal must not count as unhandled.
    outcome.then(
      () => tell({ saved: false, slugs: [] }),
      () => tell({ saved: false, slugs: [] }),
    )
    this.#flying.push({ lines, linesSaved, outcome })
  }

  /** Waits for every batch, replaying those refused. */
  async finish(): Promise<void> {
    while (this.#flying.length > 0) await this.#settle()
  }

  /** The oldest batch, committed or replayed one line at a time. A refused one is replayed once the batch
   * after it has ended, so that the lines replayed meet no other transaction of this import. */
  async #settle(): Promise<void> {
    const flight = this.#flying[0]!
    const outcome = await flight.outcome
    this.#flying.shift()
    if (outcome.committed) return
    for (const later of this.#flying) await later.outcome.catch(() => null)
    await replayLines(this.store, flight.lines, this.ids, this.options, this.summary, outcome.error)
  }
}

/** Whether `next` may be saved while `before` commits: none of its lines names a plant of `before`, and
 * neither has links. */
function independent(before: BatchLine[], next: BatchLine[]): boolean {
  if (before.some(({ links }) => links.length > 0) || next.some(({ links }) => links.length > 0)) return false
  const keys = new Set(before.map(({ plant }) => pairKey(plant.scientific_name, plant.name)))
  return !next.some(
    ({ plant }) => plant.parent && keys.has(pairKey(plant.parent.scientific_name, plant.parent.name)),
  )
}

/** The plants there before the batch that its lines name, as stored: one read for the batch instead of one
 * per line. Only its own line changes a plant's values, and a batch's links come after its lines. */
async function readStored(tx: Tx, batch: BatchLine[], ids: Map<string, number>) {
  const wanted = batch.flatMap(({ plant }) => ids.get(pairKey(plant.scientific_name, plant.name)) ?? [])
  const stored = new Map<number, PlantRow>()
  for (let start = 0; start < wanted.length; start += READ_CHUNK) {
    const rows = await tx
      .selectFrom('plants')
      .selectAll()
      .where('id', 'in', wanted.slice(start, start + READ_CHUNK))
      .execute()
    for (const row of rows) stored.set(Number(row.id), { ...row, id: Number(row.id) })
  }
  return stored
}

/** Ids per read: within SQLite's and PostgreSQL's bound-parameter limits. */
const READ_CHUNK = 500

function parentIdIn(ids: Map<string, number>, plant: DatasetLine): number | undefined {
  return plant.parent && ids.get(pairKey(plant.parent.scientific_name, plant.parent.name))
}

type SaveOutcome =
  | {
      result: 'created' | 'updated' | 'skipped'
      kept: number
      overwritten: number
      /** The revision a line's update wrote, of a plant there before. */
      update: { id: number; version: number } | null
    }
  | string

interface BatchPlants {
  /** Plants there before the batch. */
  ids: Map<string, number>
  /** The batch's new plants so far. */
  created: Map<string, NewPlant>
  plants: NewPlants
  /** The plants there before that the batch's lines name, as they were when it began (readStored). */
  stored: Map<number, PlantRow>
}

async function savePlant(
  store: Store,
  tx: Tx,
  plant: DatasetLine,
  { ids, created, plants, stored }: BatchPlants,
  { note, overwrite, origins }: SaveOptions,
  counts: IndexBatch,
): Promise<SaveOutcome> {
  let parent: number | NewPlant | null = null
  if (plant.parent) {
    const key = pairKey(plant.parent.scientific_name, plant.parent.name)
    parent = ids.get(key) ?? created.get(key) ?? null
    if (parent === null)
      return `parent ${plant.parent.scientific_name} / ${plant.parent.name} is not in the database or earlier in the file`
  }
  // A value's origin is recorded beside the plant (value-sources), never in its served document.
  const data = plant.data?.map(({ key, value }) => ({ key, value }))
  const fields = { type: plant.type, description: plant.description, data }
  try {
    const key = pairKey(plant.scientific_name, plant.name)
    const existing = ids.get(key)
    if (existing === undefined) {
      const input = { ...fields, scientific_name: plant.scientific_name, name: plant.name, note }
      const added = await plants.add(input, parent)
      created.set(key, added)
      origins.created(added, plant)
      return { result: 'created', kept: 0, overwritten: 0, update: null }
    }
    // The new plants of the lines above are written later, together: an update's row is written before
    // them unless it reads them (a parent added by the batch, or a change of type or parent, which the
    // rules check against the batch's plants), and its indexes with them (NewPlants.changed). Its revision
    // and counts still follow theirs (PlantSave.order).
    if (parent instanceof NewPlant && parent.id === null) await plants.flush()
    const parentId = parent instanceof NewPlant ? parent.id : parent
    const current = stored.get(existing)!
    const read = { row: current, current: JSON.parse(current.doc) as Plant }
    const { changes, kept, overwritten } = mergeIncoming(
      read.current,
      { ...fields, parent_id: parentId },
      overwrite,
    )
    if (Object.keys(changes).length === 0) {
      origins.updated(existing, plant, [])
      return { result: 'skipped', kept, overwritten, update: null }
    }
    if (changes.type !== undefined || changes.parent_id !== undefined) await plants.flush()
    const doc = await updatePlantIn(
      store,
      tx,
      existing,
      { ...changes, version: current.version, note },
      IMPORTER,
      { onNoChange: 'skip', batch: counts, handOver: (save) => plants.changed(save), read },
    )
    plants.forget(existing)
    if (doc === null) return { result: 'skipped', kept, overwritten, update: null }
    origins.updated(existing, plant, changes.data?.map(({ key }) => key) ?? [])
    const update = { id: existing, version: current.version + 1 }
    return { result: 'updated', kept, overwritten, update }
  } catch (error) {
    // Rule violations (say, a parent that is a Variety) reject the line; anything else fails the batch.
    if (error instanceof AppError) return error.msg
    throw error
  }
}
