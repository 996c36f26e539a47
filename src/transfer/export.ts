// `hortus export`: the whole database (or what changed since a time) as JSON Lines, header first. Plants
// come before varieties, so an import always meets a parent before its varieties.
import type { Db } from '../db/store.ts'
import type { Plant } from '../plants/plant.ts'
import { ATTRIBUTION, LICENSE, LICENSE_URL, type DatasetHeader, type DatasetLine } from './dataset-format.ts'

const PAGE = 1000

export async function* exportDataset(db: Db, since: string | null): AsyncGenerator<string> {
  const header: DatasetHeader = {
    hortus_dataset: 1,
    license: LICENSE,
    license_url: LICENSE_URL,
    attribution: ATTRIBUTION,
  }
  if (since) header.since = since
  yield JSON.stringify(header)
  for (const type of ['Plant', 'Variety'] as const) {
    let afterId = 0
    for (;;) {
      let query = db
        .selectFrom('plants')
        .select(['id', 'doc'])
        .where('type', '=', type)
        .where('id', '>', afterId)
      if (since) query = query.where('updated_at', '>=', since)
      const rows = await query.orderBy('id').limit(PAGE).execute()
      if (rows.length === 0) break
      const plants = rows.map((row) => JSON.parse(row.doc) as Plant)
      const names = await namesOf(
        db,
        plants.map((plant) => plant.parent_id).filter((id): id is number => id !== null),
      )
      const links = await linksFrom(
        db,
        plants.map((plant) => plant.id),
      )
      for (const plant of plants) yield JSON.stringify(toLine(plant, names, links.get(plant.id) ?? []))
      afterId = Number(rows[rows.length - 1]!.id)
    }
  }
}

function toLine(
  plant: Plant,
  names: Map<number, Names>,
  links: NonNullable<DatasetLine['links']>,
): DatasetLine {
  const line: DatasetLine = { type: plant.type, scientific_name: plant.scientific_name, name: plant.name }
  if (plant.description) line.description = plant.description
  const parent = plant.parent_id === null ? undefined : names.get(plant.parent_id)
  if (parent) line.parent = parent
  if (plant.data.length) line.data = plant.data
  if (links.length) line.links = links
  return line
}

type Names = { scientific_name: string; name: string }

async function namesOf(db: Db, ids: number[]): Promise<Map<number, Names>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('plants')
    .select(['id', 'scientific_name', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(
    rows.map((row) => [Number(row.id), { scientific_name: row.scientific_name, name: row.name }]),
  )
}

/** Each active link once, on its lower-id plant (links are symmetric). */
async function linksFrom(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom('plant_links as l')
    .innerJoin('plants as p', 'p.id', 'l.plant_high')
    .select(['l.plant_low', 'l.type', 'l.note', 'p.scientific_name', 'p.name'])
    .where('l.plant_low', 'in', ids)
    .where('l.removed_at', 'is', null)
    .orderBy('l.id')
    .execute()
  const byPlant = new Map<number, NonNullable<DatasetLine['links']>>()
  for (const row of rows) {
    const list = byPlant.get(Number(row.plant_low)) ?? []
    list.push({ type: row.type, scientific_name: row.scientific_name, name: row.name, note: row.note })
    byPlant.set(Number(row.plant_low), list)
  }
  return byPlant
}
