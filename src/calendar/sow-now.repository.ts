// The SQL of GET /calendar ("what to sow on this date"): the plants with a window open on a date, read from
// the window index (plant_windows) as one range per frost and season, and the windows of a page's plants.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import type { PlantWindowsTable } from '../db/schema.ts'
import { conditionsOf } from '../search/full-text-search.ts'
import { bothConditions } from '../search/plant-filter.ts'
import { totalOfWalk } from '../search/bounded-count.ts'
import { documents } from '../search/tier-walk.ts'
import { countLimit, type Total } from '../paging.ts'
import type { PlantType } from '../plants/plant.ts'
import type { CalendarAction, FrostAnchor } from '../plants/frost-windows.ts'

/** The offsets in days of the first and last day asked about from each frost they may belong to: one span
 * per season that could hold them. */
export type FrostOffsets = Record<FrostAnchor, { from: number; to: number }[]>

/** A window (a row of plant_windows) of one of `actions` (all when null) open on a day of one of the spans
 * of days from its frost. `anchor`: the column, or an expression of it that no index answers. */
function openWindowCondition(
  { actions, offsets }: OpenWindows,
  anchor: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const anchors = (['last', 'first'] as const)
    .filter((name) => offsets[name].length > 0)
    .map(
      (name) =>
        sql`(${anchor} = ${name} AND (${sql.join(
          offsets[name].map((span) => sql`(from_days <= ${span.to} AND to_days >= ${span.from})`),
          sql` OR `,
        )}))`,
    )
  const ofAction = actions === null ? sql`1 = 1` : sql`action IN (${sql.join([...actions])})`
  return sql`${ofAction} AND (${anchors.length > 0 ? sql.join(anchors, sql` OR `) : sql`1 = 0`})`
}

// The anchor as an expression, not the column, where the windows are walked in plant order: they are then
// read from the table's key and the walk stops at its limit, instead of all of them read through the
// anchor's index and sorted (both databases would use that index for `anchor = ?`). At a million plants,
// SQLite: the spring's 5,989 plants with a window open, 7.9 ms through the index against 1.9 in plant order.
const IN_PLANT_ORDER = sql`(anchor || '')`

interface OpenWindows {
  /** null: every action. */
  actions: readonly CalendarAction[] | null
  offsets: FrostOffsets
}

export interface OpenPlantsQuery extends OpenWindows {
  type: PlantType | null
  filter: RawBuilder<unknown> | null
  limit: number
  offset: number
}

/** The plants with a window open (and meeting the type and filter), in id order, and how many there are:
 * counted up to a limit past the page, and estimated past it, as search counts (search/bounded-count.ts). */
export async function openPlants(
  db: Db,
  query: OpenPlantsQuery,
): Promise<Total & { rows: { id: number; doc: string }[] }> {
  const limit = countLimit(query)
  const walked = await openIds(db, query, limit)
  const ids = walked.map((row) => Number(row.id))
  const total = await totalOfWalk(db, ids.length, ids.at(-1) ?? null, limit)
  const page = ids.slice(query.offset, query.offset + query.limit)
  const docs = await documents(db, page)
  return { ...total, rows: page.map((id, index) => ({ id, doc: docs[index]! })) }
}

/** The first `limit` ids. Without a type or filter, from the windows alone, in plant order: a window's
 * plant is there (the rows go with it), and looking each one up cost more than the walk (at a million
 * plants, SQLite: 11.9 ms against 1.9). */
async function openIds(db: Db, query: OpenPlantsQuery, limit: number) {
  const statement =
    query.type === null && query.filter === null
      ? sql<{ id: number | string }>`SELECT plant_id AS id FROM plant_windows
          WHERE ${openWindowCondition(query, IN_PLANT_ORDER)}
          GROUP BY plant_id ORDER BY plant_id LIMIT ${limit}`
      : sql<{ id: number | string }>`SELECT p.id FROM plants p
          WHERE ${conditionsOf({
            type: query.type,
            filter: bothConditions(
              sql`p.id IN (SELECT plant_id FROM plant_windows
                WHERE ${openWindowCondition(query, sql.ref('anchor'))})`,
              query.filter,
            ),
          })}
          ORDER BY p.id LIMIT ${limit}`
  return (await statement.execute(db)).rows
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
