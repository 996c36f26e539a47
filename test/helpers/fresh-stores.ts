// Test files that open several stores of their own: each from a fresh test database, all closed after the
// file's tests.
import { after } from 'node:test'
import type { Store } from '../../src/db/store.ts'
import { openTestStore } from './test-database.ts'

/** Call at the top level of a test file; the function it returns opens a fresh store. */
export function freshStores(): () => Promise<Store> {
  const stores: Store[] = []
  after(async () => {
    await Promise.all(stores.map((store) => store.close()))
  })
  return async () => {
    const store = await openTestStore()
    stores.push(store)
    return store
  }
}
