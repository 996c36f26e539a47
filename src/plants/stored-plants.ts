// Every stored plant, in id order, a thousand documents at a time: what an index's rebuild reads.
import type { Db } from '../db/store.ts'
import type { Plant } from './plant.ts'

export async function* storedPlants(db: Db, batch = 1000): AsyncGenerator<Plant[]> {
  let lastId = 0
  for (;;) {
    const rows = await db
      .selectFrom('plants')
      .select(['id', 'doc'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(batch)
      .execute()
    if (rows.length === 0) return
    yield rows.map((row) => JSON.parse(row.doc) as Plant)
    lastId = Number(rows.at(-1)!.id)
  }
}
