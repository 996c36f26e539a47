// Accounts: sign-up, login and the operator's password reset. Sign-up and login answer the same whether or
// not the email has an account, and spend the same time (a password is hashed or verified either way).
import { randomUUID } from 'node:crypto'
import type { Db, Store } from '../db/store.ts'
import { AppError, accountBlocked } from '../errors.ts'
import { accountOfRow, type Account } from './account.ts'
import * as repo from './account.repository.ts'
import { displayNameKey, displayNameProblem } from './display-name.ts'
import { queueConfirmation } from './email-confirmations.ts'
import { hashPassword, isOutdated, passwordProblem, verifyPassword } from './passwords.ts'

export const EMAIL_MAX_LENGTH = 254

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

function emailProblem(email: string): string | null {
  if (email.length > EMAIL_MAX_LENGTH) return `at most ${EMAIL_MAX_LENGTH} characters`
  return /^[^\s@]+@[^\s@]+$/.test(email) ? null : 'is not an email address'
}

/** Spaces trimmed and runs of them made one, so the name shown is the name compared. */
const tidyDisplayName = (name: string): string => name.trim().replace(/\s+/g, ' ')

export interface SignUpInput {
  email: string
  name: string
  password: string
}

/** What is wrong with each field of a form; empty when the form was accepted. */
export type FormProblems = Partial<Record<string, string>>

/**
 * Creates an account. An email that already has one gets the same answer and changes nothing (its password
 * stays), so the form cannot tell anyone whether an address is registered. With `confirmAt` (the site's
 * address, where mail is sent) the account must confirm its address by the link mailed to it before it
 * edits; without, it is taken as confirmed.
 */
export async function signUp(
  store: Store,
  input: SignUpInput,
  confirmAt: string | null = null,
): Promise<FormProblems> {
  const email = normalizeEmail(input.email)
  const name = tidyDisplayName(input.name)
  const problems: FormProblems = {}
  const emailIssue = emailProblem(email)
  const nameIssue = displayNameProblem(name)
  const passwordIssue = passwordProblem(input.password)
  if (emailIssue) problems.email = `The email ${emailIssue}.`
  if (nameIssue) problems.name = `The display name ${nameIssue}.`
  if (passwordIssue) problems.password = `The password needs ${passwordIssue}.`
  if (Object.keys(problems).length > 0) return problems

  const nameKey = displayNameKey(name)
  const nameTaken = { name: 'That display name is taken (or too like one that is); choose another.' }
  if (await repo.isNameKeyTaken(store.db, nameKey)) return nameTaken
  const passwordHash = await hashPassword(input.password)
  try {
    await store.transaction(async (tx) => {
      if (await repo.findAccountByEmail(tx, email)) return
      const now = new Date().toISOString()
      const id = await repo.insertAccount(tx, {
        email,
        name,
        name_key: nameKey,
        password_hash: passwordHash,
        created_at: now,
        email_verified_at: confirmAt === null ? now : null,
      })
      if (confirmAt !== null) await queueConfirmation(tx, { id, email, name }, confirmAt)
    })
  } catch (error) {
    // Another sign-up took the name or the email between the check and the insert.
    if (!store.isUniqueViolation(error)) throw error
    if (await repo.isNameKeyTaken(store.db, nameKey)) return nameTaken
  }
  return {}
}

/** The account whose email and password these are, or null (the same for an unknown email). */
export async function logIn(store: Store, email: string, password: string): Promise<Account | null> {
  if (password.length > 1024) return null
  const row = await repo.findAccountForLogin(store.db, normalizeEmail(email))
  if (!(await verifyPassword(row?.password_hash ?? null, password)) || !row) return null
  if (row.password_hash && isOutdated(row.password_hash)) {
    await repo.setPasswordHash(store.db, row.email, await hashPassword(password))
  }
  // Said only to the one who knows the password: whether an account is blocked is not public.
  if (row.blocked_at !== null) throw accountBlocked(row.blocked_reason)
  return accountOfRow(row)
}

export async function accountExists(store: Store, email: string): Promise<boolean> {
  return (await repo.findAccountByEmail(store.db, normalizeEmail(email))) !== undefined
}

/** The operator sets a password (`hortus accounts set-password`): CLI-made accounts can then log in. */
export async function setPassword(store: Store, email: string, password: string): Promise<boolean> {
  const problem = passwordProblem(password)
  if (problem) throw new AppError('validationFailed', `The password needs ${problem}.`)
  return repo.setPasswordHash(store.db, normalizeEmail(email), await hashPassword(password))
}

/**
 * The id of the account with this email, created (without a password) when there is none: for keys made
 * with the CLI. A new account is called `name` when given, else member-<id>, never after its email.
 */
export async function ensureAccount(tx: Db, email: string, name?: string): Promise<number> {
  const normalized = normalizeEmail(email)
  const problem = emailProblem(normalized)
  if (problem) throw new AppError('validationFailed', `"${email}" ${problem}.`)
  const existing = await repo.findAccountByEmail(tx, normalized)
  if (existing) return Number(existing.id)
  const chosen = name === undefined ? null : tidyDisplayName(name)
  if (chosen !== null) {
    const nameIssue = displayNameProblem(chosen)
    if (nameIssue) throw new AppError('validationFailed', `The display name "${chosen}" ${nameIssue}.`)
    if (await repo.isNameKeyTaken(tx, displayNameKey(chosen)))
      throw new AppError('validationFailed', `The display name "${chosen}" is taken.`)
  }
  const id = await repo.insertAccount(tx, {
    email: normalized,
    name: chosen ?? 'member',
    name_key: chosen === null ? `pending:${randomUUID()}` : displayNameKey(chosen),
    password_hash: null,
    created_at: new Date().toISOString(),
    // The operator made it: the address is theirs to vouch for.
    email_verified_at: new Date().toISOString(),
  })
  if (chosen === null) await repo.renameAccount(tx, id, `member-${id}`, `member${id}`)
  return id
}
