// What every bench starts from: a fresh database of the dialect under test (HORTUS_TEST_DB) with the starter
// dataset plus OpenFarm (about 94,000 plants), and Hortus serving it on 127.0.0.1 with a key.
import { dirname } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../src/app.ts'
import { createKeyPair } from '../src/accounts/api-keys.ts'
import type { Store } from '../src/db/store.ts'
import { importDataset } from '../src/transfer/import.ts'
import { readLines } from '../src/transfer/read-lines.ts'
import { openTestStore } from '../test/helpers/test-database.ts'
import type { Workload } from './cases.ts'

export const BENCH_FILES = ['data/plants.jsonl', 'data/openfarm.jsonl']

export interface ImportFigures {
  /** Each file's import, in seconds. */
  importSeconds: Record<string, number>
  /** Each file's lines the import refused in whole or in part (plant, link or picture): 0, or the bench
   * measures another set than it says. */
  rejectedLines: Record<string, number>
  /** The plants in the database after the import: what the bench measures. */
  plants: number
}

/** The bench's set imported into `store`, each file timed; says how many plants that made, and how many
 * lines were rejected (with the first reasons of each file). */
export async function importBenchSet(store: Store): Promise<ImportFigures> {
  const figures: ImportFigures = { importSeconds: {}, rejectedLines: {}, plants: 0 }
  for (const file of BENCH_FILES) {
    const started = performance.now()
    const summary = await importDataset(store, readLines(file), { source: file, baseDir: dirname(file) })
    figures.importSeconds[file] = (performance.now() - started) / 1000
    figures.rejectedLines[file] = new Set(summary.rejected.map(({ line }) => line)).size
    console.log(
      `imported ${file}: ${summary.created} created, ${summary.updated} updated, ` +
        `${figures.rejectedLines[file]} lines rejected, in ${figures.importSeconds[file].toFixed(1)} s`,
    )
    for (const { line, reason } of summary.rejected.slice(0, 5)) console.log(`  line ${line}: ${reason}`)
  }
  const counted = await store.db
    .selectFrom('plants')
    .select((eb) => eb.fn.countAll<number>().as('plants'))
    .executeTakeFirstOrThrow()
  figures.plants = Number(counted.plants)
  const rejected = Object.values(figures.rejectedLines).reduce((sum, lines) => sum + lines, 0)
  console.log(
    `after the import: ${figures.plants} plants in the database, ${rejected} lines rejected` +
      (rejected > 0 ? ' (the bench measures fewer plants than its files hold)' : ''),
  )
  return figures
}

/** The plants of `store` as the cases choose among them: ids, page addresses and versions, in id order. */
export async function workloadOf(store: Store): Promise<Workload> {
  const plants = await store.db.selectFrom('plants').select(['id', 'version', 'slug']).orderBy('id').execute()
  return {
    ids: plants.map((plant) => Number(plant.id)),
    slugs: plants.map((plant) => plant.slug),
    versions: new Map(plants.map((plant) => [Number(plant.id), Number(plant.version)])),
    imageIds: [],
  }
}

export async function importedStore(): Promise<Store> {
  const store = await openTestStore()
  await importBenchSet(store)
  return store
}

/** Hortus on `store`, listening on a free loopback port, and the headers of a key for it. */
export async function startService(store: Store) {
  // The bench measures the service, not its limits: they are raised out of the way.
  const unlimited = { rateLimitPerMinute: 1e8, writeLimitPerMinute: 1e8, authFailureLimitPerMinute: 1e8 }
  const app = await buildApp({ config: { keyBrand: 'service', keyCacheSeconds: 60, ...unlimited }, store })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const key = await createKeyPair(store, 'bench@example.org')
  const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
  return { app, port, headers }
}
