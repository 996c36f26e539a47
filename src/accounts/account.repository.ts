// All SQL about accounts and API keys.
import type { Db } from '../db/store.ts'

export async function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'email', 'name'])
    .where('email', '=', email)
    .executeTakeFirst()
}

export async function insertAccount(db: Db, email: string, name: string, createdAt: string): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({ email, name, password_hash: null, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function insertApiKey(
  db: Db,
  key: {
    key_id: string
    secret_hash: string
    last_four: string
    account_id: number
    label: string
    created_at: string
  },
): Promise<void> {
  await db.insertInto('api_keys').values(key).execute()
}

/** An active key with its account, or undefined when the id is unknown or revoked. */
export async function findActiveKey(db: Db, keyId: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select(['api_keys.secret_hash', 'accounts.id as account_id', 'accounts.email', 'accounts.name'])
    .where('api_keys.key_id', '=', keyId)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst()
}

export async function listApiKeys(db: Db, email: string | null) {
  let query = db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select([
      'api_keys.key_id',
      'api_keys.last_four',
      'api_keys.label',
      'api_keys.created_at',
      'api_keys.revoked_at',
      'accounts.email',
    ])
    .orderBy('api_keys.id')
  if (email !== null) query = query.where('accounts.email', '=', email)
  return query.execute()
}

export async function revokeApiKey(db: Db, keyId: string, revokedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: revokedAt })
    .where('key_id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function anyActiveKey(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
