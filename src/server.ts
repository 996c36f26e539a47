// The process: read the config, open the database (migrations run there), load the starter dataset on
// first start, listen, and shut down gracefully on SIGINT/SIGTERM. With HORTUS_WORKERS > 1 (PostgreSQL
// only) the primary prepares the database once, then forks workers that share the port.
import cluster from 'node:cluster'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openStore } from './db/open-store.ts'
import { seedIfEmpty } from './transfer/seed.ts'
import { anyActiveKey } from './accounts/account.repository.ts'

async function prepareDatabase(config: Config): Promise<void> {
  const store = await openStore(config.database)
  try {
    const seeded = config.seed ? await seedIfEmpty(store) : null
    if (seeded) {
      console.log(
        `Loaded the starter dataset: ${seeded.created} plants and varieties, ${seeded.links.created} links.`,
      )
    }
    if (!(await anyActiveKey(store.db))) {
      console.log('No API key yet. Create one with: npm run -s hortus -- keys create --email you@example.org')
    }
  } finally {
    await store.close()
  }
}

async function serve(config: Config): Promise<void> {
  const store = await openStore(config.database, config.readDatabase)
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
  if (config.workers === 1) {
    await prepareDatabase(config)
    return serve(config)
  }
  if (cluster.isPrimary) {
    await prepareDatabase(config)
    console.log(`Starting ${config.workers} workers on ${config.host}:${config.port}`)
    return superviseWorkers(config)
  }
  return serve(config)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
