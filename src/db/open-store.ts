// Opens the store that a DATABASE_URL names.
import type { DatabaseUrl } from '../config.ts'
import type { Store } from './store.ts'
import { openSqliteStore } from './sqlite.ts'

export async function openStore(
  database: DatabaseUrl,
  readDatabase: DatabaseUrl | null = null,
): Promise<Store> {
  if (database.dialect === 'sqlite') return openSqliteStore(database.path)
  const { openPostgresStore } = await import('./postgres.ts')
  return openPostgresStore(database.url, readDatabase?.dialect === 'postgres' ? readDatabase.url : null)
}
