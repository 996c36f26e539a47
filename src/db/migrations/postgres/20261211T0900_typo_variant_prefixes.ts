// Frozen: never edit a migration that has shipped; add a new one.
import type { Kysely } from 'kysely'
import { requestRebuilds } from '../index-rebuilds.ts'

// A vocabulary word of 8 letters or more keeps the typo variants of its first 8 letters only (search/
// edit-distance.ts VARIANT_PREFIX): a third fewer rows. The schema is the same; the variants are
// made again by the search index's rebuild.
export async function up(db: Kysely<unknown>): Promise<void> {
  await requestRebuilds(db, ['search'])
}
