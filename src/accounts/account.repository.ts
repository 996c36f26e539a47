// All SQL about accounts and API keys.
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'

export async function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'email', 'name'])
    .where('email', '=', email)
    .executeTakeFirst()
}

export async function findAccountForLogin(db: Db, email: string) {
  return db
    .selectFrom('accounts')
    .select([
      'id',
      'email',
      'name',
      'role',
      'created_at',
      'email_verified_at',
      'password_hash',
      'blocked_at',
      'blocked_reason',
    ])
    .where('email', '=', email)
    .executeTakeFirst()
}

export async function isNameKeyTaken(db: Db, nameKey: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('name_key', '=', nameKey).executeTakeFirst()
  return row !== undefined
}

export async function insertAccount(
  db: Db,
  account: {
    email: string
    name: string
    name_key: string
    password_hash: string | null
    created_at: string
    email_verified_at: string | null
  },
): Promise<number> {
  const row = await db.insertInto('accounts').values(account).returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function renameAccount(db: Db, id: number, name: string, nameKey: string): Promise<void> {
  await db.updateTable('accounts').set({ name, name_key: nameKey }).where('id', '=', id).execute()
}

export async function setPasswordHash(db: Db, email: string, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ password_hash: hash })
    .where('email', '=', email)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertSession(
  db: Db,
  session: { token_hash: string; account_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

export async function findSessionAccount(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'accounts.id',
      'accounts.email',
      'accounts.name',
      'accounts.role',
      'accounts.created_at',
      'accounts.email_verified_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('accounts.blocked_at', 'is', null)
    .executeTakeFirst()
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute()
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
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
    terms_accepted_at: string | null
  },
): Promise<void> {
  await db.insertInto('api_keys').values(key).execute()
}

/** What a key's check reads: its secret's hash, and its account. */
const KEY_CHECK_COLUMNS = [
  'api_keys.secret_hash',
  'api_keys.commercial_at',
  'accounts.id as account_id',
  'accounts.email',
  'accounts.name',
  'accounts.role',
  'accounts.created_at',
  'accounts.email_verified_at',
  'accounts.blocked_at',
] as const

/** The active key `keyId` with its account, as one row whose columns are all null when there is no such
 * key: a row comes back either way, so an unknown id costs the database what a known one does. */
export async function findActiveKey(db: Db, keyId: string) {
  return db
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('always'))
    .leftJoin('api_keys', (join) =>
      join.on('api_keys.key_id', '=', keyId).on('api_keys.revoked_at', 'is', null),
    )
    .leftJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select(KEY_CHECK_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** The keys in use, most recently used (or made) first: what a process that starts checks keys against. */
export async function recentKeys(db: Db, limit: number) {
  return db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .where('api_keys.revoked_at', 'is', null)
    .select(['api_keys.key_id', ...KEY_CHECK_COLUMNS])
    .orderBy(sql`coalesce(api_keys.last_used_at, api_keys.created_at)`, 'desc')
    .limit(limit)
    .execute()
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
      'api_keys.last_used_at',
      'api_keys.commercial_at',
      'accounts.email',
    ])
    .orderBy('api_keys.id')
  if (email !== null) query = query.where('accounts.email', '=', email)
  return query.execute()
}

/** The keys of one account, newest first. */
export async function listAccountKeys(db: Db, accountId: number) {
  return db
    .selectFrom('api_keys')
    .select(['key_id', 'label', 'last_four', 'created_at', 'last_used_at', 'revoked_at', 'commercial_at'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .execute()
}

/** Revokes an active key; with `accountId`, only when the key belongs to that account. */
export async function revokeApiKey(
  db: Db,
  keyId: string,
  revokedAt: string,
  accountId: number | null = null,
): Promise<boolean> {
  let query = db
    .updateTable('api_keys')
    .set({ revoked_at: revokedAt })
    .where('key_id', '=', keyId)
    .where('revoked_at', 'is', null)
  if (accountId !== null) query = query.where('account_id', '=', accountId)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function markKeyCommercial(db: Db, keyId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ commercial_at: at })
    .where('key_id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function recordKeyUse(db: Db, keyId: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('key_id', '=', keyId).execute()
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
