// The links of an imported file, made batch by batch: in the transaction of the batch where both of a
// link's plants first exist (its own line's batch, or the later batch that creates the plant it names).
// Each plant's link changes of that transaction go into one revision (link-revisions.ts
// recordImportedLinks): the revision that created or updated the plant from its line in this transaction
// when there is one, else one revision of their own. So a fresh import writes one revision per plant line,
// its values and links together, and a plant there before gets one revision per batch for all the links
// the batch made to it, not one per link.
//
// Why in the batch and not after the whole file, as before: links made after the last batch had committed
// could only be later revisions of plants whose first one every reader had already seen. A line names
// plants further down the file, so a link waits (in memory) until the plant it names is created; what
// still waits at the end names no plant of the file or the database, and is reported with its line.
// Why the changes are added to the revision the batch wrote rather than handed to the plant writes: the
// creation revision is made by writes/new-plants.ts before the batch's links can be resolved (a new
// plant's id is found when its batch is flushed). The batch's revision rows wait in it until its links are
// made (plants/revision-index.ts PendingRevisions): each linked plant's changes are added to its row in
// memory, and the rows are written once, with no UPDATE per linked plant. Measured on the starter dataset
// (1,363 links, 3,108 plants): its links took 81-93 ms on SQLite and about 350 ms on PostgreSQL with one
// UPDATE per linked plant, against 406-505 ms and 1.9-2.4 s when each link was two revisions.
// The import never removes a link.
import type { Author } from '../accounts/account.ts'
import type { Tx } from '../db/store.ts'
import { findActiveLinkBetween, insertLinks, type LinkType, type NewLink } from '../links/link.repository.ts'
import { bothSides, recordImportedLinks, type LinkChange } from '../links/link-revisions.ts'
import type { PendingRevisions } from '../plants/revision-index.ts'

export interface PendingLink {
  /** The line of the file it is on, and its place among that line's links: the order links are made in. */
  line: number
  index: number
  /** pairKey of its line's plant, and of the plant it names. */
  from: string
  to: string
  type: LinkType
  note: string
  source_id: number | null
  author: string
}

/** What one batch's transaction knows of its plants. */
export interface LinkStep {
  /** The links of the batch's lines that were saved (a refused line's links are not made). */
  links: PendingLink[]
  /** The keys of the plants the batch created: the links waiting for them are made now. */
  createdKeys: Iterable<string>
  /** A plant's id, whether it was there before or the batch created it. */
  idOf: (key: string) => number | undefined
  /** The plants this transaction created: no link can reach them but one this import made. */
  fresh: ReadonlySet<number>
  /** The version of each plant whose line this transaction saved: its links go into that revision. */
  written: ReadonlyMap<number, number>
  /** The transaction's revision rows not written yet (its lines'): written here, after their links. */
  pending: PendingRevisions
  revision: { note: string; author: Author }
}

interface LinkCounts {
  created: number
  skipped: number
}

type Rejection = { line: number; reason: string }

/** What a step did, applied to the waiting links only once its transaction committed. */
export interface StepOutcome {
  counts: LinkCounts
  rejected: Rejection[]
  /** Links whose plant was not there yet: they wait for it. */
  waiting: PendingLink[]
  /** Keys whose waiting links the step made (or refused). */
  taken: string[]
}

export class ImportLinks {
  /** Links naming a plant not there yet, by that plant's key. */
  readonly #waiting = new Map<string, PendingLink[]>()
  /** The links of committed steps that could not be made. */
  readonly #refused: Rejection[] = []

  /** Makes the links whose two plants now exist, inside the batch's transaction; changes nothing here
   * (a step whose transaction rolls back is done again, line by line). */
  async step(tx: Tx, step: LinkStep): Promise<StepOutcome> {
    const outcome: StepOutcome = { counts: { created: 0, skipped: 0 }, rejected: [], waiting: [], taken: [] }
    const candidates = [...step.links]
    for (const key of step.createdKeys) {
      const waiting = this.#waiting.get(key)
      if (!waiting) continue
      candidates.push(...waiting)
      outcome.taken.push(key)
    }
    // In the file's order, as links made after the whole file were: of two lines linking the same pair,
    // the first one's link is made and the second is counted as already there.
    candidates.sort((a, b) => a.line - b.line || a.index - b.index)
    const made = new Set<string>()
    const rows: NewLink[] = []
    const changes: LinkChange[] = []
    const at = new Date().toISOString()
    for (const link of candidates) {
      const from = step.idOf(link.from)
      if (from === undefined) continue // not saved: its line was refused, and reported already
      const to = step.idOf(link.to)
      if (to === undefined) {
        outcome.waiting.push(link)
        continue
      }
      if (to === from) {
        outcome.rejected.push({ line: link.line, reason: 'a plant cannot be linked to itself' })
        continue
      }
      const pair = `${Math.min(from, to)} ${Math.max(from, to)}`
      // Only two plants that were there before this transaction can have a link it did not make.
      const there =
        made.has(pair) ||
        (!step.fresh.has(from) && !step.fresh.has(to) && (await findActiveLinkBetween(tx, from, to)))
      if (there) {
        outcome.counts.skipped++
        continue
      }
      made.add(pair)
      rows.push({
        from,
        to,
        type: link.type,
        note: link.note,
        author: link.author,
        source_id: link.source_id,
        created_at: at,
      })
      changes.push(...bothSides(from, to, link.type, true))
      outcome.counts.created++
    }
    await insertLinks(tx, rows)
    await recordImportedLinks(tx, changes, { ...step.revision, at }, step.written, step.pending)
    return outcome
  }

  /** The step's transaction committed: its waiting links are done, new ones wait. */
  commit(outcome: StepOutcome): void {
    this.#refused.push(...outcome.rejected)
    for (const key of outcome.taken) this.#waiting.delete(key)
    for (const link of outcome.waiting) {
      const waiting = this.#waiting.get(link.to)
      if (waiting) waiting.push(link)
      else this.#waiting.set(link.to, [link])
    }
  }

  /** Once the whole file is read, the links not made: refused, or still waiting (the plants they name
   * are not here). */
  unmade(): Rejection[] {
    const waiting = [...this.#waiting.values()].flat().map((link) => ({
      line: link.line,
      reason: `link target ${link.to.replace('\u0000', ' / ')} is not a plant here`,
    }))
    return [...this.#refused, ...waiting]
  }
}
