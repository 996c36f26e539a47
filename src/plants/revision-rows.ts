// Writing revisions: each save's row, and the change feed position each transaction's revisions are given
// as it commits. Reading them is revisions/revision.repository.ts.
import { sql } from 'kysely'
import type { Tx } from '../db/store.ts'
import type { PlantRevisionsTable } from '../db/schema.ts'
import { insertMany } from '../db/many-rows.ts'
import { inCommitOrder } from '../db/commit-order.ts'

export type RevisionRow = Omit<
  PlantRevisionsTable,
  'id' | 'commit_seq' | 'patrolled_at' | 'patrolled_by' | 'note_hidden_at'
>

export async function insertRevision(tx: Tx, revision: RevisionRow): Promise<void> {
  await tx.insertInto('plant_revisions').values(revision).execute()
  inCommitOrder(tx, FEED_POSITION, giveFeedPosition)
}

export async function insertRevisions(tx: Tx, revisions: RevisionRow[]): Promise<void> {
  await insertMany(tx, 'plant_revisions', revisions)
  if (revisions.length > 0) inCommitOrder(tx, FEED_POSITION, giveFeedPosition)
}

const FEED_POSITION = 'change feed position'

/** Run as the transaction's last step, in commit order (db/commit-order.ts): the transaction's revisions,
 * the only ones without a position it can see, take the number after the last commit's. */
async function giveFeedPosition(tx: Tx): Promise<void> {
  await sql`UPDATE plant_revisions
    SET commit_seq = (SELECT COALESCE(MAX(commit_seq), 0) + 1 FROM plant_revisions)
    WHERE commit_seq IS NULL`.execute(tx)
}
