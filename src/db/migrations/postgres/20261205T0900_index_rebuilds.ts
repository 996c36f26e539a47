// Frozen: never edit a migration that has shipped; add a new one.
import type { Kysely } from 'kysely'
import { createRebuildRequests } from '../index-rebuilds.ts'

// Where migrations ask for an index to be rebuilt by the migrate step (../index-rebuilds.ts): every
// database has the table, whether or not a migration it ran asked for anything.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRebuildRequests(db)
}
