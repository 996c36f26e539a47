// Revert: a plant's names, description, type, parent and attributes as they were at an earlier version,
// saved as its next version (links are not touched; they have their own history).
import type { Author } from '../accounts/account.ts'
import type { Store } from '../db/store.ts'
import type { PlantFields } from '../plants/plant-changes.ts'
import type { Attribute } from '../plants/plant.ts'
import { saveNextVersion, versionToChange } from '../writes/plant-writes.ts'
import { snapshot } from './revision.service.ts'

export interface RevertInput {
  version: number
  to_version: number
  note: string
}

export async function revertPlant(store: Store, id: number, input: RevertInput, author: Author) {
  return store.transaction(async (tx) => {
    const { row, current } = await versionToChange(tx, id, input.version)
    const then = await snapshot(tx, id, input.to_version)
    const after: PlantFields = {
      type: then.type,
      scientific_name: then.scientific_name,
      name: then.name,
      description: then.description,
      parent_id: then.parent_id,
      slug: current.slug,
      data: attributesAsThen(current.data, then.data),
    }
    const doc = await saveNextVersion(store, tx, {
      row,
      current,
      after,
      problems: [],
      regenerateSlug: false,
      note: input.note,
      author,
      onNoChange: 'fail',
      nothingChanged: `the plant is already as it was at version ${input.to_version}`,
    })
    return doc!
  })
}

/** Exactly the keys and values of `then`: keys added since are removed, values changed since are put back
 * in place, and keys removed since come back at the end, as any save would leave them (so the revision,
 * replayed, gives this very list). */
function attributesAsThen(now: Attribute[], then: Attribute[]): Attribute[] {
  const wanted = new Map(then.map(({ key, value }) => [key, value]))
  const kept = now.filter(({ key }) => wanted.has(key)).map(({ key }) => ({ key, value: wanted.get(key)! }))
  const present = new Set(kept.map(({ key }) => key))
  return [...kept, ...then.filter(({ key }) => !present.has(key))]
}
