// All SQL of address-confirmation links.
import type { Db } from '../db/store.ts'

export async function insertConfirmation(
  db: Db,
  link: { token_hash: string; account_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('email_confirmations').values(link).execute()
}

export async function findConfirmationAccount(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('email_confirmations')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row === undefined ? undefined : Number(row.account_id)
}

export async function setEmailVerified(db: Db, accountId: number, now: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ email_verified_at: now })
    .where('id', '=', accountId)
    .where('email_verified_at', 'is', null)
    .execute()
}

export async function deleteConfirmationsOf(db: Db, accountId: number): Promise<void> {
  await db.deleteFrom('email_confirmations').where('account_id', '=', accountId).execute()
}

export async function countConfirmationsSince(db: Db, accountId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('email_confirmations')
    .select((eb) => eb.fn.countAll<number>().as('links'))
    .where('account_id', '=', accountId)
    .where('created_at', '>', since)
    .executeTakeFirst()
  return Number(row?.links ?? 0)
}
