// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../../store.ts'
import { backfillPlantNumbers } from '../../../attributes/number-backfill.ts'

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
  await backfillPlantNumbers(db as unknown as Db)
  await sql`ALTER TABLE attribute_keys ADD COLUMN number_plants integer NOT NULL DEFAULT 0`.execute(db)
  await sql`UPDATE attribute_keys SET number_plants =
    (SELECT count(DISTINCT plant_id) FROM plant_numbers n WHERE n.key = attribute_keys.key_norm)`.execute(db)
}
