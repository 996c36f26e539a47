// New accounts write less: an account younger than a day may make at most HORTUS_NEW_ACCOUNT_WRITES_PER_DAY
// creates, updates and link changes, on the API and the website together, so a vandal's fresh account
// can do little harm before someone patrols it. Counted from the revisions it wrote (a link's two
// revisions are one save); two saves racing at the limit may both pass, which costs at most a few.
import type { Account } from '../accounts/account.ts'
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { writesSince } from './moderation.repository.ts'
import { rateLimitRefusals } from '../metrics/instruments.ts'

const DAY_MS = 86_400_000

/** Throws 429 (with Retry-After: when the account is a day old) once a new account has used its writes. */
export async function assertNewAccountMayWrite(
  store: Store,
  account: Pick<Account, 'id' | 'created_at'>,
  writesPerDay: number,
  now = Date.now(),
): Promise<void> {
  const ageMs = now - Date.parse(account.created_at)
  if (!(ageMs < DAY_MS)) return
  const { writes } = await writesSince(store.db, account.id, account.created_at)
  if (writes < writesPerDay) return
  const seconds = Math.max(1, Math.ceil((DAY_MS - ageMs) / 1000))
  rateLimitRefusals.inc({ limit: 'new_account_writes' })
  throw new AppError(
    'tooManyRequests',
    `A new account makes at most ${writesPerDay} changes on its first day, and this one has made them. Try again in ${Math.ceil(seconds / 3600)} h, when the account is a day old.`,
    { retryAfterSeconds: seconds },
  )
}
