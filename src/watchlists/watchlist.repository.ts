// All SQL of watchlists: who watches what, how they are mailed, unsubscribe links, and the notifier's place
// in the change feed.
import type { Db } from '../db/store.ts'
import type { WatchMail } from '../db/schema.ts'

export async function addWatch(db: Db, accountId: number, plantId: number, now: string): Promise<void> {
  await db
    .insertInto('watches')
    .values({ account_id: accountId, plant_id: plantId, created_at: now })
    .onConflict((conflict) => conflict.columns(['account_id', 'plant_id']).doNothing())
    .execute()
}

export async function removeWatch(db: Db, accountId: number, plantId: number): Promise<void> {
  await db.deleteFrom('watches').where('account_id', '=', accountId).where('plant_id', '=', plantId).execute()
}

export async function isWatching(db: Db, accountId: number, plantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('watches')
    .select('plant_id')
    .where('account_id', '=', accountId)
    .where('plant_id', '=', plantId)
    .executeTakeFirst()
  return row !== undefined
}

/** The plants an account watches, by name. */
export async function watchedPlants(db: Db, accountId: number) {
  const rows = await db
    .selectFrom('watches as w')
    .innerJoin('plants as p', 'p.id', 'w.plant_id')
    .select(['p.id', 'p.name', 'p.scientific_name', 'p.slug'])
    .where('w.account_id', '=', accountId)
    .orderBy('p.name')
    .orderBy('p.id')
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

export async function findSettings(db: Db, accountId: number) {
  return db.selectFrom('watch_settings').selectAll().where('account_id', '=', accountId).executeTakeFirst()
}

export async function saveSettings(
  db: Db,
  settings: { account_id: number; mail: WatchMail; site_url: string; last_digest_at: string },
): Promise<void> {
  await db
    .insertInto('watch_settings')
    .values(settings)
    .onConflict((conflict) =>
      conflict.column('account_id').doUpdateSet({
        mail: settings.mail,
        site_url: settings.site_url,
        last_digest_at: settings.last_digest_at,
      }),
    )
    .execute()
}

export async function setMail(db: Db, accountId: number, mail: WatchMail): Promise<void> {
  await db.updateTable('watch_settings').set({ mail }).where('account_id', '=', accountId).execute()
}

export async function insertUnsubscribeLink(db: Db, tokenHash: string, accountId: number, now: string) {
  await db
    .insertInto('unsubscribe_links')
    .values({ token_hash: tokenHash, account_id: accountId, created_at: now })
    .execute()
}

export async function accountOfUnsubscribeLink(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('unsubscribe_links')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return row === undefined ? undefined : Number(row.account_id)
}

export async function deleteUnsubscribeLinksBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('unsubscribe_links').where('created_at', '<', before).execute()
}

/** Revisions after `place` in feed order, with their plant's name and slug. */
export async function revisionsAfterPlace(tx: Db, place: { commit: number; id: number }, limit: number) {
  const rows = await tx
    .selectFrom('plant_revisions as r')
    .innerJoin('plants as p', 'p.id', 'r.plant_id')
    .select([
      'r.id',
      'r.commit_seq',
      'r.plant_id',
      'r.version',
      'r.author',
      'r.author_id',
      'r.note',
      'p.name',
      'p.slug',
    ])
    .where('r.commit_seq', 'is not', null)
    .where((eb) => eb(eb.refTuple('r.commit_seq', 'r.id'), '>', eb.tuple(place.commit, place.id)))
    .orderBy('r.commit_seq')
    .orderBy('r.id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    commit_seq: Number(row.commit_seq),
    plant_id: Number(row.plant_id),
    author_id: row.author_id === null ? null : Number(row.author_id),
  }))
}

/** Who watches the plant and asked for mail at once, with their address and name. */
export async function instantWatchers(tx: Db, plantId: number) {
  const rows = await tx
    .selectFrom('watches as w')
    .innerJoin('watch_settings as s', 's.account_id', 'w.account_id')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .select(['a.id', 'a.email', 'a.name', 's.site_url'])
    .where('w.plant_id', '=', plantId)
    .where('s.mail', '=', 'instant')
    .where('a.blocked_at', 'is', null)
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** Marks the plant mailed about to the account now, unless it was within the last hour: false then. */
export async function claimMailSlot(
  tx: Db,
  accountId: number,
  plantId: number,
  now: string,
  hourAgo: string,
) {
  const last = await tx
    .selectFrom('watch_mailed')
    .select('mailed_at')
    .where('account_id', '=', accountId)
    .where('plant_id', '=', plantId)
    .executeTakeFirst()
  if (last && last.mailed_at > hourAgo) return false
  await tx
    .insertInto('watch_mailed')
    .values({ account_id: accountId, plant_id: plantId, mailed_at: now })
    .onConflict((conflict) => conflict.columns(['account_id', 'plant_id']).doUpdateSet({ mailed_at: now }))
    .execute()
  return true
}

/** Accounts whose daily digest is due (their last one a day ago or more). */
export async function dueDigests(tx: Db, dayAgo: string) {
  const rows = await tx
    .selectFrom('watch_settings as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select(['a.id', 'a.email', 'a.name', 's.site_url', 's.last_digest_at'])
    .where('s.mail', '=', 'daily')
    .where('s.last_digest_at', '<=', dayAgo)
    .where('a.blocked_at', 'is', null)
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** Changes by others to the plants an account watches since `since`, newest first, at most `limit`. */
export async function changesToWatched(tx: Db, accountId: number, since: string, limit: number) {
  const rows = await tx
    .selectFrom('plant_revisions as r')
    .innerJoin('watches as w', (join) =>
      join.onRef('w.plant_id', '=', 'r.plant_id').on('w.account_id', '=', accountId),
    )
    .innerJoin('plants as p', 'p.id', 'r.plant_id')
    .select(['r.id', 'r.version', 'r.author', 'r.note', 'r.created_at', 'p.name', 'p.slug'])
    .where('r.created_at', '>', since)
    .where((eb) => eb.or([eb('r.author_id', 'is', null), eb('r.author_id', '!=', accountId)]))
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute()
  return rows
}

export async function setLastDigest(tx: Db, accountId: number, at: string): Promise<void> {
  await tx
    .updateTable('watch_settings')
    .set({ last_digest_at: at })
    .where('account_id', '=', accountId)
    .execute()
}
