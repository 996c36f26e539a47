// Frozen: never edit a migration that has shipped; add a new one.
// Pictures of the plants: each image's record (who, licence, source, which plant), and its files (the
// original without metadata and the sizes served) in the database, so every Hortus process serves every
// image and a backup of the database is a backup of them. A removed image keeps its record and loses its
// files.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE plant_images (
      id INTEGER PRIMARY KEY,
      plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      author TEXT NOT NULL,
      license TEXT NOT NULL CHECK (license IN ('CC0-1.0', 'CC-BY-4.0', 'CC-BY-SA-4.0')),
      source_url TEXT,
      note TEXT NOT NULL,
      uploader_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
      uploader TEXT NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      removed_at TEXT,
      removed_by TEXT,
      removed_note TEXT
    ) STRICT`,
    sql`CREATE INDEX plant_images_plant ON plant_images(plant_id, id) WHERE removed_at IS NULL`,
    sql`CREATE TABLE image_files (
      image_id INTEGER NOT NULL REFERENCES plant_images(id) ON DELETE CASCADE,
      size TEXT NOT NULL CHECK (size IN ('original', 'thumb', 'title')),
      content_type TEXT NOT NULL,
      etag TEXT NOT NULL,
      data BLOB NOT NULL,
      PRIMARY KEY (image_id, size)
    ) STRICT, WITHOUT ROWID`,
  ]
  for (const statement of statements) await statement.execute(db)
}
