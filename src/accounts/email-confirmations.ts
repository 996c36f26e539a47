// Confirming a new account's address: a link mailed to it, valid a week, that any click confirms. Until
// then the account reads, logs in and manages keys, but may not edit (assertMayEdit), where mail is sent.
import { randomBytes } from 'node:crypto'
import type { Db, Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { mailFooter, queueMail } from '../mail/outbox.ts'
import type { Account } from './account.ts'
import * as repo from './email-confirmations.repository.ts'
import { hashToken } from './sessions.ts'

const CONFIRM_LINK_DAYS = 7
/** Links an account may ask for per hour (the first, at sign-up, counts). */
const CONFIRM_LINKS_PER_HOUR = 3

/** Queues the mail with a new link, in the caller's transaction (the sign-up's). */
export async function queueConfirmation(
  tx: Db,
  account: { id: number; email: string; name: string },
  siteUrl: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  await repo.insertConfirmation(tx, {
    token_hash: hashToken(token),
    account_id: account.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CONFIRM_LINK_DAYS * 86_400_000).toISOString(),
  })
  await queueMail(tx, {
    to: account.email,
    subject: 'Confirm your address for Hortus',
    text:
      `Hello ${account.name},\n\n` +
      `welcome to Hortus. To confirm that this address is yours, and to start improving the plant data,\n` +
      `open this link within a week:\n\n` +
      `${siteUrl}/confirm-email?token=${token}\n\n` +
      `Until then you can read, log in and create API keys, but not edit. If you did not sign up, ignore\n` +
      `this mail: nothing will be done with the address.` +
      mailFooter(siteUrl),
  })
}

/** Sends another link; false when the account asked for CONFIRM_LINKS_PER_HOUR this hour already. */
export async function resendConfirmation(store: Store, account: Account, siteUrl: string): Promise<boolean> {
  if (account.email_verified_at !== null) return true
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
  if ((await repo.countConfirmationsSince(store.db, account.id, hourAgo)) >= CONFIRM_LINKS_PER_HOUR)
    return false
  await store.transaction((tx) => queueConfirmation(tx, account, siteUrl))
  return true
}

/** Confirms the address of the link's account; false for an unknown or expired link. */
export async function confirmEmail(store: Store, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false
  const now = new Date().toISOString()
  return store.transaction(async (tx) => {
    const accountId = await repo.findConfirmationAccount(tx, hashToken(token), now)
    if (accountId === undefined) return false
    await repo.setEmailVerified(tx, accountId, now)
    await repo.deleteConfirmationsOf(tx, accountId)
    return true
  })
}

/**
 * Refuses an edit by an account whose address is not confirmed, where mail is sent (`mailSent`), with what
 * to do: the website's account page sends the link again.
 */
export function assertMayEdit(account: Pick<Account, 'email_verified_at'>, mailSent: boolean): void {
  if (!mailSent || account.email_verified_at !== null) return
  throw new AppError(
    'forbidden',
    'Confirm your email address first: open the link in the mail we sent when you signed up. To have it sent again, log in on the website and use "Send the link again" on your account page (/account/keys).',
  )
}
