// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'

// Which keys moved the attribute registry's version (derived_versions), by version: a process whose phrase
// book is at an older version reads those keys again, not the whole registry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE registry_changes (
    version bigint NOT NULL,
    key_norm text NOT NULL,
    PRIMARY KEY (version, key_norm)
  )`.execute(db)
}
