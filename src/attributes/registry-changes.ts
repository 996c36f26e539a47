// Who keeps something made from the attribute registry in memory (the phrase book behind `q`) is told when
// a save has changed its keys or values, once that save has committed, and the save is answered after
// they are done: its author's next search reads what it added. Which keys moved it is recorded with each
// version of the registry (registry_changes, attribute.repository.ts), so that any process, this one or
// another on the same database, catches up by reading those keys alone.
import type { Tx } from '../db/store.ts'
import { afterCommit } from '../db/after-commit.ts'

/** The key recorded for a version that moved more keys than are worth recording one by one. */
export const ALL_KEYS = ''
export const MAX_KEYS_RECORDED = 100
/** Versions recorded: a process further behind reads the whole registry again. */
export const VERSIONS_KEPT = 1000

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
