// The SQL behind an export's validator: the change feed's latest position, and what changes without a
// revision (a dataset's sources, the pests and diseases an import replaces).
import { sql } from 'kysely'
import type { Db } from '../db/store.ts'

/** What an import can change without a revision: its header's sources (a few rows, read whole) and the
 * problems it replaces (new rows, new ids). */
export async function unrevisedState(db: Db): Promise<unknown[]> {
  const [sources, problems] = await Promise.all([
    db.selectFrom('data_sources').select(['id', 'slug', 'name', 'url', 'license']).orderBy('id').execute(),
    sql<{
      rows: number | string
      last: number | string | null
    }>`SELECT count(*) AS rows, max(id) AS last FROM plant_problems`.execute(db),
  ])
  const { rows, last } = problems.rows[0] ?? { rows: 0, last: null }
  return [sources, Number(rows), Number(last ?? 0)]
}
