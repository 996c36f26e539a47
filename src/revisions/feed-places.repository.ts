// Where each follower of the change feed has read to (feed_followers): the watchlist notifier and the webhook
// deliverer. A follower holds its row for the transaction that reads on from it, so that on PostgreSQL one
// process at a time follows (SKIP LOCKED: another process skips the round instead of waiting).
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'
import type { FeedPosition } from './revision.repository.ts'

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

export async function moveFeedPlace(tx: Db, name: FeedFollower, place: FeedPosition): Promise<void> {
  await tx
    .updateTable('feed_followers')
    .set({ commit_seq: place.commit, revision_id: place.id })
    .where('name', '=', name)
    .execute()
}
