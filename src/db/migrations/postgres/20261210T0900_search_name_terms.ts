// Frozen: never edit a migration that has shipped; add a new one.
import type { Kysely } from 'kysely'
import { requestRebuilds } from '../index-rebuilds.ts'

// The full-text documents hold each plant's names as terms (`=word`, `==name`, `=:name`: search/
// postgres-search.ts), which the names' tiers ask for instead of weight A and of the names table, and
// lose their positions and weights. The schema is
// the same; the documents are made again by the search index's rebuild. PostgreSQL only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await requestRebuilds(db, ['search'])
}
