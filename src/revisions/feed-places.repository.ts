// Where each follower of the change feed has read to (feed_followers): the watchlist notifier and the webhook
// deliverer. A follower holds its row for the transaction that reads on from it, so that on PostgreSQL one
// process at a time follows (SKIP LOCKED: another process skips the round instead of waiting).
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'
import { lastFeedPosition, type FeedPosition } from './revision.repository.ts'

export type FeedFollower = 'watchlists' | 'webhooks'

/** The follower's place, held for this transaction; undefined while another process holds it. */
export async function holdFeedPlace(
  tx: Db,
  name: FeedFollower,
  dialect: 'sqlite' | 'postgres',
): Promise<FeedPosition | undefined> {
  const lock = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``
  const result = await sql<{ commit_seq: number; revision_id: number }>`
    SELECT commit_seq, revision_id FROM feed_followers WHERE name = ${name} ${lock}`.execute(tx)
  const row = result.rows[0]
  return row && { commit: Number(row.commit_seq), id: Number(row.revision_id) }
}

/** True when the feed has a change after the follower's place, read without holding the place: a follower
 * with nothing to read then takes no lock and writes nothing (on SQLite every round's transaction took the
 * one write lock, several times a second on an idle server). */
export async function feedMovedPast(db: Db, name: FeedFollower): Promise<boolean> {
  const place = await db
    .selectFrom('feed_followers')
    .select(['commit_seq', 'revision_id'])
    .where('name', '=', name)
    .executeTakeFirst()
  if (!place) return false
  const last = await lastFeedPosition(db)
  const commit = Number(place.commit_seq)
  return last.commit > commit || (last.commit === commit && last.id > Number(place.revision_id))
}

export async function moveFeedPlace(tx: Db, name: FeedFollower, place: FeedPosition): Promise<void> {
  await tx
    .updateTable('feed_followers')
    .set({ commit_seq: place.commit, revision_id: place.id })
    .where('name', '=', name)
    .execute()
}
