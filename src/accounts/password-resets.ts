// "Forgot your password?": a link that works once, within an hour, sent by mail. The token is in the link
// only; the database keeps its SHA-256. Asking answers the same whether or not the address has an account,
// and a new password ends every session of the account.
import { randomBytes } from 'node:crypto'
import type { Store } from '../db/store.ts'
import { mailFooter, queueMail } from '../mail/outbox.ts'
import * as accounts from './account.repository.ts'
import { normalizeEmail, type FormProblems } from './account.service.ts'
import { hashPassword, passwordProblem } from './passwords.ts'
import * as repo from './password-resets.repository.ts'
import { hashToken } from './sessions.ts'

const RESET_LINK_MINUTES = 60
/** Links one address is sent per hour at most: asking again sends nothing more (and says the same). */
const RESET_LINKS_PER_HOUR = 3

/**
 * Sends the account of `email` a link to set a new password, at `siteUrl`. Nothing happens for an address
 * without an account, a blocked one, or one sent RESET_LINKS_PER_HOUR links this hour; the caller says
 * the same words either way.
 */
export async function requestPasswordReset(store: Store, email: string, siteUrl: string): Promise<void> {
  const account = await accounts.findAccountForLogin(store.db, normalizeEmail(email))
  if (!account || account.blocked_at !== null) return
  const now = new Date()
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString()
  if ((await repo.countResetsSince(store.db, account.email, hourAgo)) >= RESET_LINKS_PER_HOUR) return
  const token = randomBytes(32).toString('base64url')
  await store.transaction(async (tx) => {
    await repo.insertReset(tx, {
      token_hash: hashToken(token),
      account_id: Number(account.id),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
    })
    await queueMail(tx, {
      to: account.email,
      subject: 'Set a new password for Hortus',
      text:
        `Hello ${account.name},\n\n` +
        `someone asked to set a new password for your Hortus account (we hope it was you).\n\n` +
        `To choose one, open this link within an hour. It works once:\n\n` +
        `${siteUrl}/reset-password?token=${token}\n\n` +
        `If you did not ask, you need do nothing: your password stays as it is.` +
        mailFooter(siteUrl),
    })
  })
}

/** Whether the link's token is one that may still set a password (the form is shown only then). */
export async function isUsableResetToken(store: Store, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false
  const reset = await repo.findUsableReset(store.db, hashToken(token), new Date().toISOString())
  return reset !== undefined && reset.blocked_at === null
}

/**
 * Sets the account's new password through the link, once: the link is used, the account's other links
 * and every session end. Returns the form's problems; `token` when the link no longer works.
 */
export async function resetPassword(store: Store, token: string, password: string): Promise<FormProblems> {
  const problem = passwordProblem(password)
  if (problem) return { password: `The password needs ${problem}.` }
  const expired = { token: 'This link no longer works: it was used, or its hour is over. Ask for a new one.' }
  if (!token || token.length > 100) return expired
  const tokenHash = hashToken(token)
  const now = new Date().toISOString()
  const reset = await repo.findUsableReset(store.db, tokenHash, now)
  if (!reset || reset.blocked_at !== null) return expired
  const hash = await hashPassword(password)
  const done = await store.transaction(async (tx) => {
    if (!(await repo.useReset(tx, tokenHash, now))) return false
    await repo.setPasswordHashOf(tx, Number(reset.id), hash)
    await repo.deleteSessionsOf(tx, Number(reset.id))
    await repo.deleteResetsOf(tx, Number(reset.id), now)
    return true
  })
  return done ? {} : expired
}
