// Where an offset page starts: every OFFSET_STEP-th plant in id order, kept with its position in
// plant_offsets, so that a page at any offset skips fewer than OFFSET_STEP ids instead of every plant before
// it (at a million plants a late page read the whole id index: 6.7 ms of SQLite's time a request).
// Plants are never deleted, so only an insert moves positions: those of the markers after its lowest id.
import { sql } from 'kysely'
import type { Tx } from '../db/store.ts'
import { inCommitOrder } from '../db/commit-order.ts'

export const OFFSET_STEP = 1000

const lowestNewIds = new WeakMap<Tx, number>()

/** After inserting plants with these ids: the markers after the lowest are placed again before the
 * transaction commits (in commit order on PostgreSQL, so each sees the plants committed before it). An
 * insert after the last plant, nearly every one, reads only the plants since the last marker. */
export function moveOffsetsAfter(tx: Tx, ids: readonly number[]): void {
  let lowest = lowestNewIds.get(tx) ?? Infinity
  for (const id of ids) lowest = Math.min(lowest, id)
  lowestNewIds.set(tx, lowest)
  inCommitOrder(tx, 'plant offsets', (tx) => placeOffsetsFrom(tx, lowestNewIds.get(tx)!))
}

export async function placeOffsetsFrom(tx: Tx, lowestNew: number): Promise<void> {
  // The last marker before the new ids keeps its position; the markers after it are placed again.
  const kept = await tx
    .selectFrom('plant_offsets')
    .select(['position', 'id'])
    .where('id', '<', lowestNew)
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst()
  const from = kept ? Number(kept.position) : 0
  await tx
    .deleteFrom('plant_offsets')
    .where('position', kept ? '>' : '>=', from)
    .execute()
  await sql`INSERT INTO plant_offsets (position, id)
    SELECT position, id FROM (
      SELECT id, ${from} + row_number() OVER (ORDER BY id) - 1 AS position FROM plants
      ${kept ? sql`WHERE id >= ${Number(kept.id)}` : sql``}) AS ranked
    WHERE position % ${OFFSET_STEP} = 0 AND position ${kept ? sql`>` : sql`>=`} ${from}`.execute(tx)
}

/** The marker an offset page starts from, and how many ids after it the page skips. */
export function offsetFromMarker(offset: number): { marker: number; skip: number } {
  const skip = offset % OFFSET_STEP
  return { marker: offset - skip, skip }
}
