// What a save does for search, inside the transaction that saves the plant: the full-text entry, the
// names table, and the vocabulary's counts (applied at once, or added to the caller's WordTally).
import type { Store, Tx } from '../db/store.ts'
import { searchEntry, type SearchText } from './search-text.ts'
import { applyWordTally, putNames, WordTally } from './vocabulary.ts'

export async function saveSearchText(
  store: Store,
  tx: Tx,
  before: SearchText | null,
  after: SearchText,
  words?: WordTally,
): Promise<void> {
  if (words) words.count(before, after)
  else {
    const own = new WordTally()
    own.count(before, after)
    await applyWordTally(tx, own)
  }
  await putNames(tx, before, after)
  await store.search.put(tx, searchEntry(after))
}
