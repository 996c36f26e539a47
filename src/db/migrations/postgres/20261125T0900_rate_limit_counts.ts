// Frozen: never edit a migration that has shipped; add a new one.
// The API's limits shared by every Hortus process on this database: each process adds its requests per key
// about every 250 ms and reads back the totals (src/http/shared-limit-store.ts). One row per key: its
// current window and the hits in it. UNLOGGED: the counts are worth a minute at most, so they skip the WAL
// (and the replicas); a crash empties the table.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE rate_limit_counts (
    key text COLLATE "C" PRIMARY KEY,
    window_start timestamptz(3) NOT NULL,
    window_end timestamptz(3) NOT NULL,
    hits bigint NOT NULL
  )`.execute(db)
}
