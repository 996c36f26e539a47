// All SQL about reading revisions: a plant's history, and the feed across all plants (writing them is part of
// every save: plants/revision-rows.ts). Written once with Kysely for both databases.
import { sql } from 'kysely'
import type { Db, Tx } from '../db/store.ts'

// Writing revisions is part of every save (plants/revision-rows.ts); these are re-exported for the rest.
export { insertRevisions, type RevisionRow } from '../plants/revision-rows.ts'

/** A place in the change feed: the commit it belongs to, then the revision's id within it. */
export interface FeedPosition {
  commit: number
  id: number
}

/** Adds `changes` at the end of a revision the caller's transaction wrote (an import puts a line's links in
 * the revision of its values). The stored list is JSON written by JSON.stringify, `[…]` with no space
 * around it: its closing bracket is replaced by the new entries, so the row is not read back. */
export async function appendToRevision(
  tx: Tx,
  plantId: number,
  version: number,
  changes: readonly unknown[],
): Promise<void> {
  if (changes.length === 0) return
  const entries = JSON.stringify(changes).slice(1)
  const result = await tx
    .updateTable('plant_revisions')
    .set({
      changes: sql<string>`substr(changes, 1, length(changes) - 1)
        || CASE WHEN changes = '[]' THEN '' ELSE ',' END || ${entries}`,
    })
    .where('plant_id', '=', plantId)
    .where('version', '=', version)
    .where('commit_seq', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1)
    throw new Error(`version ${version} of plant ${plantId} is not a revision of this transaction`)
}

/** What moderators marked on a revision: patrolled, and the note hidden. */
const MODERATION = ['patrolled_at', 'patrolled_by', 'note_hidden_at'] as const

async function countRevisions(db: Db, plantId: number): Promise<number> {
  const row = await db
    .selectFrom('plant_revisions')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('plant_id', '=', plantId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** A page of a plant's revisions, newest first, and how many it has, in one statement: the count is a
 * subquery, run once through the same index as before. A page past the end has no row to carry the count,
 * which is then read alone. */
export async function listRevisions(db: Db, plantId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('plant_revisions')
    .select((eb) => [
      'version',
      'note',
      'author',
      'author_id',
      'created_at',
      'changes',
      ...MODERATION,
      eb
        .selectFrom('plant_revisions as r')
        .select(eb.fn.countAll<number | string>().as('n'))
        .where('r.plant_id', '=', plantId)
        .as('total'),
    ])
    .where('plant_id', '=', plantId)
    .orderBy('version', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await countRevisions(db, plantId) : 0
  return { rows: rows.map(({ total: _, ...row }) => row), total }
}

/** Versions 1 to `version` of a plant, oldest first: what it was at `version` is their changes replayed. */
export async function revisionsUpTo(db: Db, plantId: number, version: number) {
  return db
    .selectFrom('plant_revisions')
    .select(['version', 'created_at', 'changes'])
    .where('plant_id', '=', plantId)
    .where('version', '<=', version)
    .orderBy('version')
    .execute()
}

/** The revisions after `after` (from the first without it) in feed order, `limit` of them. */
export async function revisionsAfter(db: Db, after: FeedPosition | null, limit: number) {
  let query = db
    .selectFrom('plant_revisions')
    .select([
      'id',
      'commit_seq',
      'plant_id',
      'version',
      'author',
      'note',
      'created_at',
      'changes',
      ...MODERATION,
    ])
    .where('commit_seq', 'is not', null)
  if (after)
    query = query.where((eb) => eb(eb.refTuple('commit_seq', 'id'), '>', eb.tuple(after.commit, after.id)))
  const rows = await query.orderBy('commit_seq').orderBy('id').limit(limit).execute()
  return rows.map((row) => ({ ...row, commit_seq: Number(row.commit_seq) }))
}

/** The feed's last position in `db`: the last change a poller reaches ({0, 0} while there is none). */
export async function lastFeedPosition(db: Db): Promise<FeedPosition> {
  const row = await db
    .selectFrom('plant_revisions')
    .select(['commit_seq', 'id'])
    .where('commit_seq', 'is not', null)
    .orderBy('commit_seq', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { commit: Number(row.commit_seq), id: Number(row.id) } : { commit: 0, id: 0 }
}

/** A plant's revisions after version `after` up to `upTo`, oldest first, at most `limit`: who made the
 * difference between two versions. */
export async function revisionRange(db: Db, plantId: number, after: number, upTo: number, limit: number) {
  return db
    .selectFrom('plant_revisions')
    .select(['version', 'note', 'author', 'author_id', 'created_at', ...MODERATION])
    .where('plant_id', '=', plantId)
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .orderBy('version')
    .limit(limit)
    .execute()
}

/** A revision row with its ids as numbers (PostgreSQL's driver reads bigints as strings). */
const withNumberIds = <Row extends { plant_id: number | string; author_id: number | string | null }>(
  row: Row,
) => ({
  ...row,
  plant_id: Number(row.plant_id),
  author_id: row.author_id === null ? null : Number(row.author_id),
})

/** Every revision of some plants, newest first: who saved each value (provenance). */
export async function revisionChangesOf(db: Db, plantIds: number[]) {
  if (plantIds.length === 0) return []
  const rows = await db
    .selectFrom('plant_revisions')
    .select(['plant_id', 'version', 'author', 'author_id', 'changes'])
    .where('plant_id', 'in', plantIds)
    .orderBy('plant_id')
    .orderBy('version', 'desc')
    .execute()
  return rows.map(withNumberIds)
}

/** Every revision of a plant, newest first, with what both its history and its provenance read: the plant
 * page's one look at the table (the provenance replays them all anyway). */
export async function allRevisionsOf(db: Db, plantId: number) {
  const rows = await db
    .selectFrom('plant_revisions')
    .select(['plant_id', 'version', 'note', 'author', 'author_id', 'created_at', 'changes', ...MODERATION])
    .where('plant_id', '=', plantId)
    .orderBy('version', 'desc')
    .execute()
  return rows.map(withNumberIds)
}

/** Of some plants, those with a revision that is not an import's: a person saved something on them. */
export async function plantsPeopleSaved(db: Db, plantIds: number[]): Promise<Set<number>> {
  if (plantIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('plant_revisions')
    .select('plant_id')
    .distinct()
    .where('plant_id', 'in', plantIds)
    .where((eb) => eb.or([eb('author_id', 'is not', null), eb('author', '<>', 'import')]))
    .execute()
  return new Set(rows.map((row) => Number(row.plant_id)))
}
