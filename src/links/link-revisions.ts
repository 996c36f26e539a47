// A link is a change to both of its plants: each gets a new version and a revision, so clients that
// mirror plants by `updated_since` and `version` see links come and go. A link a member makes or removes
// (the website, the API) is one revision of each plant; an import's links are grouped per plant
// (recordImportedLinks), so a plant's history is not one imported revision per link.
import type { Author } from '../accounts/account.ts'
import type { Tx } from '../db/store.ts'
import type { FieldChange } from '../plants/plant-changes.ts'
import { recordPlantChanges, type PlantChange } from '../writes/plant-writes.ts'
import { appendToRevision } from '../revisions/revision.repository.ts'
import type { PendingRevisions } from '../plants/revision-index.ts'
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

/** An import's link changes of one transaction, each plant's together: in the revision that transaction
 * wrote for the plant's own line (`written`: plant id → version; it created the plant or updated its
 * values), so a line's values and links are one revision; else in one new revision for all of them, with
 * the import's note. A line's revision still waiting in `pending` (the batch's, not written yet) takes its
 * links before it is written, without an UPDATE. The batch's rows are written before the new revisions,
 * which are written in plant id order, as recordLinkChanges writes them. */
export async function recordImportedLinks(
  tx: Tx,
  changes: LinkChange[],
  revision: { note: string; author: Author; at: string },
  written: ReadonlyMap<number, number>,
  pending: PendingRevisions,
): Promise<void> {
  const byPlant = new Map<number, FieldChange[]>()
  for (const change of changes) {
    const fields = byPlant.get(change.plantId)
    if (fields) fields.push(linkFieldChange(change))
    else byPlant.set(change.plantId, [linkFieldChange(change)])
  }
  const others: number[] = []
  for (const plantId of [...byPlant.keys()].sort((x, y) => x - y)) {
    const fields = byPlant.get(plantId)!
    const version = written.get(plantId)
    if (version === undefined) others.push(plantId)
    // The revision is this transaction's own, not yet in the change feed: nobody has read it.
    else if (!pending.append(plantId, version, fields)) await appendToRevision(tx, plantId, version, fields)
  }
  await pending.write(tx)
  for (const plantId of others)
    await recordPlantChanges(tx, plantId, [{ ...revision, changes: byPlant.get(plantId)! }])
}
