// The SQL of GET /calendar ("what to sow on this date"): the plants with a window open on a date, read from
// the window index (plant_windows) as one range per frost and season, and the windows of a page's plants.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import type { PlantWindowsTable } from '../db/schema.ts'
import { conditionsOf } from '../search/full-text-search.ts'
import { totalOfWalk } from '../search/bounded-count.ts'
import { documents } from '../search/tier-walk.ts'
import { countLimit, type Total } from '../paging.ts'
import type { PlantType } from '../plants/plant.ts'
import type { CalendarAction, FrostAnchor } from '../plants/frost-windows.ts'

/** The offsets in days of the first and last day asked about from each frost they may belong to: one span
 * per season that could hold them. */
export type FrostOffsets = Record<FrostAnchor, { from: number; to: number }[]>

/** Plant `p` has a window of one of `actions` (all when null) open on a day of one of the spans of days
 * from its frost. */
export function openWindowCondition(
  actions: readonly CalendarAction[] | null,
  offsets: FrostOffsets,
): RawBuilder<unknown> {
  const anchors = (['last', 'first'] as const)
    .filter((anchor) => offsets[anchor].length > 0)
    .map(
      (anchor) =>
        sql`(anchor = ${anchor} AND (${sql.join(
          offsets[anchor].map((span) => sql`(from_days <= ${span.to} AND to_days >= ${span.from})`),
          sql` OR `,
        )}))`,
    )
  const ofAction = actions === null ? sql`1 = 1` : sql`action IN (${sql.join([...actions])})`
  return sql`p.id IN (SELECT plant_id FROM plant_windows
    WHERE ${ofAction} AND (${anchors.length > 0 ? sql.join(anchors, sql` OR `) : sql`1 = 0`}))`
}

export interface OpenPlantsQuery {
  type: PlantType | null
  filter: RawBuilder<unknown>
  limit: number
  offset: number
}

/** The plants meeting the filter, in id order, and how many there are: counted up to a limit past the
 * page, and estimated past it, as search counts (search/bounded-count.ts). */
export async function openPlants(
  db: Db,
  query: OpenPlantsQuery,
): Promise<Total & { rows: { id: number; doc: string }[] }> {
  const limit = countLimit(query)
  const walked = await sql<{ id: number | string }>`
    SELECT p.id FROM plants p WHERE ${conditionsOf(query)} ORDER BY p.id LIMIT ${limit}`.execute(db)
  const ids = walked.rows.map((row) => Number(row.id))
  const total = await totalOfWalk(db, ids.length, ids.at(-1) ?? null, limit)
  const page = ids.slice(query.offset, query.offset + query.limit)
  const docs = await documents(db, page)
  return { ...total, rows: page.map((id, index) => ({ id, doc: docs[index]! })) }
}

/** The windows of these plants, by plant and in the order of their data. */
export async function windowsOf(db: Db, plantIds: number[]): Promise<PlantWindowsTable[]> {
  if (plantIds.length === 0) return []
  const rows = await db
    .selectFrom('plant_windows')
    .selectAll()
    .where('plant_id', 'in', plantIds)
    .orderBy('plant_id')
    .orderBy('position')
    .execute()
  return rows.map((row) => ({ ...row, plant_id: Number(row.plant_id) }))
}
