// Frozen: never edit a migration that has shipped; add a new one.
// The same table as PostgreSQL's migration of the same name, so both schemas stay one. SQLite is served by
// one process, which counts its limits in memory: nothing writes here.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE rate_limit_counts (
    key TEXT PRIMARY KEY,
    window_start TEXT NOT NULL,
    window_end TEXT NOT NULL,
    hits INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID`.execute(db)
}
