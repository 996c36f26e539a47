// GET /plants/<id>/problems: the pests and diseases of a plant, as its dataset describes them, each with
// its source. A variety without records of its own answers its parent's: aphids do not read cultivar names.
import type { Store } from '../db/store.ts'
import type { Plant } from '../plants/plant.ts'
import { getPlantDoc } from '../plants/plant-reads.ts'
import { creditOf, dataSourceCredits, type SourceCredit } from '../provenance/provenance.service.ts'
import type { DataSource } from '../provenance/source.repository.ts'
import { problemsOf, type ProblemRecord } from './problem.repository.ts'

interface Problem extends Omit<ProblemRecord, 'source_id'> {
  source: SourceCredit | null
}

export interface PlantProblems {
  plant_id: number
  from_parent: boolean
  problems: Problem[]
}

export async function plantProblems(store: Store, id: number): Promise<PlantProblems> {
  return problemsOfPlant(store, JSON.parse(await getPlantDoc(store, id)) as Plant)
}

/** The same for a plant already read (the plant page has it, and the sources it reads once). */
export async function problemsOfPlant(
  store: Store,
  plant: Pick<Plant, 'id' | 'parent_id'>,
  sourcesRead: Promise<Map<number, DataSource>> = dataSourceCredits(store),
): Promise<PlantProblems> {
  const id = plant.id
  const ids = plant.parent_id === null ? [id] : [id, plant.parent_id]
  const [records, credits] = await Promise.all([problemsOf(store.reader, ids), sourcesRead])
  const own = records.get(id) ?? []
  const fromParent = own.length === 0 && plant.parent_id !== null && records.has(plant.parent_id)
  const chosen = fromParent ? records.get(plant.parent_id!)! : own
  return {
    plant_id: id,
    from_parent: fromParent,
    problems: chosen.map(({ source_id, ...problem }) => ({
      ...problem,
      source: creditOf(credits, source_id),
    })),
  }
}
