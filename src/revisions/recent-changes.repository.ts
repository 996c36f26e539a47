// The SQL of recent changes across all plants and of a person's contributions: revisions newest first with
// their plant's name, filtered by plant, author, patrol mark and new accounts; who counts as new; a person by
// display name (never with the email).
import type { Db } from '../db/store.ts'

/** An account is new while it was made after `since` or has made fewer than `saves` saves (a link's two
 * revisions are one save, as for the new-account write limit). */
export interface NewAccountRule {
  since: string
  saves: number
}

export interface RecentQuery {
  /** Revisions with a smaller id than this: the next page. */
  before: number | null
  limit: number
  plantIds: number[] | null
  authorId: number | null
  /** Only edits by people (not the importer) that no moderator has patrolled. */
  unpatrolled: boolean
  /** Only edits by new accounts. */
  newAccounts: NewAccountRule | null
}

/** The accounts that are new by `rule`: a subquery, also used as a filter. */
const newAccountIds = (db: Db, rule: NewAccountRule) =>
  db
    .selectFrom('accounts as a')
    .select('a.id')
    .where((eb) =>
      eb.or([
        eb('a.created_at', '>', rule.since),
        eb(
          eb
            .selectFrom('plant_revisions as saved')
            .select((count) => count.fn.count<number | string>('saved.commit_seq').distinct().as('saves'))
            .whereRef('saved.author_id', '=', 'a.id'),
          '<',
          rule.saves,
        ),
      ]),
    )

/** Newest first by id (the order they were written in), with the plant's current name and slug. */
export async function recentRevisions(db: Db, query: RecentQuery) {
  let select = db
    .selectFrom('plant_revisions as r')
    .innerJoin('plants as p', 'p.id', 'r.plant_id')
    .select([
      'r.id',
      'r.plant_id',
      'r.version',
      'r.author',
      'r.author_id',
      'r.created_at',
      'r.note',
      'r.note_hidden_at',
      'r.patrolled_at',
      'r.patrolled_by',
      'r.changes',
      'p.name as plant_name',
      'p.slug as plant_slug',
    ])
  if (query.before !== null) select = select.where('r.id', '<', query.before)
  if (query.plantIds !== null) select = select.where('r.plant_id', 'in', query.plantIds)
  if (query.authorId !== null) select = select.where('r.author_id', '=', query.authorId)
  if (query.unpatrolled)
    select = select.where('r.patrolled_at', 'is', null).where('r.author_id', 'is not', null)
  if (query.newAccounts !== null)
    select = select.where('r.author_id', 'in', newAccountIds(db, query.newAccounts))
  const rows = await select.orderBy('r.id', 'desc').limit(query.limit).execute()
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** Which of `ids` are new accounts. */
export async function whichAreNew(db: Db, ids: number[], rule: NewAccountRule): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await newAccountIds(db, rule).where('a.id', 'in', ids).execute()
  return new Set(rows.map((row) => Number(row.id)))
}

/** The plants a person means by `slug` (a page address) or `foldedName` (a common or scientific name, folded
 * as search folds names), at most `limit` of them. */
export async function plantIdsNamed(db: Db, slug: string, foldedName: string, limit: number) {
  const rows = await db
    .selectFrom('plants')
    .select('id')
    .where('slug', '=', slug)
    .union(
      db
        .selectFrom('search_names')
        .select('plant_id as id')
        .where('name', '=', foldedName)
        .where('kind', '=', 0),
    )
    .limit(limit)
    .execute()
  return rows.map((row) => Number(row.id))
}

/** The public side of an account, found by its folded display name: no email. */
export async function findPerson(db: Db, nameKey: string) {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'role', 'created_at', 'blocked_at', 'blocked_reason'])
    .where('name_key', '=', nameKey)
    .executeTakeFirst()
  return row && { ...row, id: Number(row.id) }
}

export async function countRevisionsBy(db: Db, authorId: number): Promise<number> {
  const row = await db
    .selectFrom('plant_revisions')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('author_id', '=', authorId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}
