// Website sessions, stored in the database so that any Hortus process can serve them. The cookie holds a
// random token; the database holds only its SHA-256, so a copy of the database logs no one in.
import { createHash, randomBytes } from 'node:crypto'
import type { Store } from '../db/store.ts'
import { accountOfRow, type Account } from './account.ts'
import * as repo from './account.repository.ts'

export const SESSION_COOKIE = 'hortus_session'
export const SESSION_DAYS = 30

/** The SHA-256 a token is stored as (sessions, and the links mailed for resets, confirmations and unsubscribing). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** Starts a session for the account and returns the cookie's token. Expired sessions go at the same time. */
export async function startSession(store: Store, accountId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  await repo.deleteExpiredSessions(store.db, now.toISOString())
  await repo.insertSession(store.db, {
    token_hash: hashToken(token),
    account_id: accountId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
  })
  return token
}

/** The logged-in account for a cookie's token, or null when it is unknown, ended or expired. */
export async function sessionAccount(store: Store, token: string | undefined): Promise<Account | null> {
  if (!token || token.length > 100) return null
  const row = await repo.findSessionAccount(store.db, hashToken(token), new Date().toISOString())
  return row ? accountOfRow(row) : null
}

export async function endSession(store: Store, token: string | undefined): Promise<void> {
  if (token && token.length <= 100) await repo.deleteSession(store.db, hashToken(token))
}
