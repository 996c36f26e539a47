// Opens the store that a DATABASE_URL names: its migrations run (db/migrate.ts), then the index rebuilds
// they asked for (db/index-rebuilds.ts) with the write path's list of indexes. Here, above both, because the
// storage layer must not know the indexes.
import type { DatabaseUrl } from './config.ts'
import { DatabaseOpenError, type Store } from './db/store.ts'
import { rebuildRequested } from './db/index-rebuilds.ts'
import { openSqliteStore } from './db/sqlite.ts'
import type { DatabaseObserver } from './db/observer.ts'
import { PLANT_INDEXES } from './writes/plant-indexes.ts'

/** `observer` is told of statements and transactions (the server's metrics); without it nothing is timed. */
export async function openStore(
  database: DatabaseUrl,
  readDatabase: DatabaseUrl | null = null,
  observer: DatabaseObserver | null = null,
): Promise<Store> {
  const store = await openMigrated(database, readDatabase, observer)
  try {
    await rebuildRequested(store, PLANT_INDEXES)
  } catch (error) {
    await store.close()
    throw new DatabaseOpenError('Cannot rebuild an index the migrations asked for', error)
  }
  return store
}

async function openMigrated(
  database: DatabaseUrl,
  readDatabase: DatabaseUrl | null,
  observer: DatabaseObserver | null,
): Promise<Store> {
  if (database.dialect === 'sqlite') return openSqliteStore(database.path, undefined, observer)
  const { openPostgresStore } = await import('./db/postgres.ts')
  const readUrl = readDatabase?.dialect === 'postgres' ? readDatabase.url : null
  return openPostgresStore(database.url, readUrl, observer)
}
