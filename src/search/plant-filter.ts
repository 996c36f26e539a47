// What a search asks of a plant besides its words, as plain SQL on plant `p` that both databases run alike:
// facet values (plant_facets), number ranges (plant_numbers), having a key, a sowing window
// (plant_windows), being a plant's companion.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import type { CalendarAction, FrostAnchor } from '../plants/frost-windows.ts'
import { FACET_VALUE_MAX_LENGTH } from '../plants/plant.ts'

export type PlantFilter =
  /** The key (normalized) has one of the values (normalized), whole or as an element. */
  | { kind: 'values'; keyNorm: string; values: string[] }
  | { kind: 'has'; keyNorm: string }
  /** The key has a number or range overlapping min..max (either side open). */
  | { kind: 'range'; keyNorm: string; min: number | null; max: number | null }
  /** A sowing or planting window of the action overlapping min..max days from the frost. */
  | { kind: 'window'; action: CalendarAction; anchor: FrostAnchor; min: number | null; max: number | null }
  /** A companion of the plant, by an active link. */
  | { kind: 'companions'; plantId: number }

/** Every filter holds for the plant whose id is `id`; null when there are none. A filter is the set of the
 * plants that meet it, `id IN (…)`, or, when `testedEach` says so, a lookup of that plant. On SQLite the
 * set is built first, 7 ms for the 300,000 plants under half a metre at a million, while a lookup costs
 * about 0.2 µs: a search whose words match fewer plants than a filter's set tests each
 * (full-text-search.ts). */
export function filterCondition(
  filters: readonly PlantFilter[],
  id: RawBuilder<unknown> = sql`p.id`,
  testedEach: (filter: PlantFilter) => boolean = () => false,
): RawBuilder<unknown> | null {
  if (filters.length === 0) return null
  return sql`(${sql.join(
    filters.map((filter) =>
      testedEach(filter)
        ? sql`EXISTS (SELECT 1 FROM (${idsOf(filter)}) f WHERE f.id = ${id})`
        : sql`${id} IN (${idsOf(filter)})`,
    ),
    sql` AND `,
  )})`
}

/** How many plants meet each filter, to `upTo` at most, in one statement. A filter of facet values the
 * attribute tally counts is its count there (added up over the values: a plant with two of them counts
 * twice), read rather than counted: at a million plants, "full shade" and "herbs" counted to 20,000 took
 * 0.7 ms, their tally a few µs. Any other filter is counted. */
export async function plantsMeeting(
  db: Db,
  filters: readonly PlantFilter[],
  upTo: number,
): Promise<number[]> {
  const counts = filters.map((filter, index) => {
    const as = sql.ref(`met${index}`)
    return filter.kind === 'values' && filter.values.every(isTallied)
      ? sql`${talliedPlants(filter)} AS ${as}`
      : sql`(SELECT count(*) FROM (${idsOf(filter)} LIMIT ${upTo}) AS met) AS ${as}`
  })
  const row = (await sql<Record<string, number | string>>`SELECT ${sql.join(counts)}`.execute(db)).rows[0]!
  return filters.map((_, index) => Math.min(upTo, Number(row[`met${index}`])))
}

/** The plants with the filter's values as the attribute tally keeps them, added up over the values (each
 * value element of a plant counts once, as the facet matches it; 0 for a value it has not met): a scalar
 * subquery. Only for values it counts (`isTallied`). */
export function talliedPlants(filter: Extract<PlantFilter, { kind: 'values' }>): RawBuilder<unknown> {
  return sql`(SELECT coalesce(sum(plants), 0) FROM attribute_values
    WHERE key_norm = ${filter.keyNorm} AND value_norm IN (${sql.join(filter.values)}))`
}

/** The attribute tally counts the plants with this (normalized) facet value: a value with a comma matches
 * whole values only, which the tally does not count, and it keeps values up to a length. */
export function isTallied(value: string): boolean {
  return !value.includes(',') && value.length <= FACET_VALUE_MAX_LENGTH
}

/** Plant `p` (of which only `p.id` is read) is of the type: from an index of ids and types, without
 * reading the plant's row. */
export function typeCondition(type: string): RawBuilder<unknown> {
  return sql`EXISTS (SELECT 1 FROM plants t WHERE t.id = p.id AND t.type = ${type})`
}

/** Both conditions (either may be null: no condition). */
export function bothConditions(
  a: RawBuilder<unknown> | null,
  b: RawBuilder<unknown> | null,
): RawBuilder<unknown> | null {
  if (a === null) return b
  if (b === null) return a
  return sql`(${a} AND ${b})`
}

/** The plants that meet the filter, as the column `id` (a plant may come more than once: a range key may
 * have several ranges, a plant several windows). */
export function idsOf(filter: PlantFilter): RawBuilder<unknown> {
  switch (filter.kind) {
    case 'values':
      return sql`SELECT plant_id AS id FROM plant_facets
        WHERE key = ${filter.keyNorm} AND value IN (${sql.join(filter.values)})`
    case 'has':
      return sql`SELECT plant_id AS id FROM plant_facets WHERE key = ${filter.keyNorm}`
    case 'range': {
      const bounds = [
        ...(filter.max === null ? [] : [sql`low <= ${filter.max}`]),
        ...(filter.min === null ? [] : [sql`high >= ${filter.min}`]),
      ]
      return sql`SELECT plant_id AS id FROM plant_numbers
        WHERE key = ${filter.keyNorm}${bounds.length ? sql` AND ${sql.join(bounds, sql` AND `)}` : sql``}`
    }
    case 'window': {
      const bounds = [
        ...(filter.max === null ? [] : [sql`from_days <= ${filter.max}`]),
        ...(filter.min === null ? [] : [sql`to_days >= ${filter.min}`]),
      ]
      return sql`SELECT plant_id AS id FROM plant_windows
        WHERE action = ${filter.action} AND anchor = ${filter.anchor}${bounds.length ? sql` AND ${sql.join(bounds, sql` AND `)}` : sql``}`
    }
    case 'companions':
      return sql`
        SELECT plant_high AS id FROM plant_links
          WHERE plant_low = ${filter.plantId} AND type = 'companion-to' AND removed_at IS NULL
        UNION ALL
        SELECT plant_low AS id FROM plant_links
          WHERE plant_high = ${filter.plantId} AND type = 'companion-to' AND removed_at IS NULL`
  }
}
