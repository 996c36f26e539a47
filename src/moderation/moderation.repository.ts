// All SQL of moderation: roles and blocks on accounts, patrol marks and hidden notes on revisions, the
// moderation log, and an account's recent writes (the new-account limit).
import type { Db } from '../db/store.ts'
import type { Insertable } from 'kysely'
import type { ModerationLogTable, Role } from '../db/schema.ts'

export async function findAccountByEmailOrName(db: Db, who: { email: string } | { name: string }) {
  const query = db
    .selectFrom('accounts')
    .select(['id', 'email', 'name', 'role', 'created_at', 'blocked_at', 'blocked_reason'])
  return (
    'email' in who ? query.where('email', '=', who.email) : query.where('name', '=', who.name)
  ).executeTakeFirst()
}

export async function setRole(db: Db, accountId: number, role: Role): Promise<void> {
  await db.updateTable('accounts').set({ role }).where('id', '=', accountId).execute()
}

export async function setBlocked(db: Db, accountId: number, at: string | null, reason: string | null) {
  await db
    .updateTable('accounts')
    .set({ blocked_at: at, blocked_reason: reason })
    .where('id', '=', accountId)
    .execute()
}

export async function deleteSessionsOf(db: Db, accountId: number): Promise<void> {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).execute()
}

/** Marks a revision patrolled; false when there is no such revision. */
export async function markPatrolled(db: Db, plantId: number, version: number, at: string, by: string) {
  const result = await db
    .updateTable('plant_revisions')
    .set({ patrolled_at: at, patrolled_by: by })
    .where('plant_id', '=', plantId)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Hides (or shows again) a revision's note; false when there is no such revision. */
export async function setNoteHidden(db: Db, plantId: number, version: number, at: string | null) {
  const result = await db
    .updateTable('plant_revisions')
    .set({ note_hidden_at: at })
    .where('plant_id', '=', plantId)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertLogEntry(db: Db, entry: Insertable<ModerationLogTable>): Promise<void> {
  await db.insertInto('moderation_log').values(entry).execute()
}

export async function countLogEntries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('moderation_log')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export async function listLogEntries(db: Db, limit: number, offset: number) {
  return db
    .selectFrom('moderation_log')
    .select(['at', 'moderator', 'action', 'target', 'reason'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** How many saves (transactions: a link's two revisions are one) the account made since `since`, and
 * when the first of them was. */
export async function writesSince(db: Db, accountId: number, since: string) {
  const row = await db
    .selectFrom('plant_revisions')
    .select((eb) => [
      eb.fn.count<number | string>('commit_seq').distinct().as('writes'),
      eb.fn.min('created_at').as('first'),
    ])
    .where('author_id', '=', accountId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
  return { writes: Number(row.writes), first: row.first as string | null }
}
