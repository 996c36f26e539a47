// Who keeps something made from the attribute registry in memory (the phrase book behind `q`) is told when
// a save has changed its keys or values, once that save has committed, and the save is answered after
// they are done: its author's next search reads what it added.
import type { Tx } from '../db/store.ts'
import { afterCommit } from '../db/after-commit.ts'

type Listener = () => Promise<void>

const listeners = new Set<Listener>()

/** `listener` runs after every committed save that changed the registry's keys or values. */
export function onRegistryChange(listener: Listener): void {
  listeners.add(listener)
}

export function offRegistryChange(listener: Listener): void {
  listeners.delete(listener)
}

/** Called by applyTally when this transaction changes the registry's keys or values. */
export function registryChangedIn(tx: Tx): void {
  afterCommit(tx, 'attribute registry', async () => {
    await Promise.all([...listeners].map((listener) => listener()))
  })
}
