// The starter dataset: loaded into an empty database on first start (HORTUS_SEED=off skips it).
import { dirname } from 'node:path'
import { fromRoot } from '../paths.ts'
import type { Store } from '../db/store.ts'
import { importDataset, type ImportSummary } from './import.ts'
import { readLines } from './read-lines.ts'

const STARTER_DATASET = fromRoot('data/plants.jsonl')

/** Imports the starter dataset when the database has no plants; returns null when it had some. */
export async function seedIfEmpty(store: Store, file = STARTER_DATASET): Promise<ImportSummary | null> {
  const any = await store.db.selectFrom('plants').select('id').limit(1).executeTakeFirst()
  if (any) return null
  return importDataset(store, readLines(file), {
    source: 'the Hortus starter dataset (data/plants.jsonl)',
    baseDir: dirname(file),
  })
}
