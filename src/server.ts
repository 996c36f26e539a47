// The process: read the config, open the database (migrations run there), load the starter dataset on
// first start, listen, and shut down gracefully on SIGINT/SIGTERM. With HORTUS_WORKERS > 1 (PostgreSQL
// only) the primary prepares the database once, then forks workers that share the port.
import cluster from 'node:cluster'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openStore } from './db/open-store.ts'
import type { Store } from './db/store.ts'
import { seedIfEmpty } from './transfer/seed.ts'
import { anyActiveKey } from './accounts/account.repository.ts'

/** Migrations ran when the store was opened; this loads the starter dataset and says how to get a key. */
async function prepareDatabase(config: Config, store: Store): Promise<void> {
  const seeded = config.seed ? await seedIfEmpty(store) : null
  if (seeded) {
    console.log(
      `Loaded the starter dataset: ${seeded.created} plants and varieties, ${seeded.links.created} links.`,
    )
  }
  if (!(await anyActiveKey(store.db))) {
    console.log('No API key yet. Create one with: npm run -s hortus -- keys create --email you@example.org')
  }
}

async function serve(config: Config, store: Store): Promise<void> {
  const app = await buildApp({ config, store, logger: { level: config.logLevel } })
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    await app.close()
    await store.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  await app.listen({ port: config.port, host: config.host })
}

function superviseWorkers(config: Config): void {
  let stopping = false
  for (let i = 0; i < config.workers; i++) cluster.fork()
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`)
    cluster.fork()
  })
  const stop = (signal: NodeJS.Signals) => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

async function main(): Promise<void> {
  const config = loadConfig()
  const openServingStore = () => openStore(config.database, config.readDatabase)
  if (config.workers === 1) {
    const store = await openServingStore()
    await prepareDatabase(config, store)
    return serve(config, store)
  }
  if (cluster.isPrimary) {
    // The primary prepares the database once and keeps no connection while the workers serve.
    const store = await openStore(config.database)
    await prepareDatabase(config, store).finally(() => store.close())
    console.log(`Starting ${config.workers} workers on ${config.host}:${config.port}`)
    return superviseWorkers(config)
  }
  return serve(config, await openServingStore())
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
