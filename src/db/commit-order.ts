// Steps a transaction takes last, in the order transactions commit. The change feed needs it: a position
// taken when a row is written (a sequence, an id) is not the order of commits, since a transaction that
// took position 10 can commit after the one that took 11, and a poller already past 11 would never see 10.
// Each dialect's store runs these steps just before COMMIT: SQLite has one writer at a time, so its
// transactions run them in commit order anyway; PostgreSQL's first take a transaction-scoped advisory lock,
// held through COMMIT, so no other transaction runs its steps until this one has committed and is visible.
import type { Tx } from './store.ts'

export type CommitStep = (tx: Tx) => Promise<void>

const pending = new WeakMap<Tx, Map<string, CommitStep>>()

/** Runs `step` once, whatever the number of calls with this `name`, as the transaction's last work. */
export function inCommitOrder(tx: Tx, name: string, step: CommitStep): void {
  const steps = pending.get(tx) ?? new Map<string, CommitStep>()
  steps.set(name, step)
  pending.set(tx, steps)
}

/** What the store runs after the transaction's work and before its COMMIT (`lock` first, when there are
 * steps: PostgreSQL's advisory lock). */
async function runCommitOrderedSteps(tx: Tx, lock: (tx: Tx) => Promise<void>): Promise<void> {
  const steps = pending.get(tx)
  if (!steps) return
  pending.delete(tx)
  await lock(tx)
  for (const step of steps.values()) await step(tx)
}

/** A store's transaction: `work`, then the commit-ordered steps. */
export function withCommitOrderedSteps<T>(
  work: (tx: Tx) => Promise<T>,
  lock: (tx: Tx) => Promise<void>,
): (tx: Tx) => Promise<T> {
  return async (tx) => {
    const result = await work(tx)
    await runCommitOrderedSteps(tx, lock)
    return result
  }
}
