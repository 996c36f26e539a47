// Moderation: roles, blocks, patrol and hidden notes, each written to the moderation log with who did it,
// when and why. Pages and the CLI call these; who may call them is checked here, not by the caller.
import { hasRole, type Account } from '../accounts/account.ts'
import type { Role } from '../db/schema.ts'
import type { Store } from '../db/store.ts'
import { AppError, notFound } from '../errors.ts'
import { offsetPagination, offsetWindow, type PageRequest } from '../paging.ts'
import * as repo from './moderation.repository.ts'

/** Who acts: an account with a role, or the operator at the command line (no account). */
export type Moderator = Pick<Account, 'id' | 'name' | 'role'> | typeof COMMAND_LINE

export const COMMAND_LINE = { id: null, name: 'operator (command line)', role: 'operator' } as const

export const ROLES: readonly Role[] = ['member', 'moderator', 'operator']

/** Whom an action is about: by email (the CLI) or by display name (the website's people pages). */
export type Who = { email: string } | { name: string }

function mustBe(moderator: Moderator, role: Role): void {
  if (!hasRole(moderator, role))
    throw new AppError('forbidden', `Only a ${role} can do that; ask one, or the operator.`)
}

async function accountOf(store: Store, who: Who) {
  const normalized = 'email' in who ? { email: who.email.trim().toLowerCase() } : who
  const account = await repo.findAccountByEmailOrName(store.db, normalized)
  if (!account)
    throw notFound('email' in who ? `An account with email ${who.email}` : `The person ${who.name}`)
  return { ...account, id: Number(account.id) }
}

const log = (store: Store, by: Moderator, action: string, target: string, reason: string) =>
  repo.insertLogEntry(store.db, {
    at: new Date().toISOString(),
    moderator_id: by.id,
    moderator: by.name,
    action,
    target,
    reason,
  })

const reasonNeeded = (reason: string): string => {
  const trimmed = reason.trim()
  if (!trimmed) throw new AppError('validationFailed', 'Give a reason: the moderation log keeps it.')
  return trimmed.slice(0, 1000)
}

export async function setRole(store: Store, who: Who, role: Role, by: Moderator): Promise<void> {
  mustBe(by, 'operator')
  const account = await accountOf(store, who)
  await repo.setRole(store.db, account.id, role)
  await log(store, by, 'set role', `${account.name}: ${account.role} → ${role}`, '')
}

/** Blocks an account: its sessions end, its keys are refused (in this process at once, through
 * `forgetKeys`; in others within HORTUS_KEY_CACHE_SECONDS), its edits stay. Returns the account's id. */
export async function blockAccount(
  store: Store,
  who: Who,
  reason: string,
  by: Moderator,
  forgetKeys: (accountId: number) => void = () => {},
): Promise<number> {
  mustBe(by, 'moderator')
  const why = reasonNeeded(reason)
  const account = await accountOf(store, who)
  if (account.id === by.id) throw new AppError('forbidden', 'You cannot block yourself.')
  if (hasRole(account, 'operator') && !hasRole(by, 'operator'))
    throw new AppError('forbidden', 'Only an operator can block an operator.')
  await store.transaction(async (tx) => {
    await repo.setBlocked(tx, account.id, new Date().toISOString(), why)
    await repo.deleteSessionsOf(tx, account.id)
  })
  forgetKeys(account.id)
  await log(store, by, 'block', account.name, why)
  return account.id
}

export async function unblockAccount(store: Store, who: Who, reason: string, by: Moderator): Promise<void> {
  mustBe(by, 'moderator')
  const account = await accountOf(store, who)
  await repo.setBlocked(store.db, account.id, null, null)
  await log(store, by, 'unblock', account.name, reason.trim())
}

export async function patrolRevision(store: Store, plantId: number, version: number, by: Moderator) {
  mustBe(by, 'moderator')
  const done = await repo.markPatrolled(store.db, plantId, version, new Date().toISOString(), by.name)
  if (!done) throw notFound(`Version ${version} of plant ${plantId}`)
  await log(store, by, 'patrol', `plant ${plantId} version ${version}`, '')
}

/** Hides an abusive note from public view (or shows it again); the revision itself stays. */
export async function hideNote(
  store: Store,
  plantId: number,
  version: number,
  hidden: boolean,
  reason: string,
  by: Moderator,
): Promise<void> {
  mustBe(by, 'moderator')
  const why = hidden ? reasonNeeded(reason) : reason.trim()
  const at = hidden ? new Date().toISOString() : null
  if (!(await repo.setNoteHidden(store.db, plantId, version, at)))
    throw notFound(`Version ${version} of plant ${plantId}`)
  await log(store, by, hidden ? 'hide note' : 'show note', `plant ${plantId} version ${version}`, why)
}

/** The moderation log, newest first: for moderators only. */
export async function moderationLog(store: Store, request: PageRequest, by: Moderator) {
  mustBe(by, 'moderator')
  const { page, perPage, limit, offset } = offsetWindow(request)
  const [total, entries] = await Promise.all([
    repo.countLogEntries(store.reader),
    repo.listLogEntries(store.reader, limit, offset),
  ])
  return {
    entries,
    pagination: offsetPagination(page, perPage, total),
  }
}
