// Frozen: never edit a migration that has shipped; add a new one. (Edited once, for issue 38: it asks for
// its index to be rebuilt instead of filling it with application code; the end state is the same.)
// The same tables as the SQLite migration of the same name; text is COLLATE "C" so that ranges and order
// are byte-wise, as in SQLite.
import { sql, type Kysely } from 'kysely'
import { requestRebuilds } from '../index-rebuilds.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE search_words (
      word text COLLATE "C" PRIMARY KEY,
      plants integer NOT NULL,
      name_plants integer NOT NULL
    )`,
    sql`CREATE TABLE search_word_variants (
      variant text COLLATE "C" NOT NULL,
      word text COLLATE "C" NOT NULL,
      PRIMARY KEY (variant, word)
    )`,
    sql`CREATE TABLE search_names (
      plant_id bigint NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      name text COLLATE "C" NOT NULL,
      kind smallint NOT NULL,
      PRIMARY KEY (plant_id, name)
    )`,
    // Names in order: exact and starts-with lookups, and suggestions, are ranges of this index.
    sql`CREATE INDEX search_names_name ON search_names(name, plant_id)`,
  ]
  for (const statement of statements) await statement.execute(db)
  await requestRebuilds(db, ['search'])
}
