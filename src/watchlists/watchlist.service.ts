// Watchlists: a member watches plants, sees their recent changes on /watchlist, and may be mailed when one
// changes, at once (at most one mail per plant an hour) or as a daily digest; every mail has a one-click
// unsubscribe link. The mails themselves come from the notifier (watch-notifier.ts).
import { randomBytes } from 'node:crypto'
import type { Account } from '../accounts/account.ts'
import type { WatchMail } from '../db/schema.ts'
import type { Store } from '../db/store.ts'
import { changesToPlants, type RecentChanges } from '../revisions/recent-changes.ts'
import * as repo from './watchlist.repository.ts'
import { hashToken } from '../accounts/sessions.ts'

export type { WatchMail }

export async function watch(store: Store, account: Account, plantId: number): Promise<void> {
  await repo.addWatch(store.db, account.id, plantId, new Date().toISOString())
}

export async function unwatch(store: Store, account: Account, plantId: number): Promise<void> {
  await repo.removeWatch(store.db, account.id, plantId)
}

export function isWatching(store: Store, account: Account, plantId: number): Promise<boolean> {
  return repo.isWatching(store.reader, account.id, plantId)
}

export interface Watchlist {
  plants: { id: number; name: string; scientific_name: string; slug: string }[]
  mail: WatchMail
  recent: RecentChanges
}

export async function watchlistOf(
  store: Store,
  account: Account,
  before: number | undefined,
): Promise<Watchlist> {
  const [plants, settings] = await Promise.all([
    repo.watchedPlants(store.reader, account.id),
    repo.findSettings(store.reader, account.id),
  ])
  const recent = await changesToPlants(
    store,
    plants.map((plant) => plant.id),
    before,
    account,
  )
  return { plants, mail: settings?.mail ?? 'none', recent }
}

/** How the member is mailed, and at which address the links point (`siteUrl`, where they chose it). */
export async function setWatchMail(
  store: Store,
  account: Account,
  mail: WatchMail,
  siteUrl: string,
): Promise<void> {
  // A digest covers the day from the choice on, not the watchlist's whole past.
  await repo.saveSettings(store.db, {
    account_id: account.id,
    mail,
    site_url: siteUrl,
    last_digest_at: new Date().toISOString(),
  })
}

/** A new one-click link that stops the account's watchlist mail, for a mail being written in `tx`. */
export async function newUnsubscribeLink(
  tx: Store['db'],
  accountId: number,
  siteUrl: string,
): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await repo.insertUnsubscribeLink(tx, hashToken(token), accountId, new Date().toISOString())
  return `${siteUrl}/watchlist/unsubscribe?token=${token}`
}

/** Stops the mail of the link's account; false for an unknown link. No login is needed. */
export async function unsubscribe(store: Store, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false
  const accountId = await repo.accountOfUnsubscribeLink(store.db, hashToken(token))
  if (accountId === undefined) return false
  await repo.setMail(store.db, accountId, 'none')
  return true
}
