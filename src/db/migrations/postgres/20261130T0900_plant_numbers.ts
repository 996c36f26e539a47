// Frozen: never edit a migration that has shipped; add a new one. (Edited once, for issue 38: it asks for
// its index to be rebuilt instead of filling it with application code; the end state is the same.)
import { sql, type Kysely } from 'kysely'
import { requestRebuilds } from '../index-rebuilds.ts'

// The range index: every number or range in an attribute value as a span (attribute-numbers.ts), so that
// `Height=1..3` and "taller than 30 m" are one index range per key. The registry counts, per key, the
// plants whose value is a number: a key most of whose plants have one is numeric.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE plant_numbers (
    plant_id bigint NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    low double precision NOT NULL,
    high double precision NOT NULL,
    PRIMARY KEY (key, low, high, plant_id)
  )`.execute(db)
  await sql`CREATE INDEX plant_numbers_plant ON plant_numbers(plant_id)`.execute(db)
  // A range open above ("20..") reads the key's spans by their high end.
  await sql`CREATE INDEX plant_numbers_high ON plant_numbers(key, high)`.execute(db)
  await sql`ALTER TABLE attribute_keys ADD COLUMN number_plants integer NOT NULL DEFAULT 0`.execute(db)
  // The registry's count of plants with a number per key comes with the registry's rebuild.
  await requestRebuilds(db, ['numbers', 'facets'])
}
