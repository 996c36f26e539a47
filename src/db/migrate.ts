// Brings a database to the latest schema. Fails loudly: the error of the first failed migration is thrown.
import { Migrator, type Migration } from 'kysely'
import type { Db } from './store.ts'

export async function migrateToLatest(db: Db, migrations: Record<string, Migration>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results = [] } = await migrator.migrateToLatest()
  const failed = results.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : 'see the failed migration'
    throw new Error(`Migration ${failed?.migrationName ?? '(before any ran)'} failed: ${reason}`, {
      cause: error,
    })
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
