// Frozen: never edit a migration that has shipped; add a new one.
// The same tables, columns and constraints as the SQLite migration of the same name. Every text column is
// COLLATE "C" so that comparisons, ordering and lower() behave as SQLite's default BINARY collation does
// (byte-wise, ASCII-only case mapping) whatever locale the database was created with.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text COLLATE "C" NOT NULL UNIQUE,
      name text COLLATE "C" NOT NULL,
      password_hash text COLLATE "C",
      created_at timestamptz(3) NOT NULL
    )`,
    // SQLite's email column is UNIQUE COLLATE NOCASE (ASCII case-insensitive); lower() over "C" is exactly
    // that. Emails are stored lower-cased, so lookups by email use the plain unique index above.
    sql`CREATE UNIQUE INDEX accounts_email_nocase ON accounts (lower(email))`,
    sql`CREATE TABLE api_keys (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key_id text COLLATE "C" NOT NULL UNIQUE,
      secret_hash text COLLATE "C" NOT NULL,
      last_four text COLLATE "C" NOT NULL,
      account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      label text COLLATE "C" NOT NULL DEFAULT '',
      created_at timestamptz(3) NOT NULL,
      revoked_at timestamptz(3)
    )`,
    sql`CREATE INDEX api_keys_account ON api_keys(account_id)`,
    sql`CREATE TABLE plants (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      type text COLLATE "C" NOT NULL CHECK (type IN ('Plant', 'Variety')),
      scientific_name text COLLATE "C" NOT NULL,
      name text COLLATE "C" NOT NULL,
      parent_id bigint REFERENCES plants(id),
      slug text COLLATE "C" NOT NULL UNIQUE,
      version integer NOT NULL,
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL,
      doc text COLLATE "C" NOT NULL,
      CHECK ((type = 'Variety') = (parent_id IS NOT NULL))
    )`,
    sql`CREATE INDEX plants_updated_at ON plants(updated_at, id)`,
    sql`CREATE INDEX plants_parent ON plants(parent_id, id)`,
    sql`CREATE INDEX plants_scientific_name ON plants(scientific_name, name)`,
    sql`CREATE TABLE plant_facets (
      plant_id bigint NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      key text COLLATE "C" NOT NULL,
      value text COLLATE "C" NOT NULL,
      PRIMARY KEY (key, value, plant_id)
    )`,
    sql`CREATE INDEX plant_facets_plant ON plant_facets(plant_id)`,
    sql`CREATE TABLE plant_revisions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      plant_id bigint NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      version integer NOT NULL,
      note text COLLATE "C" NOT NULL,
      author_id bigint REFERENCES accounts(id) ON DELETE SET NULL,
      author text COLLATE "C" NOT NULL,
      created_at timestamptz(3) NOT NULL,
      changes text COLLATE "C" NOT NULL,
      UNIQUE (plant_id, version)
    )`,
    sql`CREATE TABLE plant_links (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      plant_low bigint NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      plant_high bigint NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      type text COLLATE "C" NOT NULL CHECK (type IN ('companion-to', 'antagonist-to')),
      note text COLLATE "C" NOT NULL,
      author text COLLATE "C" NOT NULL,
      created_at timestamptz(3) NOT NULL,
      removed_at timestamptz(3),
      removed_note text COLLATE "C",
      removed_by text COLLATE "C",
      CHECK (plant_low < plant_high)
    )`,
    sql`CREATE UNIQUE INDEX plant_links_active_pair ON plant_links(plant_low, plant_high) WHERE removed_at IS NULL`,
    sql`CREATE INDEX plant_links_high ON plant_links(plant_high) WHERE removed_at IS NULL`,
    // The full-text index: one weighted tsvector per plant, names (name, scientific name, alternate names)
    // at weight A and the description at weight D. The application builds the vector from words it has
    // already lower-cased and stripped of Latin diacritics, so no text-search parser, dictionary or locale
    // takes part and the words are the same as those of SQLite's unicode61 tokenizer.
    sql`CREATE TABLE plant_search (
      plant_id bigint PRIMARY KEY REFERENCES plants(id) ON DELETE CASCADE,
      document tsvector NOT NULL
    )`,
    // fastupdate off: with the pending list on, searches slowed five-fold after ~2,000 updates until the
    // next VACUUM; plants change one at a time, so inserting straight into the index costs little.
    sql`CREATE INDEX plant_search_document ON plant_search USING gin (document) WITH (fastupdate = off)`,
  ]
  for (const statement of statements) await statement.execute(db)
}
