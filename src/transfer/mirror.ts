// `hortus mirror`: keeps this database a copy of a remote Hortus through its public API. It starts from the
// source's export (GET /api/export: every plant with its id, version, values, links and their origins),
// then follows the change feed from its beginning: every revision is copied as it was written (so the
// history, the provenance and the mirror's own feed are the source's), and each plant changed after the
// export is read again (GET /api/plants/<id>, its links, its pictures) and written as the source has it.
// Each feed page is applied in one transaction with the cursor, so a sync cut short (the source gone, the
// process killed) resumes at the first page it had not finished.
import type { Store, Tx } from '../db/store.ts'
import type { Plant } from '../plants/plant.ts'
import { decodeCursor, type FeedChange, type FeedPage } from '../revisions/change-feed.ts'
import type { RevisionRow } from '../revisions/revision.repository.ts'
import { replaceProblems } from '../problems/problem.repository.ts'
import { saveDataSources } from '../provenance/source.repository.ts'
import { isHeader, type DatasetHeader, type DatasetLine } from './dataset-format.ts'
import { MirrorError, RemoteHortus } from './mirror-remote.ts'
import {
  catchUpIds,
  copyRevisions,
  MirrorCounts,
  writeImages,
  writeLinks,
  writePlant,
  type MirrorImage,
  type MirrorLink,
} from './mirror-writes.ts'
import type { ImageFile } from '../images/image-files.ts'
import { inParallel } from './in-parallel.ts'
import { mirrorSyncsRunning } from '../metrics/instruments.ts'

const FEED_PAGE = 1000
const EXPORT_BATCH = 1000
/** Plants read from the source at once. */
const CONCURRENCY = 6

export interface SyncReport {
  bootstrapped: number
  revisions: number
  plantsRead: number
}

export class Mirror {
  constructor(
    private readonly store: Store,
    private readonly remote: RemoteHortus,
    private readonly log: (line: string) => void,
  ) {}

  /** Brings the copy up to the source's current state. */
  async sync(): Promise<SyncReport> {
    mirrorSyncsRunning.inc()
    try {
      return await this.syncNow()
    } finally {
      mirrorSyncsRunning.dec()
    }
  }

  private async syncNow(): Promise<SyncReport> {
    const report: SyncReport = { bootstrapped: 0, revisions: 0, plantsRead: 0 }
    // A database that mirrors another source is refused before the source is asked anything, and again
    // once the source has said whether the URL given is its API root or its site.
    await this.state()
    const first = !this.remote.connected
    await this.remote.connect()
    if (first) this.log(`Mirroring from the API at ${this.remote.api}`)
    let state = await this.state()
    // No state: a first sync. A state without `covered`: a first sync cut short, done again.
    if (!state?.covered) {
      report.bootstrapped = await this.bootstrap(state !== null)
      state = (await this.state())!
    }
    for (;;) {
      const query = new URLSearchParams({ limit: String(FEED_PAGE) })
      if (state.cursor) query.set('since', state.cursor)
      const page = (await this.remote.json(`/changes?${query}`)) as FeedPage
      if (page.changes.length === 0) break
      report.plantsRead += await this.applyPage(page, state.covered)
      report.revisions += page.changes.length
      state = { ...state, cursor: page.next }
      this.log(`${report.revisions} revisions copied, ${report.plantsRead} plants read again`)
      if (!page.has_more) break
    }
    return report
  }

  private async state() {
    const rows = await this.store.db.selectFrom('mirror_state').selectAll().execute()
    const other = rows.find((row) => !this.remote.sites.includes(row.source))
    if (other)
      throw new MirrorError(
        `This database mirrors ${other.source}, not ${this.remote.connected ? this.remote.site : this.remote.given}: use another DATABASE_URL.`,
      )
    return rows[0] ?? null
  }

