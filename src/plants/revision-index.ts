// The revision row of a save, as one PlantIndex: what changed from the plant's fields before (none for a new
// plant), with the save's note and author. Revisions are the history itself, not derived from the plants
// as they are now, so there is nothing to rebuild.
//
// A batch's rows wait in it (PendingRevisions) and are written together, in the order of their saves, when
// the batch writes its counts or when its transaction is about to write a revision some other way: the
// importer's new plants are written in groups and its updates between them, and a revision's id is its
// place in the change feed, so the rows take their ids in the order of the file's lines, not of the writes.
// Meanwhile the importer adds a line's links to its line's row (import-links.ts) without an UPDATE.
import type { Tx } from '../db/store.ts'
import { diffPlant } from './plant-changes.ts'
import type { IndexBatch, PlantIndex, PlantSave } from './plant-index.ts'
import { holdRevisions, type RevisionRow } from './revision-rows.ts'

const NAME = 'revisions'

/** A batch's revision rows not written yet. */
export class PendingRevisions {
  readonly #rows: { order: number; row: RevisionRow }[] = []
  /** By plant id and version. */
  readonly #byVersion = new Map<string, RevisionRow>()

  add(order: number, row: RevisionRow): void {
    this.#rows.push({ order, row })
    this.#byVersion.set(`${row.plant_id} ${row.version}`, row)
  }

  /** Adds `changes` at the end of the waiting row of `plantId` at `version`, as
   * revisions/revision.repository.ts appendToRevision adds them to a written one. False when there is none. */
  append(plantId: number, version: number, changes: readonly unknown[]): boolean {
    const row = this.#byVersion.get(`${plantId} ${version}`)
    if (!row) return false
    if (changes.length > 0)
      row.changes = `${row.changes.slice(0, -1)}${row.changes === '[]' ? '' : ','}${JSON.stringify(changes).slice(1)}`
    return true
  }

  /** Hands the waiting rows, in the order of their saves, to the transaction's last step, which writes
   * them with their feed position (revision-rows.ts), and forgets them. */
  write(tx: Tx): Promise<void> {
    const rows = this.#rows.splice(0).sort((a, b) => a.order - b.order)
    this.#byVersion.clear()
    holdRevisions(
      tx,
      rows.map(({ row }) => row),
    )
    return Promise.resolve()
  }
}

/** The revision rows waiting in `batch`. */
export const pendingRevisions = (batch: IndexBatch): PendingRevisions =>
  batch.collect(
    NAME,
    () => new PendingRevisions(),
    (tx, pending) => pending.write(tx),
  )

export const revisionIndex: PlantIndex = {
  name: NAME,
  replace: async ({ batch }, save) =>
    pendingRevisions(batch).add(save.order ?? batch.next(), revisionOf(save)),
  insertBatch: async ({ batch }, saves) => {
    const pending = pendingRevisions(batch)
    for (const save of saves) pending.add(save.order ?? batch.next(), revisionOf(save))
  },
  rebuild: async (_store, _tx: Tx) => {},
}

/** The revision row of a save: what changed from `before` (null for a new plant). */
function revisionOf({ plant, before, note, author }: PlantSave): RevisionRow {
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
