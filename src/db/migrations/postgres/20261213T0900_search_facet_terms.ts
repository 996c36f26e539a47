// Frozen: never edit a migration that has shipped; add a new one.
import type { Kysely } from 'kysely'
import { requestRebuilds } from '../index-rebuilds.ts'

// The full-text documents hold each plant's facet values as terms (search/facet-terms.ts), so that a
// search with words and a facet filter is narrowed inside the GIN index. The schema is the same; the
// documents are made again by the search index's rebuild. PostgreSQL only: SQLite's index has no such
// terms.
export async function up(db: Kysely<unknown>): Promise<void> {
  await requestRebuilds(db, ['search'])
}
