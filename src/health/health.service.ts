// The health check asks the primary and, when there is one, the read replica to answer a trivial query.
import type { Store } from '../db/store.ts'
import { StorageUnavailableError } from '../errors.ts'
import { ping } from './health.repository.ts'

export async function checkHealth(store: Store): Promise<{ status: 'ok'; database: 'ok' }> {
  const databases = store.reader === store.db ? [store.db] : [store.db, store.reader]
  try {
    await Promise.all(databases.map(ping))
  } catch (error) {
    throw new StorageUnavailableError(error)
  }
  return { status: 'ok', database: 'ok' }
}
