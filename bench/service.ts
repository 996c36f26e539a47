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

export async function importedStore(): Promise<Store> {
  const store = await openTestStore()
  for (const file of ['data/plants.jsonl', 'data/openfarm.jsonl']) {
    const started = performance.now()
    const summary = await importDataset(store, readLines(file), { source: file, baseDir: dirname(file) })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`imported ${file}: ${summary.created} created, ${summary.updated} updated in ${seconds} s`)
  }
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
