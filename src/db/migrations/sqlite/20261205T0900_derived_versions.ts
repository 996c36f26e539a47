// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'

// What is derived in memory from the database (the phrase book behind `q`, from the attribute registry's
// keys and values) was kept until the change feed moved, so every save made the next search rebuild it.
// A version per derived input, moved only by a save that changes that input (a key or value appears or
// goes, a key becomes numeric or stops being), tells a process when its copy is out of date.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE derived_versions (
    name text PRIMARY KEY,
    version bigint NOT NULL
  )`.execute(db)
  await sql`INSERT INTO derived_versions (name, version) VALUES ('attribute_registry', 1)`.execute(db)
}
