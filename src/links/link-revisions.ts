// A link is a change to both of its plants: each gets a new version and a revision, so clients that
// mirror plants by `updated_since` and `version` see links come and go.
import type { Author } from '../accounts/account.ts'
import type { Tx } from '../db/store.ts'
import type { FieldChange } from '../plants/plant-changes.ts'
import { recordPlantChanges, type PlantChange } from '../writes/plant-writes.ts'
import type { LinkType } from './link.repository.ts'

export interface LinkChange {
  /** The plant whose revision this is. */
  plantId: number
  otherId: number
  type: LinkType
  made: boolean
}

/** The revision entry: `{field: "links.companion-to", from: null, to: <other id>}` when the link is made,
 * `{…, from: <other id>, to: null}` when it is removed. */
function linkFieldChange({ otherId, type, made }: LinkChange): FieldChange {
  return { field: `links.${type}`, from: made ? null : otherId, to: made ? otherId : null }
}

/** Both sides of one link. */
export function bothSides(a: number, b: number, type: LinkType, made: boolean): LinkChange[] {
  return [
    { plantId: a, otherId: b, type, made },
    { plantId: b, otherId: a, type, made },
  ]
}

/** One revision per change, all of a plant's written together, plants in id order: every transaction
 * locks plant rows in the same order, so concurrent ones queue instead of deadlocking. */
export async function recordLinkChanges(
  tx: Tx,
  changes: LinkChange[],
  revision: { note: string; author: Author; at: string },
): Promise<void> {
  const byPlant = new Map<number, PlantChange[]>()
  for (const change of changes) {
    const revisions = byPlant.get(change.plantId) ?? []
    revisions.push({ ...revision, changes: [linkFieldChange(change)] })
    byPlant.set(change.plantId, revisions)
  }
  for (const plantId of [...byPlant.keys()].sort((x, y) => x - y)) {
    await recordPlantChanges(tx, plantId, byPlant.get(plantId)!)
  }
}
