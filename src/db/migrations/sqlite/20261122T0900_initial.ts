// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE accounts (
      id INTEGER PRIMARY KEY,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      name TEXT NOT NULL,
      password_hash TEXT,
      created_at TEXT NOT NULL
    ) STRICT`,
    sql`CREATE TABLE api_keys (
      id INTEGER PRIMARY KEY,
      key_id TEXT NOT NULL UNIQUE,
      secret_hash TEXT NOT NULL,
      last_four TEXT NOT NULL,
      account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      label TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      revoked_at TEXT
    ) STRICT`,
    sql`CREATE INDEX api_keys_account ON api_keys(account_id)`,
    sql`CREATE TABLE plants (
      id INTEGER PRIMARY KEY,
      type TEXT NOT NULL CHECK (type IN ('Plant', 'Variety')),
      scientific_name TEXT NOT NULL,
      name TEXT NOT NULL,
      parent_id INTEGER REFERENCES plants(id),
      slug TEXT NOT NULL UNIQUE,
      version INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      doc TEXT NOT NULL,
      CHECK ((type = 'Variety') = (parent_id IS NOT NULL))
    ) STRICT`,
    sql`CREATE INDEX plants_updated_at ON plants(updated_at, id)`,
    sql`CREATE INDEX plants_parent ON plants(parent_id, id)`,
    sql`CREATE INDEX plants_scientific_name ON plants(scientific_name, name)`,
    sql`CREATE TABLE plant_facets (
      plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      key TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (key, value, plant_id)
    ) STRICT, WITHOUT ROWID`,
    sql`CREATE INDEX plant_facets_plant ON plant_facets(plant_id)`,
    sql`CREATE TABLE plant_revisions (
      id INTEGER PRIMARY KEY,
      plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      version INTEGER NOT NULL,
      note TEXT NOT NULL,
      author_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
      author TEXT NOT NULL,
      created_at TEXT NOT NULL,
      changes TEXT NOT NULL,
      UNIQUE (plant_id, version)
    ) STRICT`,
    sql`CREATE TABLE plant_links (
      id INTEGER PRIMARY KEY,
      plant_low INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      plant_high INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      type TEXT NOT NULL CHECK (type IN ('companion-to', 'antagonist-to')),
      note TEXT NOT NULL,
      author TEXT NOT NULL,
      created_at TEXT NOT NULL,
      removed_at TEXT,
      removed_note TEXT,
      removed_by TEXT,
      CHECK (plant_low < plant_high)
    ) STRICT`,
    sql`CREATE UNIQUE INDEX plant_links_active_pair ON plant_links(plant_low, plant_high) WHERE removed_at IS NULL`,
    sql`CREATE INDEX plant_links_high ON plant_links(plant_high) WHERE removed_at IS NULL`,
    // Full-text index over the searchable text; rowid is the plant id. Diacritics are folded so that
    // "Jalapeno" finds "Jalapeño".
    sql`CREATE VIRTUAL TABLE plants_fts USING fts5(
      name, scientific_name, alternate_names, description,
      tokenize = 'unicode61 remove_diacritics 2'
    )`,
  ]
  for (const statement of statements) await statement.execute(db)
}
