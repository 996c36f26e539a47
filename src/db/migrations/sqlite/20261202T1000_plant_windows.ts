// Frozen: never edit a migration that has shipped; add a new one. (Edited once, for issue 38: it asks for
// its index to be rebuilt instead of filling it with application code; the end state is the same.)
import { sql, type Kysely } from 'kysely'
import { requestRebuilds } from '../index-rebuilds.ts'

// The window index: every sowing and planting window of a plant's attributes as days from its frost
// (calendar/window-rows.ts), so that "what to sow on this date" (GET /calendar) is one index range per
// frost and no plant is parsed per request.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE plant_windows (
    plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    action TEXT NOT NULL,
    anchor TEXT NOT NULL,
    from_days INTEGER NOT NULL,
    to_days INTEGER NOT NULL,
    note TEXT NOT NULL,
    PRIMARY KEY (plant_id, position)
  ) STRICT, WITHOUT ROWID`.execute(db)
  // A date's offset from a frost: the windows of that frost starting on or before it.
  await sql`CREATE INDEX plant_windows_open ON plant_windows(anchor, from_days, to_days)`.execute(db)
  await requestRebuilds(db, ['windows'])
}
