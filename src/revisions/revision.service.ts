// A plant's history: its revisions, newest first, and the whole plant as it was at any version.
import type { Db, Store } from '../db/store.ts'
import type { Role } from '../db/schema.ts'
import { hasRole } from '../accounts/account.ts'
import { notFound } from '../errors.ts'
import { offsetPagination, offsetWindow, type PageRequest } from '../paging.ts'
import type { FieldChange } from '../plants/plant-changes.ts'
import { plantDocument, type Plant } from '../plants/plant.ts'
import { assertPlantExists } from '../plants/plant-reads.ts'
import { allRevisionsOf, listRevisions as revisionRows, revisionsUpTo } from './revision.repository.ts'
import { plantAt, shownImageAt } from './snapshot.ts'

/** A plant's revisions, newest first; `viewer` (a moderator) may see hidden notes. */
export async function listRevisions(
  store: Store,
  id: number,
  request: PageRequest,
  viewer: { role: Role } | null = null,
) {
  await assertPlantExists(store, id)
  const { page, perPage, limit, offset } = offsetWindow(request)
  const { rows, total } = await revisionRows(store.reader, id, limit, offset)
  return {
    revisions: rows.map((row) => historyEntry(row, viewer)),
    pagination: offsetPagination(page, perPage, total),
  }
}

/** A plant's newest revisions as `listRevisions` gives them, and every revision's changes for its provenance,
 * from one read (the plant page shows both). */
export async function historyAndChangesOf(store: Store, id: number, request: PageRequest) {
  const { page, perPage, limit, offset } = offsetWindow(request)
  const all = await allRevisionsOf(store.reader, id)
  return {
    revisions: all.slice(offset, offset + limit).map(({ plant_id: _, ...row }) => historyEntry(row, null)),
    pagination: offsetPagination(page, perPage, all.length),
    changes: all.map(({ plant_id, version, author, author_id, changes }) => ({
      plant_id,
      version,
      author,
      author_id,
      changes,
    })),
  }
}

/** A revision row as the history lists it: its note as `viewer` may read it, its changes parsed. */
function historyEntry<Row extends Parameters<typeof shownNote>[0] & { changes: string }>(
  row: Row,
  viewer: { role: Role } | null,
) {
  return {
    ...row,
    note: shownNote(row, viewer),
    note_hidden: row.note_hidden_at !== null,
    changes: JSON.parse(row.changes) as FieldChange[],
  }
}

export const HIDDEN_NOTE = '(note hidden by a moderator)'

/** A revision row as an EditSummary, its note as `viewer` may read it. */
export function editSummaryOf(
  row: Omit<EditSummary, 'note_hidden' | 'author_id'> & {
    author_id: number | string | null
    note_hidden_at: string | null
  },
  viewer: { role: Role } | null,
): EditSummary {
  return {
    version: row.version,
    author: row.author,
    author_id: row.author_id === null ? null : Number(row.author_id),
    created_at: row.created_at,
    note: shownNote(row, viewer),
    note_hidden: row.note_hidden_at !== null,
    patrolled_at: row.patrolled_at,
    patrolled_by: row.patrolled_by,
  }
}

/** One edit as the history, diff and recent-changes pages list it: who, when, why, and its marks. */
export interface EditSummary {
  version: number
  author: string
  /** Null for the importer. */
  author_id: number | null
  created_at: string
  note: string
  note_hidden: boolean
  patrolled_at: string | null
  patrolled_by: string | null
}

/** A hidden note is shown to moderators only; everyone else reads that it was hidden. */
export function shownNote(
  revision: { note: string; note_hidden_at: string | null },
  viewer: { role: Role } | null,
): string {
  return revision.note_hidden_at === null || hasRole(viewer, 'moderator') ? revision.note : HIDDEN_NOTE
}

/** The plant object as it was at `version`, as JSON. */
export async function plantAtVersion(store: Store, id: number, version: number): Promise<string> {
  return plantDocument(await snapshot(store.reader, id, version))
}

/** The plant at `version`, read from `db` (a transaction's, for a revert). */
export async function snapshot(db: Db, id: number, version: number): Promise<Plant> {
  const rows = await revisionsUpTo(db, id, version)
  if (rows.at(-1)?.version !== version) {
    if (rows.length === 0) await assertPlantExistsIn(db, id)
    throw notFound(`Version ${version} of plant ${id}`)
  }
  const revisions = rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as FieldChange[] }))
  const shown = shownImageAt(revisions)
  const removed =
    shown === null
      ? undefined
      : await db
          .selectFrom('plant_images')
          .select('id')
          .where('id', '=', shown)
          .where('removed_at', 'is not', null)
          .execute()
  return plantAt(id, revisions, new Set(removed?.map((row) => Number(row.id))))
}

async function assertPlantExistsIn(db: Db, id: number): Promise<void> {
  const found = await db.selectFrom('plants').select('id').where('id', '=', id).executeTakeFirst()
  if (!found) throw notFound(`Plant ${id}`)
}
