// The full-text index of the store's database: each dialect has its own (sqlite-search.ts,
// postgres-search.ts), chosen here by the store's dialect, so the storage layer (db/) knows nothing of search.
import type { Store } from '../db/store.ts'
import { PostgresSearch } from './postgres-search.ts'
import type { SearchIndex } from './search-index.ts'
import { SqliteSearch } from './sqlite-search.ts'

const byDialect: Record<Store['dialect'], SearchIndex> = {
  sqlite: new SqliteSearch(),
  postgres: new PostgresSearch(),
}

export function searchIndexOf(store: Pick<Store, 'dialect'>): SearchIndex {
  return byDialect[store.dialect]
}
