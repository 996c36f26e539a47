// Two versions of a plant compared (either way round; version 0 is before the plant existed, so a new
// plant's first version shows as everything added), with the edits that lie between them. Both versions
// come from one read of the revisions, replayed (snapshot.ts, diff.ts).
import type { Role } from '../accounts/account.ts'
import type { Store } from '../db/store.ts'
import { notFound } from '../errors.ts'
import type { FieldChange } from '../plants/plant-changes.ts'
import { diffVersions, linksAfter, picturesAfter, type Difference, type VersionState } from './diff.ts'
import { referredPlants, type ReferredPlants } from './referred-plants.ts'
import { revisionRange, revisionsUpTo } from './revision.repository.ts'
import { editSummaryOf, type EditSummary } from './revision.service.ts'
import { replayFields } from './snapshot.ts'

/** The edits between two versions listed on the page; a longer range says how many more there are. */
const MAX_EDITS_LISTED = 100

export interface VersionDiff {
  from: number
  to: number
  differences: Difference[]
  /** The edits after the older version up to the newer one, oldest first. */
  edits: EditSummary[]
  /** How many more edits there are than `edits` lists. */
  more_edits: number
  plants: ReferredPlants
}

export async function compareVersions(
  store: Store,
  plant: { id: number; name: string; version: number },
  from: number,
  to: number,
  viewer: { role: Role } | null,
): Promise<VersionDiff> {
  const [low, high] = from < to ? [from, to] : [to, from]
  if (high > plant.version)
    throw notFound(`Version ${high} of ${plant.name} (it is at version ${plant.version})`)
  const [rows, range] = await Promise.all([
    revisionsUpTo(store.reader, plant.id, high),
    revisionRange(store.reader, plant.id, low, high, MAX_EDITS_LISTED),
  ])
  const revisions = rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as FieldChange[] }))
  const at = (version: number): VersionState => {
    const upTo = revisions.filter((revision) => revision.version <= version)
    return { fields: replayFields(upTo), links: linksAfter(upTo), pictures: picturesAfter(upTo) }
  }
  const differences = diffVersions(at(from), at(to))
  return {
    from,
    to,
    differences,
    edits: range.map((row) => editSummaryOf(row, viewer)),
    more_edits: high - low - range.length,
    plants: await referredPlants(store, differences),
  }
}
