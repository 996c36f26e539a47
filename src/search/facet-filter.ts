// The facet filter is plain SQL that both databases run alike, over the plant_facets index.
import { sql, type RawBuilder } from 'kysely'
import type { FacetFilter } from './search-index.ts'

/** A condition on `plantIdColumn`: for every facet, the plant has one of its values. */
export function facetCondition(plantIdColumn: string, facets: FacetFilter[]): RawBuilder<unknown> {
  if (facets.length === 0) return sql`1 = 1`
  const column = sql.ref(plantIdColumn)
  return sql.join(
    facets.map(
      ({ key, values }) =>
        sql`${column} IN (SELECT plant_id FROM plant_facets WHERE key = ${key} AND value IN (${sql.join(values)}))`,
    ),
    sql` AND `,
  )
}
