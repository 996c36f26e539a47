import type { Role } from '../db/schema.ts'

/** The account behind an API key: who a change is credited to. */
export interface Account {
  id: number
  email: string
  name: string
  role: Role
  /** When the account was made: a new account writes less (moderation/new-accounts.ts). */
  created_at: string
  /** When its address was confirmed; null until then, and until then it may not edit (where mail is sent). */
  email_verified_at: string | null
}

export type { Role }

/** What a role may do: a moderator patrols, hides notes and blocks; an operator also sets roles. */
const ROLE_RANK: Record<Role, number> = { member: 0, moderator: 1, operator: 2 }
export const hasRole = (account: { role: Role } | null, role: Role): boolean =>
  account !== null && ROLE_RANK[account.role] >= ROLE_RANK[role]

/** A verified API key: whose it is, and whether the operator approved it for commercial use (such keys
 * have their own, higher limits). */
export interface VerifiedKey {
  account: Account
  commercial: boolean
  /** The account is blocked: the key is refused with 403. */
  blocked: boolean
}

/** Who a save is credited to: an account, or the system (the importer) with no account id. */
export interface Author {
  id: number | null
  name: string
}

/** An account as a row gives it (the pg driver is set to give ids as numbers and times as ISO text). */
export function accountOfRow(row: {
  id: number | string
  email: string
  name: string
  role: Role
  created_at: string
  email_verified_at: string | null
}): Account {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: row.role,
    created_at: row.created_at,
    email_verified_at: row.email_verified_at,
  }
}
