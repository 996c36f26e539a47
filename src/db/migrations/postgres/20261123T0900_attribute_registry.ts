// Frozen: never edit a migration that has shipped; add a new one. (Edited once, for issue 38: it asks for
// its index to be rebuilt instead of filling it with application code; the end state is the same.)
import { sql, type Kysely } from 'kysely'
import { requestRebuilds } from '../index-rebuilds.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE attribute_keys (
      key_norm text COLLATE "C" PRIMARY KEY,
      key text COLLATE "C" NOT NULL,
      plants integer NOT NULL
    )`,
    sql`CREATE TABLE attribute_values (
      key_norm text COLLATE "C" NOT NULL,
      value_norm text COLLATE "C" NOT NULL,
      value text COLLATE "C" NOT NULL,
      plants integer NOT NULL,
      PRIMARY KEY (key_norm, value_norm)
    )`,
    // The most frequent values of a key, in the order GET /attributes shows them.
    sql`CREATE INDEX attribute_values_by_count ON attribute_values(key_norm, plants DESC, value_norm)`,
  ]
  for (const statement of statements) await statement.execute(db)
  await requestRebuilds(db, ['facets'])
}