  /** The export, written as given; the feed position it was taken at becomes `covered`. Until then the
   * state says a first sync is under way (`covered` empty), so one cut short is done again, over what it
   * wrote (each plant written as given again, or kept when the copy has it as it is). */
  private async bootstrap(resuming: boolean): Promise<number> {
    const plants = await this.store.db.selectFrom('plants').select('id').limit(1).execute()
    if (plants.length > 0 && !resuming)
      throw new MirrorError(
        'DATABASE_URL already holds plants: a mirror starts from an empty database (start the server with HORTUS_READ_ONLY=on, which loads no starter dataset).',
      )
    if (!resuming)
      await this.store.db
        .insertInto('mirror_state')
        .values({ source: this.remote.site, cursor: null, covered: '', synced_at: now() })
        .execute()
    const { cursor, lines } = await this.remote.exportLines()
    this.log(`Copying the export of ${this.remote.api}…`)
    let sources = new Map<string, number>()
    const batch: DatasetLine[] = []
    const links: { plantId: number; links: MirrorLink[] }[] = []
    let written = 0
    const flush = async () => {
      const lines = batch.splice(0)
      if (lines.length === 0) return
      await this.store.transaction(async (tx) => {
        const counts = new MirrorCounts()
        for (const line of lines) links.push(await writeLine(this.store, tx, line, sources, counts))
        await counts.apply(tx)
      })
      written += lines.length
      this.log(`${written} plants copied`)
    }
    for await (const text of lines) {
      if (!text.trim()) continue
      const parsed = JSON.parse(text) as DatasetHeader | DatasetLine
      if (isHeader(parsed)) {
        sources = await this.store.transaction((tx) => saveDataSources(tx, headerSources(parsed)))
        continue
      }
      batch.push(parsed)
      if (batch.length >= EXPORT_BATCH) await flush()
    }
    await flush()
    await this.store.transaction(async (tx) => {
      for (const { plantId, links: given } of links) await writeLinks(tx, plantId, given, 'higher', now())
      await catchUpIds(this.store, tx)
      await tx
        .updateTable('mirror_state')
        .set({ cursor: null, covered: cursor, synced_at: now() })
        .where('source', '=', this.remote.site)
        .execute()
    })
    return written
  }

  /** One feed page: the plants changed after `covered` (or whose pictures changed) read again, then
   * everything written with the page's revisions and the new cursor in one transaction. */
  private async applyPage(page: FeedPage, covered: string): Promise<number> {
    const after = decodeCursor(covered)
    const wanted = new Map<number, { links: boolean; images: boolean }>()
    const want = (id: number, links: boolean, images: boolean) => {
      const was = wanted.get(id) ?? { links: false, images: false }
      wanted.set(id, { links: was.links || links, images: was.images || images })
    }
    for (const change of page.changes) {
      const position = decodeCursor(change.cursor)
      const newer =
        position.commit > after.commit || (position.commit === after.commit && position.id > after.id)
      const fields = change.changes.map(({ field }) => field)
      const images = fields.some((field) => field.startsWith('images.'))
      if (newer)
        want(
          change.plant_id,
          fields.some((field) => field.startsWith('links.')),
          images,
        )
      else if (images) want(change.plant_id, false, true)
    }
    // A plant the copy lacks is read whole, and so is every plant one it reads names (parent, link).
    const present = await this.presentIds([...new Set(page.changes.map((change) => change.plant_id))])
    for (const change of page.changes) if (!present.has(change.plant_id)) want(change.plant_id, true, true)
    const read = new Map<number, RemotePlant>()
    while (wanted.size > read.size) {
      const todo = [...wanted].filter(([id]) => !read.has(id))
      for (const remote of await inParallel(todo, CONCURRENCY, ([id, what]) => this.readPlant(id, what)))
        read.set(remote.plant.id, remote)
      const named = [...read.values()].flatMap((remote) => [
        ...(remote.plant.parent_id === null ? [] : [remote.plant.parent_id]),
        ...(remote.links ?? []).map((link) => link.plant_id),
      ])
      const known = await this.presentIds(named)
      for (const id of named) if (!known.has(id) && !wanted.has(id)) want(id, true, true)
    }
    await this.store.transaction(async (tx) => {
      const counts = new MirrorCounts()
      const ordered = [...read.values()].sort(
        (a, b) =>
          Number(a.plant.type === 'Variety') - Number(b.plant.type === 'Variety') || a.plant.id - b.plant.id,
      )
      for (const { plant } of ordered) await writePlant(this.store, tx, plant, counts)
      for (const { plant, links } of ordered)
        if (links) await writeLinks(tx, plant.id, links, 'all', plant.updated_at)
      for (const { plant, images } of ordered)
        if (images) await writeImages(tx, plant.id, images, plant.updated_at)
      await copyRevisions(tx, page.changes.map(revisionRow))
      await counts.apply(tx)
      await catchUpIds(this.store, tx)
      await tx
        .updateTable('mirror_state')
        .set({ cursor: page.next, synced_at: now() })
        .where('source', '=', this.remote.site)
        .execute()
    })
    return read.size
  }

