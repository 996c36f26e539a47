// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'

// A search filtered by type (`type=Species`) tests each full-text match's type by its id: with the type in
// the index, an index-only scan answers it without visiting the table's rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX plants_id_type ON plants (id) INCLUDE (type)`.execute(db)
}
