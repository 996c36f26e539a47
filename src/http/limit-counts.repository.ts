// All SQL of the limit counts that Hortus processes share on PostgreSQL (see shared-limit-store.ts).
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'

export interface LimitCount {
  key: string
  window_start: string
  window_end: string
  hits: number
}

/** Rows per statement: four parameters each, far below PostgreSQL's 65,535. */
const CHUNK = 5_000

/**
 * Adds this process's new hits, each with the window this process counts them in, and returns every key's
 * window and total over all processes. A key's row keeps its window while the given one overlaps it (the
 * first process to count the key started it); once it has ended, the given window replaces it. Rows go in
 * key order, so two processes adding the same keys lock their rows in the same order and never deadlock.
 */
export async function addHits(db: Db, added: LimitCount[]): Promise<LimitCount[]> {
  const rows = [...added].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const ended = sql<boolean>`rate_limit_counts.window_end <= excluded.window_start`
  const totals: LimitCount[] = []
  for (let start = 0; start < rows.length; start += CHUNK) {
    totals.push(
      ...(await db
        .insertInto('rate_limit_counts')
        .values(rows.slice(start, start + CHUNK))
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            window_start: sql`CASE WHEN ${ended} THEN excluded.window_start ELSE rate_limit_counts.window_start END`,
            window_end: sql`CASE WHEN ${ended} THEN excluded.window_end ELSE rate_limit_counts.window_end END`,
            hits: sql`CASE WHEN ${ended} THEN excluded.hits ELSE rate_limit_counts.hits + excluded.hits END`,
          }),
        )
        .returning(['key', 'window_start', 'window_end', 'hits'])
        .execute()),
    )
  }
  return totals
}

/** Forgets the windows that ended before `before`. */
export async function deleteCountsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('rate_limit_counts').where('window_end', '<', before).execute()
}
