// All SQL about a plant's pests and diseases: replaced whole by an import line that has them, read by plant.
import type { Db, Tx } from '../db/store.ts'
import { insertMany } from '../db/many-rows.ts'

export interface ProblemRecord {
  name: string
  type: 'pest' | 'disease'
  severity: string | null
  symptoms: string | null
  management: string[]
  prevention: string | null
  source_id: number | null
}

export async function replaceProblems(tx: Tx, plantId: number, problems: ProblemRecord[]): Promise<void> {
  await tx.deleteFrom('plant_problems').where('plant_id', '=', plantId).execute()
  await insertMany(
    tx,
    'plant_problems',
    problems.map(({ management, ...problem }) => ({
      ...problem,
      plant_id: plantId,
      management: JSON.stringify(management),
    })),
  )
}

/** Each plant's problems, in the order they were given. */
export async function problemsOf(db: Db, plantIds: number[]): Promise<Map<number, ProblemRecord[]>> {
  const byPlant = new Map<number, ProblemRecord[]>()
  if (plantIds.length === 0) return byPlant
  const rows = await db
    .selectFrom('plant_problems')
    .select(['plant_id', 'name', 'type', 'severity', 'symptoms', 'management', 'prevention', 'source_id'])
    .where('plant_id', 'in', plantIds)
    .orderBy('plant_id')
    .orderBy('id')
    .execute()
  for (const { plant_id, management, source_id, ...row } of rows) {
    const list = byPlant.get(Number(plant_id)) ?? []
    list.push({
      ...row,
      management: JSON.parse(management) as string[],
      source_id: source_id === null ? null : Number(source_id),
    })
    byPlant.set(Number(plant_id), list)
  }
  return byPlant
}
