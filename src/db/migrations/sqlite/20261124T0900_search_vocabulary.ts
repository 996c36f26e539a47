// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../../store.ts'
import { backfillSearchVocabulary } from '../../../search/vocabulary-backfill.ts'
import { SqliteSearch } from '../../../search/sqlite-search.ts'

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
  ]
  for (const statement of statements) await statement.execute(db)
  await backfillSearchVocabulary(db as unknown as Db, new SqliteSearch())
}
