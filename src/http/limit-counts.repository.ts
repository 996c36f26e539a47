// All SQL of the limit counts that Hortus processes share on PostgreSQL (see shared-limit-store.ts).
import type { Db } from '../db/store.ts'

export interface LimitCount {
  key: string
  window_start: string
  hits: number
}

/** Rows per statement: three parameters each, far below PostgreSQL's 65,535. */
const CHUNK = 5_000

/**
 * Adds this process's new hits and returns, for each key, the total over every process. Rows go in key
 * order, so two processes adding the same keys lock their rows in the same order and never deadlock.
 */
export async function addHits(db: Db, added: LimitCount[]): Promise<LimitCount[]> {
  const rows = [...added].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const totals: LimitCount[] = []
  for (let start = 0; start < rows.length; start += CHUNK) {
    totals.push(
      ...(await db
        .insertInto('rate_limit_counts')
        .values(rows.slice(start, start + CHUNK))
        .onConflict((conflict) =>
          conflict.columns(['key', 'window_start']).doUpdateSet((eb) => ({
            hits: eb('rate_limit_counts.hits', '+', eb.ref('excluded.hits')),
          })),
        )
        .returning(['key', 'window_start', 'hits'])
        .execute()),
    )
  }
  return totals
}

/** Forgets the windows that started before `before`. */
export async function deleteCountsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('rate_limit_counts').where('window_start', '<', before).execute()
}
