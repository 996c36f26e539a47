// The process: read the config, open the database (migrations run there), load the starter dataset on
// first start, listen, and shut down gracefully on SIGINT/SIGTERM. With HORTUS_WORKERS > 1 (PostgreSQL
// only) the primary prepares the database once, then forks workers that share the port. A start-up
// failure the operator can fix (configuration, database, port) is one line on stderr and exit code 1.
import cluster from 'node:cluster'
import type { Server } from 'node:http'
import pino from 'pino'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, loadEnvFile, type Config } from './config.ts'
import { openStore } from './open-store.ts'
import { DatabaseOpenError, ImportRunningError, type Store } from './db/store.ts'
import { seedIfEmpty } from './transfer/seed.ts'
import { anyActiveKey } from './accounts/account.repository.ts'
import type { DatabaseObserver } from './db/observer.ts'
/** The address cannot be listened on: its message is the one line the operator sees. */
class ListenError extends Error {}

const LISTEN_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'the port is already in use',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'HOST is not an address of this machine',
  ENOTFOUND: 'HOST is not a known host name',
}

/** Migrations ran when the store was opened; this loads the starter dataset and says how to get a key. */
async function prepareDatabase(config: Config, store: Store): Promise<void> {
  // A read-only copy is written by `hortus mirror` alone, never by the starter dataset.
  const seeded = config.seed && !config.readOnly ? await seedUnlessImporting(store) : null
  if (seeded) {
    console.log(
      `Loaded the starter dataset: ${seeded.created} plants and varieties, ${seeded.links.created} links, ${seeded.images.added} pictures.`,
    )
  }
  if (!(await anyActiveKey(store.db))) {
    const site = `http://${['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host}:${config.port}`
    console.log(
      `No API key yet. Sign up at ${site}/signup and create one under My API keys, ` +
        'or with the CLI: npm run -s hortus -- keys create --email you@example.org',
    )
  }
}

/** The starter dataset, unless another process is importing into the database (another server starting
 * on the same empty PostgreSQL database loads it): this one serves meanwhile. */
async function seedUnlessImporting(store: Store) {
  try {
    return await seedIfEmpty(store)
  } catch (error) {
    if (!(error instanceof ImportRunningError)) throw error
    console.log('Another process is importing into the database; the starter dataset is left to it.')
    return null
  }
}

async function serve(config: Config, store: Store): Promise<void> {
  // Log lines are written asynchronously: a line per request written synchronously cost about 30 µs of a
  // 160 µs plant read. Lines that come while a write is under way join the next one, so under load many
  // requests share a write and an idle server still writes each line at once. At exit (process.exit, an
  // uncaught error) pino writes what is left; only a SIGKILL loses the last few milliseconds of lines.
  // A reader of stdout that stops reading makes lines wait in memory, up to 16 MiB; later ones are dropped
  // rather than the process growing without bound.
  //
  // Each write is a job on libuv's thread pool (a thread woken, a futex, a switch): under load one per three
  // requests. Lines are gathered up to 12 KiB (sonic-boom writes at most 16 KiB at once) before a write,
  // and written at least every quarter second, so a quiet server's lines still appear at once to a person
  // reading the log.
  const stream = pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 })
  const app = await buildApp({
    config,
    store,
    logger: { level: config.logLevel, stream },
    countRequests: config.metricsPort !== null,
  })
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    // No new connections from now; requests in flight get HORTUS_SHUTDOWN_SECONDS to finish, then their
    // connections are cut (a client trickling a body cannot keep the process alive). A request whose
    // handler never ran was never acknowledged, so nothing acknowledged is lost.
    const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdownSeconds * 1000)
    cut.unref()
    await app.close()
    clearTimeout(cut)
    await store.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    const code = error instanceof Error && 'code' in error ? String(error.code) : ''
    const problem = LISTEN_PROBLEMS[code]
    throw problem ? new ListenError(`Cannot listen on ${config.host}:${config.port}: ${problem}.`) : error
  })
}

/** A worker that fails to start sends its line here instead of printing it: N workers that cannot
 * listen give one line, and the primary stops instead of forking replacements forever. */
interface StartupFailure {
  startupFailure: string
}

/** `metrics`: the primary's metrics server, closed once every worker has stopped (it would keep the
 * process running). */