  private async presentIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await this.store.db
      .selectFrom('plants')
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return new Set(rows.map((row) => Number(row.id)))
  }

  /** A plant as the source has it now; with its links and pictures when asked. */
  private async readPlant(id: number, what: { links: boolean; images: boolean }): Promise<RemotePlant> {
    const served = (await this.remote.json(`/plants/${id}`)) as Plant
    const plant = {
      ...served,
      images: { thumb: imagePath(served.images.thumb), title: imagePath(served.images.title) },
    }
    const links = what.links ? await this.readLinks(id) : null
    const images = what.images ? await this.readImages(id) : null
    return { plant, links, images }
  }

  private async readLinks(id: number): Promise<MirrorLink[]> {
    const links: MirrorLink[] = []
    for (let page = 1; ; page++) {
      const answer = (await this.remote.json(`/plants/${id}/links?per_page=100&page=${page}`)) as {
        links: Omit<MirrorLink, 'source_id'>[]
        pagination: { total_pages: number }
      }
      links.push(
        ...answer.links.map(({ id, plant_id, type, note, author, created_at }) => ({
          id,
          plant_id,
          type,
          note,
          author,
          created_at,
          source_id: null,
        })),
      )
      if (page >= answer.pagination.total_pages) return links
    }
  }

  private async readImages(id: number): Promise<{ image: MirrorImage; files: ImageFile[] | null }[]> {
    const { images } = (await this.remote.json(`/plants/${id}/images`)) as { images: MirrorImage[] }
    const rows = await this.store.db
      .selectFrom('plant_images')
      .select('id')
      .where('plant_id', '=', id)
      .where('removed_at', 'is', null)
      .execute()
    const known = new Set(rows.map((row) => Number(row.id)))
    return Promise.all(
      images.map(async ({ id, author, license, source_url, note, uploader, width, height, created_at }) => ({
        image: { id, author, license, source_url, note, uploader, width, height, created_at },
        files: known.has(id)
          ? null
          : await Promise.all(
              (['original', 'thumb', 'title'] as const).map((size) => this.remote.imageFile(id, size)),
            ),
      })),
    )
  }
}

interface RemotePlant {
  plant: Plant
  links: MirrorLink[] | null
  images: { image: MirrorImage; files: ImageFile[] | null }[] | null
}

/** An export line: the plant as given (its picture stays the copy's until its images are read), its
 * values' origins, its pests and diseases; its links come back to be written once every plant is there. */
async function writeLine(
  store: Store,
  tx: Tx,
  line: DatasetLine,
  sources: Map<string, number>,
  counts: MirrorCounts,
): Promise<{ plantId: number; links: MirrorLink[] }> {
  const id = line.id!
  const sourceId = (slug: string | undefined) => (slug === undefined ? null : (sources.get(slug) ?? null))
  await writePlant(
    store,
    tx,
    {
      id,
      type: line.type,
      scientific_name: line.scientific_name,
      name: line.name,
      version: line.version!,
      description: line.description ?? '',
      slug: line.slug!,
      parent_id: line.parent?.id ?? null,
      updated_at: line.updated_at!,
      created_at: line.created_at!,
      images: null,
      data: (line.data ?? []).map(({ key, value }) => ({ key, value })),
    },
    counts,
  )
  await tx.deleteFrom('value_sources').where('plant_id', '=', id).execute()
  const origins = (line.data ?? []).filter((value) => value.source || value.saved_by)
  if (origins.length)
    await tx
      .insertInto('value_sources')
      .values(
        origins.map((value) => ({
          plant_id: id,
          key: value.key,
          source_id: sourceId(value.source),
          saved_by: value.saved_by?.author ?? null,
          saved_version: value.saved_by?.version ?? null,
        })),
      )
      .execute()
  await replaceProblems(
    tx,
    id,
    (line.problems ?? []).map((problem) => ({
      name: problem.name,
      type: problem.type,
      severity: problem.severity ?? null,
      symptoms: problem.symptoms ?? null,
      management: problem.management ?? [],
      prevention: problem.prevention ?? null,
      source_id: sourceId(problem.source),
    })),
  )
  const links = (line.links ?? []).map((link) => ({
    id: link.id!,
    plant_id: link.plant_id!,
    type: link.type,
    note: link.note,
    author: link.saved_by?.author ?? 'import',
    created_at: link.created_at ?? line.updated_at!,
    source_id: sourceId(link.source),
  }))
  return { plantId: id, links }
}

function headerSources(header: DatasetHeader) {
  return (header.sources ?? []).flatMap((source) =>
    source.id
      ? [{ slug: source.id, name: source.name, url: source.url ?? null, license: source.license ?? null }]
      : [],
  )
}

const revisionRow = (change: FeedChange): RevisionRow => ({
  plant_id: change.plant_id,
  version: change.version,
  note: change.note,
  author_id: null,
  author: change.author,
  created_at: change.time,
  changes: JSON.stringify(change.changes),
})

/** "https://host/images/12/thumb.webp" as a document stores it: "/images/12/thumb.webp". */
const imagePath = (url: string | null): string | null => {
  const match = url === null ? null : /\/images\/\d+\/(thumb|title)\.webp$/.exec(url)
  return match ? match[0] : null
}

const now = () => new Date().toISOString()
