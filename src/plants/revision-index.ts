// The revision row of a save, as one PlantIndex: what changed from the plant's fields before (none for a new
// plant), with the save's note and author. Revisions are the history itself, not derived from the plants
// as they are now, so there is nothing to rebuild.
import type { Tx } from '../db/store.ts'
import { diffPlant } from './plant-changes.ts'
import type { PlantIndex, PlantSave } from './plant-index.ts'
import { insertRevision, insertRevisions, type RevisionRow } from './revision-rows.ts'

export const revisionIndex: PlantIndex = {
  name: 'revisions',
  replace: async ({ tx }, save) => insertRevision(tx, revisionOf(save)),
  insertBatch: async ({ tx }, saves) => insertRevisions(tx, saves.map(revisionOf)),
  rebuild: async (_store, _tx: Tx) => {},
}

/** The revision row of a save: what changed from `before` (null for a new plant). */
export function revisionOf({ plant, before, note, author }: PlantSave): RevisionRow {
  return {
    plant_id: plant.id,
    version: plant.version,
    note: note.trim(),
    author_id: author.id,
    author: author.name,
    created_at: plant.updated_at,
    changes: JSON.stringify(diffPlant(before, plant)),
  }
}
