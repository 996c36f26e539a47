// TEMPORARY (replaced by the attribute registry branch): facet key lookups over plant_facets.
import type { Db } from '../db/store.ts'
import { normalizeFacet } from '../plants/plant.ts'

export async function resolveAttributeKeys(db: Db, names: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map(normalizeFacet))]
  const rows = await db
    .selectFrom('plant_facets')
    .select('key')
    .where('key', 'in', wanted)
    .groupBy('key')
    .execute()
  return new Map(rows.map((row) => [row.key, row.key]))
}

export async function attributeKeysInUse(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('plant_facets').select('key').groupBy('key').execute()
  return rows.map((row) => row.key)
}
