// The second half of the migrate step. A migration only changes the schema: where a new or changed index
// needs filling from the plants already stored, it records the index's name in index_rebuilds
// (migrations/index-rebuilds.ts), and once the migrations have run, the store's opener (src/open-store.ts)
// calls this with the write path's list of indexes, which rebuilds each one asked for, in the list's order.
// The storage layer knows no index: it is given them.
import { sql } from 'kysely'
import type { Store, Tx } from './store.ts'

export interface Rebuildable {
  readonly name: string
  rebuild(store: Store, tx: Tx): Promise<void>
}

/** Rebuilds every index a migration asked for, each in its own transaction, which also takes the request
 * away: a second process opening the same database meanwhile waits for the first's transaction, then finds
 * nothing left to do. A name that no index has fails loudly, as a failed migration does. */
export async function rebuildRequested(store: Store, indexes: readonly Rebuildable[]): Promise<string[]> {
  const asked = await store.db.selectFrom('index_rebuilds').select('name').execute()
  const unknown = asked.filter(({ name }) => !indexes.some((index) => index.name === name))
  if (unknown.length > 0)
    throw new Error(
      `A migration asked to rebuild an index no one keeps: ${unknown.map(({ name }) => name).join(', ')}`,
    )
  const rebuilt: string[] = []
  for (const index of indexes) {
    if (!asked.some(({ name }) => name === index.name)) continue
    await store.transaction(async (tx) => {
      const taken = await tx
        .deleteFrom('index_rebuilds')
        .where('name', '=', index.name)
        .returning('name')
        .execute()
      if (taken.length === 0) return
      // A rebuild reads and writes every plant's rows in one transaction: at a million plants on
      // PostgreSQL a single statement of it (emptying the old rows) outlasts the pool's statement_timeout,
      // and opening the database failed. It runs once, while the database is opened, as a migration does.
      if (store.dialect === 'postgres') await sql`SET LOCAL statement_timeout = 0`.execute(tx)
      await index.rebuild(store, tx)
      rebuilt.push(index.name)
    })
  }
  // Every plant's rows were written again: left to autovacuum, the full-text table of a million plants kept
  // a million dead rows for minutes after its rebuild on PostgreSQL, and a faceted search read their pages
  // (7.3 ms, 5.4 once vacuumed). A new database, whose first migrations ask for every index, has no plant.
  if (rebuilt.length > 0 && (await store.db.selectFrom('plants').select('id').limit(1).executeTakeFirst()))
    await store.refreshStatistics()
  return rebuilt
}
