// The global change feed: every revision of every plant, in the order their transactions committed
// (db/commit-order.ts), behind an opaque cursor. A poller that passes back `next` gets each revision once,
// and a plant's versions in order, however many writers commit at once.
import type { Db, Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import type { FieldChange } from '../plants/plant-changes.ts'
import { lastFeedPosition, revisionsAfter, type FeedPosition } from './revision.repository.ts'
import { shownNote } from './revision.service.ts'

export const DEFAULT_FEED_LIMIT = 100
export const MAX_FEED_LIMIT = 1_000

export interface FeedRequest {
  since?: string | undefined
  limit?: number | undefined
}

export interface FeedChange {
  cursor: string
  plant_id: number
  version: number
  author: string
  note: string
  time: string
  changes: FieldChange[]
}

export interface FeedPage {
  changes: FeedChange[]
  next: string
  has_more: boolean
}

/** Cursor text: base64url of "<commit>.<id>"; "0.0" is before the first revision. */
export const encodeCursor = ({ commit, id }: FeedPosition): string =>
  Buffer.from(`${commit}.${id}`).toString('base64url')

export function decodeCursor(cursor: string): FeedPosition {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'))
  const position = match && { commit: Number(match[1]), id: Number(match[2]) }
  if (!position || encodeCursor(position) !== cursor)
    throw new AppError(
      'badRequest',
      'Query parameter since: not a cursor of this feed. Pass back the `next` (or a change\u2019s `cursor`) of an earlier answer, or leave since out to start from the beginning.',
    )
  return position
}

/** The cursor of the last change in `db`, as `GET /changes` gives it: a poller passing it as `since` gets
 * the changes made after it. A backup names the one it holds (`hortus backup`). */
export async function lastCursor(db: Db): Promise<string> {
  return encodeCursor(await lastFeedPosition(db))
}

export async function listChanges(store: Store, request: FeedRequest): Promise<FeedPage> {
  const after = request.since === undefined ? null : decodeCursor(request.since)
  const limit = Math.min(request.limit ?? DEFAULT_FEED_LIMIT, MAX_FEED_LIMIT)
  // One more than asked for tells whether there are more.
  const rows = await revisionsAfter(store.reader, after, limit + 1)
  const changes = rows.slice(0, limit).map(feedChangeOf)
  return {
    changes,
    next: changes.at(-1)?.cursor ?? request.since ?? encodeCursor({ commit: 0, id: 0 }),
    has_more: rows.length > limit,
  }
}

type FeedRow = Awaited<ReturnType<typeof revisionsAfter>>[number]

/** A revision as the feed gives it: `GET /changes`, and each webhook delivery's `data`. */
function feedChangeOf(row: FeedRow): FeedChange {
  return {
    cursor: encodeCursor({ commit: row.commit_seq, id: row.id }),
    plant_id: row.plant_id,
    version: row.version,
    author: row.author,
    note: shownNote(row, null),
    time: row.created_at,
    changes: JSON.parse(row.changes) as FieldChange[],
  }
}

/** The changes after `after` in feed order, at most `limit`, read in `db` (a follower's transaction). */
export async function feedChangesAfter(
  db: Db,
  after: FeedPosition,
  limit: number,
): Promise<{ change: FeedChange; position: FeedPosition }[]> {
  const rows = await revisionsAfter(db, after, limit)
  return rows.map((row) => ({ change: feedChangeOf(row), position: { commit: row.commit_seq, id: row.id } }))
}
