// The page of a SQLite search, read tier by tier (ranking.ts) instead of ranking every match: a
// one-letter query matches 30,000 plants, and giving each a tier and a type costs ~40 ms, while the first
// page needs 20 ids. The order (tier, species first, id) is walked as buckets, one per tier and kind, each
// asked in id order with a limit, so the walk stops as soon as the page is full. A deep page reads the ids
// before it (offset + limit of them at most), never more; the total is a separate count.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import { facetCondition } from './facet-filter.ts'
import { speciesFirst, type TierTest } from './ranking.ts'
import type { SearchQuery } from './search-index.ts'

const NAME_COLUMNS = '{name scientific_name alternate_names}'
// A whole-name tier with fewer name rows than this is read from the names index and checked against the
// full-text match; a larger one is found by walking the full-text match in id order (it is dense there).
const FEW_NAMES = 500

interface Walk {
  db: Db
  query: SearchQuery
  anywhere: string
  tests: TierTest[]
}

/** The ids of the page, in rank order. */
export async function pageIds(walk: Walk): Promise<number[]> {
  let skip = walk.query.offset
  const page: number[] = []
  for (let index = 0; index <= walk.tests.length; index++) {
    const ids = await tierIds(walk, index, skip + walk.query.limit - page.length)
    if (ids.length <= skip) {
      skip -= ids.length
      continue
    }
    page.push(...ids.slice(skip))
    skip = 0
    if (page.length >= walk.query.limit) break
  }
  return page.slice(0, walk.query.limit)
}

/** The first `limit` ids of tier `tests[index]` (tier 6 past the end) in rank order: species first,
 * then id. */
async function tierIds(walk: Walk, index: number, limit: number): Promise<number[]> {
  const { db, query, anywhere, tests } = walk
  const test = tests[index]
  const earlier = tests.slice(0, index)
  // The full-text side: the match, in this tier's names, in none of the earlier full-text tiers.
  let match = `(${anywhere})`
  if (test !== undefined && 'text' in test) match = `(${match} AND (${NAME_COLUMNS} : (${test.text})))`
  for (const before of earlier)
    if ('text' in before) match = `(${match} NOT (${NAME_COLUMNS} : (${before.text})))`
  const conditions = sql.join(
    [
      query.type === null ? sql`1 = 1` : sql`p.type = ${query.type}`,
      facetCondition('p.id', query.facets),
      ...earlier.flatMap((before) =>
        'names' in before
          ? [sql`NOT EXISTS (SELECT 1 FROM search_names n WHERE n.plant_id = p.id AND ${before.names})`]
          : [],
      ),
    ],
    sql` AND `,
  )

  if (test !== undefined && 'names' in test && (await fewNames(db, test.names))) {
    // Few plants: read them through the names index and sort them.
    return ids(
      db,
      sql`SELECT p.id FROM plants p
        WHERE p.id IN (SELECT plant_id FROM search_names WHERE ${test.names})
          AND p.id IN (SELECT rowid FROM plants_fts WHERE plants_fts MATCH ${match})
          AND ${conditions}
        ORDER BY ${speciesFirst}, p.id LIMIT ${limit}`,
    )
  }
  // Many plants: walk the full-text match in id order, once for species and once for varieties, each
  // stopping at the limit.
  const inTier =
    test !== undefined && 'names' in test
      ? sql`EXISTS (SELECT 1 FROM search_names n WHERE n.plant_id = p.id AND ${test.names})`
      : sql`1 = 1`
  const found: number[] = []
  for (const kind of query.type === null ? [sql`p.type = 'Plant'`, sql`p.type <> 'Plant'`] : [sql`1 = 1`]) {
    found.push(
      ...(await ids(
        db,
        sql`SELECT p.id FROM plants_fts JOIN plants p ON p.id = plants_fts.rowid
          WHERE plants_fts MATCH ${match} AND ${inTier} AND ${kind} AND ${conditions}
          ORDER BY plants_fts.rowid LIMIT ${limit - found.length}`,
      )),
    )
    if (found.length >= limit) break
  }
  return found
}

async function fewNames(db: Db, condition: RawBuilder<unknown>): Promise<boolean> {
  const counted = await sql<{ rows: number }>`
    SELECT count(*) AS rows FROM (SELECT 1 FROM search_names WHERE ${condition} LIMIT ${FEW_NAMES})`.execute(
    db,
  )
  return Number(counted.rows[0]?.rows ?? 0) < FEW_NAMES
}

async function ids(db: Db, query: RawBuilder<unknown>): Promise<number[]> {
  const rows = await (query as RawBuilder<{ id: number }>).execute(db)
  return rows.rows.map((row) => Number(row.id))
}