function superviseWorkers(config: Config, metrics: Server | null): void {
  let stopping = false
  let failure: string | null = null
  const listening = new Set<number>()
  const closeWhenAllStopped = () => {
    if (Object.keys(cluster.workers ?? {}).length > 0) return
    metrics?.closeAllConnections()
    metrics?.close()
  }
  const stop = (signal: NodeJS.Signals) => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    closeWhenAllStopped()
  }
  // The workers accept their connections themselves from the one listening socket (SCHED_NONE), instead
  // of the primary accepting and handing each on (Node's default on Linux): a connection handed to a
  // worker that died before taking it stayed open and unanswered, and behind nginx a request sent on it
  // hung until nginx's read timeout (4 of 7 runs of test/process/proxy.test.ts killed a worker so). A
  // connection the kernel queued is taken by a living worker.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  for (let i = 0; i < config.workers; i++) cluster.fork()
  cluster.on('listening', (worker) => listening.add(worker.id))
  cluster.on('message', (_worker, message: Partial<StartupFailure>) => {
    if (typeof message?.startupFailure === 'string') failure ??= message.startupFailure
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return closeWhenAllStopped()
    if (listening.has(worker.id)) {
      console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`)
      cluster.fork()
      return
    }
    // Messages sent before the exit have all arrived once the worker's channel is closed.
    const giveUp = () => {
      if (stopping) return
      console.error(failure ?? `worker ${worker.process.pid} exited (${signal ?? code}) before listening`)
      process.exitCode = 1
      stop('SIGTERM')
    }
    if (worker.isConnected()) worker.once('disconnect', giveUp)
    else giveUp()
  })
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

const metricsAddress = ({ metricsHost, metricsPort }: Config) =>
  metricsPort === null ? null : { host: metricsHost, port: metricsPort }

/** With HORTUS_METRICS_PORT, the metrics (src/monitoring/, loaded only then, and prom-client with it). */
const loadMonitoring = (config: Config) =>
  config.metricsPort === null ? null : import('./monitoring/metrics-server.ts')

/** A serving process counts; with one process it also serves its series, a worker hands them to the
 * primary, which serves them all. Returns the store's observer, null without metrics. */
async function countFor(config: Config, serving: boolean) {
  const monitoring = await loadMonitoring(config)
  if (!monitoring) return { observer: null, watch: (_store: Store) => {} }
  const counting = await monitoring.countInThisProcess()
  if (serving) await monitoring.serveMetrics(metricsAddress(config)!, counting.registry)
  else monitoring.answerPrimaryForMetrics(counting.registry)
  return counting
}

async function main(): Promise<void> {
  loadEnvFile()
  const config = loadConfig()
  const openServingStore = (observer: DatabaseObserver | null) =>
    openStore(config.database, config.readDatabase, observer)
  if (config.workers === 1) {
    // Before the starter dataset is loaded: its import is among what the metrics show.
    const counting = await countFor(config, true)
    const store = await openServingStore(counting.observer)
    counting.watch(store)
    await prepareDatabase(config, store)
    return serve(config, store)
  }
  if (cluster.isPrimary) {
    // The primary prepares the database once and keeps no connection while the workers serve.
    const store = await openStore(config.database)
    await prepareDatabase(config, store).finally(() => store.close())
    const address = metricsAddress(config)
    const served = address ? await (await loadMonitoring(config))!.serveMetrics(address, 'workers') : null
    console.log(`Starting ${config.workers} workers on ${config.host}:${config.port}`)
    return superviseWorkers(config, served)
  }
  const counting = await countFor(config, false)
  const store = await openServingStore(counting.observer)
  counting.watch(store)
  return serve(config, store)
}

main().catch((error: unknown) => {
  // The metrics' class is not imported here: its module is loaded only with metrics (loadMonitoring).
  const known =
    [ConfigError, DatabaseOpenError, ListenError].some((kind) => error instanceof kind) ||
    (error instanceof Error && error.name === 'MetricsListenError')
  // Anything else is a bug: its stack trace helps the report.
  const line = known ? (error as Error).message : error instanceof Error ? (error.stack ?? error) : error
  if (cluster.isWorker && process.send) {
    const failure: StartupFailure = { startupFailure: String(line) }
    process.send(failure, () => process.exit(1))
    return
  }
  console.error(line)
  process.exit(1)
})
