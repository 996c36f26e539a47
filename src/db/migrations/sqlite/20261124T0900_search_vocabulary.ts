// Frozen: never edit a migration that has shipped; add a new one. (Edited once, for issue 38: it asks for
// its index to be rebuilt instead of filling it with application code; the end state is the same.)
import { sql, type Kysely } from 'kysely'
import { requestRebuilds } from '../index-rebuilds.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE search_words (
      word TEXT PRIMARY KEY,
      plants INTEGER NOT NULL,
      name_plants INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE TABLE search_word_variants (
      variant TEXT NOT NULL,
      word TEXT NOT NULL,
      PRIMARY KEY (variant, word)
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE TABLE search_names (
      plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      kind INTEGER NOT NULL,
      PRIMARY KEY (plant_id, name)
    ) STRICT, WITHOUT ROWID`,
    // Names in order: exact and starts-with lookups, and suggestions, are ranges of this index.
    sql`CREATE INDEX search_names_name ON search_names(name, plant_id)`,
    // The full-text index again, with prefix indexes for 1 and 2 characters: a one-letter search reads one
    // list instead of merging those of every word starting with the letter.
    sql`CREATE VIRTUAL TABLE plants_fts_prefixed USING fts5(
      name, scientific_name, alternate_names, description,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2'
    )`,
    sql`INSERT INTO plants_fts_prefixed (rowid, name, scientific_name, alternate_names, description)
      SELECT rowid, name, scientific_name, alternate_names, description FROM plants_fts`,
    sql`DROP TABLE plants_fts`,
    sql`ALTER TABLE plants_fts_prefixed RENAME TO plants_fts`,
  ]
  for (const statement of statements) await statement.execute(db)
  await requestRebuilds(db, ['search'])
}
