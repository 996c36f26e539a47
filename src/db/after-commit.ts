// Work a transaction asks for once it has committed, which the store awaits before its `transaction`
// returns: a save is answered once what it changed in this process's memory (the phrase book) is current,
// so its author's next search reads it. During bulk writes (an import's many transactions) the work is
// gathered by name and done once, when the import ends.
import type { Tx } from './store.ts'

export type AfterCommitWork = () => Promise<void>

const pending = new WeakMap<Tx, Map<string, AfterCommitWork>>()

/** Runs `work` once the transaction has committed, once whatever the number of calls with this `name`. */
export function afterCommit(tx: Tx, name: string, work: AfterCommitWork): void {
  const works = pending.get(tx) ?? new Map<string, AfterCommitWork>()
  works.set(name, work)
  pending.set(tx, works)
}

/** What a store runs when a transaction has committed; into `gathered` instead while bulk writes run. */
async function runAfterCommit(tx: Tx, gathered?: Map<string, AfterCommitWork>): Promise<void> {
  const works = pending.get(tx)
  if (!works) return
  pending.delete(tx)
  if (gathered) for (const [name, work] of works) gathered.set(name, work)
  else for (const work of works.values()) await doneQuietly(work)
}

/** The transaction has committed: a failure of what follows (a refresh the next read repeats) must not turn
 * a saved change into an error. */
function doneQuietly(work: AfterCommitWork): Promise<void> {
  return work().catch(() => {})
}

/** A store's transaction: `run` (which commits), then the transaction's after-commit work. */
export async function committingThen<T>(
  run: (capture: (tx: Tx) => void) => Promise<T>,
  gathered: () => Map<string, AfterCommitWork> | undefined,
): Promise<T> {
  let committed: Tx | undefined
  const result = await run((tx) => (committed = tx))
  if (committed) await runAfterCommit(committed, gathered())
  return result
}

/** A store's after-commit work gathered while bulk writes run, and done once they end. */
export class GatheredAfterCommit {
  #works: Map<string, AfterCommitWork> | undefined

  readonly gathered = (): Map<string, AfterCommitWork> | undefined => this.#works

  async during<T>(work: () => Promise<T>): Promise<T> {
    const works = (this.#works = new Map<string, AfterCommitWork>())
    try {
      return await work()
    } finally {
      this.#works = undefined
      for (const done of works.values()) await doneQuietly(done)
    }
  }
}
