// All SQL of password-reset links and of ending an account's sessions when its password changes.
import type { Db } from '../db/store.ts'

export async function insertReset(
  db: Db,
  reset: { token_hash: string; account_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('password_resets').values(reset).execute()
}

/** The account of a link that is unused and unexpired, or undefined. */
export async function findUsableReset(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('password_resets as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .select(['a.id', 'a.email', 'a.name', 'a.blocked_at'])
    .where('r.token_hash', '=', tokenHash)
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', now)
    .executeTakeFirst()
}

/** Uses the link; false when another request used it first (or it expired meanwhile). */
export async function useReset(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** An account's other links, and every link past its hour, go: one new password ends them all. */
export async function deleteResetsOf(db: Db, accountId: number, expiredBefore: string): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('expires_at', '<', expiredBefore)]))
    .execute()
}

export async function setPasswordHashOf(db: Db, accountId: number, hash: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: hash }).where('id', '=', accountId).execute()
}

export async function deleteSessionsOf(db: Db, accountId: number): Promise<void> {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).execute()
}

/** How many links the account of this email was sent since `since`. */
export async function countResetsSince(db: Db, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_resets as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .select((eb) => eb.fn.countAll<number>().as('links'))
    .where('a.email', '=', email)
    .where('r.created_at', '>', since)
    .executeTakeFirst()
  return Number(row?.links ?? 0)
}
