// Frozen: never edit a migration that has shipped; add a new one.
// Where values come from (issue 29). A dataset's sources, by the id its file gives them; for each value an
// import wrote, the source its file named (or the person its file says saved it); `*` is a line's source,
// for its values that name none. Who saved a value on this Hortus is in the revisions, not here. A link
// names its source itself. A plant's pests and diseases, as records a dataset brings.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE data_sources (
      id INTEGER PRIMARY KEY,
      slug TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      url TEXT,
      license TEXT
    ) STRICT`,
    sql`CREATE TABLE value_sources (
      plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      key TEXT NOT NULL,
      source_id INTEGER REFERENCES data_sources(id),
      saved_by TEXT,
      saved_version INTEGER,
      PRIMARY KEY (plant_id, key)
    ) STRICT, WITHOUT ROWID`,
    sql`ALTER TABLE plant_links ADD COLUMN source_id INTEGER REFERENCES data_sources(id)`,
    sql`CREATE TABLE plant_problems (
      id INTEGER PRIMARY KEY,
      plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      type TEXT NOT NULL CHECK (type IN ('pest', 'disease')),
      severity TEXT,
      symptoms TEXT,
      management TEXT NOT NULL,
      prevention TEXT,
      source_id INTEGER REFERENCES data_sources(id)
    ) STRICT`,
    sql`CREATE INDEX plant_problems_plant ON plant_problems(plant_id, id)`,
  ]
  for (const statement of statements) await statement.execute(db)
}
