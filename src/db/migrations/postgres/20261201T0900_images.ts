// Frozen: never edit a migration that has shipped; add a new one.
// Pictures of the plants: each image's record (who, licence, source, which plant), and its files (the
// original without metadata and the sizes served) in the database, so every Hortus process serves every
// image and a backup of the database is a backup of them. A removed image keeps its record and loses its
// files.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`CREATE TABLE plant_images (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      plant_id bigint NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      author text COLLATE "C" NOT NULL,
      license text COLLATE "C" NOT NULL CHECK (license IN ('CC0-1.0', 'CC-BY-4.0', 'CC-BY-SA-4.0')),
      source_url text COLLATE "C",
      note text COLLATE "C" NOT NULL,
      uploader_id bigint REFERENCES accounts(id) ON DELETE SET NULL,
      uploader text COLLATE "C" NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz(3) NOT NULL,
      removed_at timestamptz(3),
      removed_by text COLLATE "C",
      removed_note text COLLATE "C"
    )`,
    sql`CREATE INDEX plant_images_plant ON plant_images(plant_id, id) WHERE removed_at IS NULL`,
    sql`CREATE TABLE image_files (
      image_id bigint NOT NULL REFERENCES plant_images(id) ON DELETE CASCADE,
      size text COLLATE "C" NOT NULL CHECK (size IN ('original', 'thumb', 'title')),
      content_type text COLLATE "C" NOT NULL,
      etag text COLLATE "C" NOT NULL,
      data bytea NOT NULL,
      PRIMARY KEY (image_id, size)
    )`,
  ]
  for (const statement of statements) await statement.execute(db)
}
