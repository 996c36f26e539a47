// How a search's total is made without visiting every match (docs/API.md, "Totals"). Matches are counted
// in id order up to a limit (paging.ts countLimit: 2,000, or one past the page asked for); a count that
// stops short of it is exact. One that reaches it is estimated: the matches counted, spread over the
// plants whose ids the count walked, are taken to go on at that rate over the ids after them (never fewer
// than were counted, never more plants than there are). Where a count is kept (one facet value in the
// attribute tally), it is read instead (browse.ts).
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/store.ts'
import { EXACT_TOTAL_UP_TO, exactTotal, type Total } from '../paging.ts'

/** The total of a walk in ascending id order that stopped at `limit` ids: `count` of them, the last
 * `lastId`. */
export async function totalOfWalk(
  db: Db,
  count: number,
  lastId: number | null,
  limit: number,
): Promise<Total> {
  if (count < limit || lastId === null) return exactTotal(count)
  // A count stopped early on purpose (whether any plant matches at all) is not worth an estimate.
  if (limit <= EXACT_TOTAL_UP_TO) return { total: count, estimated: true }
  const counted = await sql<{ top: number | string | null; plants: number | string | null }>`
    SELECT (SELECT max(id) FROM plants) AS top, (SELECT plants FROM plant_total WHERE id = 1) AS plants`.execute(
    db,
  )
  const top = Number(counted.rows[0]?.top ?? lastId)
  const plants = Number(counted.rows[0]?.plants ?? count)
  const spread = Math.round((count * top) / Math.max(lastId, 1))
  return { total: Math.max(count, Math.min(spread, plants)), estimated: true }
}

/** The total of the ids `ids` selects (a statement selecting the column `id`, without ORDER BY or LIMIT,
 * which the index answering it gives in id order, or nearly), counting at most `limit` of them. */
export async function boundedCount(db: Db, ids: RawBuilder<unknown>, limit: number): Promise<Total> {
  const walked = await sql<{ n: number | string; last: number | string | null }>`
    SELECT count(*) AS n, max(id) AS last FROM (${ids} LIMIT ${limit}) AS walked`.execute(db)
  const row = walked.rows[0]
  return totalOfWalk(db, Number(row?.n ?? 0), row?.last == null ? null : Number(row.last), limit)
}

/** The total of the ids `inIdOrder` selects (a statement selecting the column `id`, with its ORDER BY id but
 * no LIMIT), counting at most `limit` of them, and the ids of the page among them: one statement, which
 * walks them once and hands over only the page (at a million plants, 2,001 ids read into JavaScript cost
 * a fifth of a browse's walk). */
export async function boundedCountAndPage(
  db: Db,
  inIdOrder: RawBuilder<unknown>,
  limit: number,
  page: { limit: number; offset: number },
): Promise<{ total: Total; ids: number[] }> {
  const { rows } = await sql<{
    n: number | string
    last: number | string | null
    id: number | string | null
  }>`
    WITH walked AS (${inIdOrder} LIMIT ${limit}),
      summary AS (SELECT count(*) AS n, max(id) AS last FROM walked)
    SELECT s.n, s.last, page.id FROM summary s
    LEFT JOIN (SELECT id FROM walked ORDER BY id LIMIT ${page.limit} OFFSET ${page.offset}) page ON 1 = 1
    ORDER BY page.id`.execute(db)
  const [first] = rows
  const total = await totalOfWalk(
    db,
    Number(first?.n ?? 0),
    first?.last == null ? null : Number(first.last),
    limit,
  )
  return { total, ids: rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)])) }
}
