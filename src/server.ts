// The process: read the config, open the database, load the starter dataset on first start, listen, and
// shut down gracefully on SIGINT/SIGTERM.
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openStore } from './db/open-store.ts'
import { seedIfEmpty } from './transfer/seed.ts'

async function main(): Promise<void> {
  const config = loadConfig()
  const store = await openStore(config.database, config.readDatabase)
  if (config.seed) {
    const seeded = await seedIfEmpty(store)
    if (seeded)
      console.log(`Loaded the starter dataset: ${seeded.created} plants, ${seeded.links.created} links.`)
  }
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
