// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'

// An offset page (`?page=900`) skips its rows in id order. On the table itself that walks every skipped
// plant's row, documents and all (50-70 ms at 90,000 plants); this index holds only the ids, so skipping
// 90,000 of them reads a few hundred small pages (about 2 ms). PostgreSQL's primary key index already
// serves it with an index-only scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX plants_in_id_order ON plants(id)`.execute(db)
}
