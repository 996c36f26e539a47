// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'

// Every list answers with its `total`. Counting 90,000 plants on every request cost PostgreSQL about 15 ms
// (it scans the table). Plants are never deleted, so every insert adds to this one row in its own
// transaction instead (plant.repository.ts), and an unfiltered list reads it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE plant_total (
    id integer PRIMARY KEY CHECK (id = 1),
    plants bigint NOT NULL
  )`.execute(db)
  await sql`INSERT INTO plant_total (id, plants) SELECT 1, count(*) FROM plants`.execute(db)
}
