// The plants a list of changes refers to by id (a companion added, a new parent plant), by name and page, so
// a page says "added Basil as a companion" rather than "links.companion-to: 12".
import type { Store } from '../db/store.ts'
import type { Plant } from '../plants/plant.ts'
import { getPlantDocs } from '../plants/plant-reads.ts'
import type { Difference } from './diff.ts'

interface PlantName {
  name: string
  link: string
}

export type ReferredPlants = ReadonlyMap<number, PlantName>

export async function referredPlants(
  store: Store,
  differences: readonly Difference[],
): Promise<ReferredPlants> {
  const ids = referredIds(differences)
  if (ids.size === 0) return new Map()
  return referredAmong(
    (await getPlantDocs(store, [...ids])).map((doc) => JSON.parse(doc) as Plant),
    ids,
  )
}

/** The ids of the plants the changes refer to, for a page that reads them with other plants. */
export function referredIds(differences: readonly Difference[]): Set<number> {
  const ids = new Set<number>()
  for (const { subject, from, to } of differences) {
    if (subject.kind === 'link') ids.add(subject.plantId)
    else if (subject.kind === 'field' && subject.field === 'parent_id')
      for (const id of [from, to]) if (typeof id === 'number') ids.add(id)
  }
  return ids
}

/** The plants of `ids` among plants read (in id order). */
export function referredAmong(plants: readonly Plant[], ids: ReadonlySet<number>): ReferredPlants {
  return new Map(
    plants.filter((plant) => ids.has(plant.id)).map(({ id, name, link }) => [id, { name, link }]),
  )
}
