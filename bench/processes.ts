// The servers the bench measures, each a process of its own (the load generator must not share their event
// loop): Hortus as an operator starts it, and the baseline server.
import { openSync, readFileSync, readdirSync } from 'node:fs'
import { tempDir } from '../test/helpers/temp-dir.ts'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  freePort,
  hortusEnv,
  run,
  start,
  ROOT,
  TSX,
  waitFor,
  type Started,
} from '../test/helpers/processes.ts'

export interface Server {
  port: number
  process: Started
  /** resident memory of the serving processes (the workers when there are several), in MB */
  rssMb(): number
  stop(): Promise<void>
}

/** What `npm start` runs: the server bundled from src/ (scripts/start.mjs). */
const START = join(ROOT, 'scripts', 'start.mjs')

const RAISED_LIMITS = {
  // The bench measures the service, not its limits.
  HORTUS_RATE_LIMIT_PER_MINUTE: '100000000',
  HORTUS_WRITE_LIMIT_PER_MINUTE: '100000000',
  HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE: '100000000',
  HORTUS_NEW_ACCOUNT_WRITES_PER_DAY: '100000000',
}

/** Hortus as `npm start` runs it, on `databaseUrl` with the default configuration (logging at info included), limits raised. */
export async function startHortus(databaseUrl: string, workers = 1): Promise<Server> {
  const port = await freePort()
  const env = hortusEnv({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HORTUS_WORKERS: String(workers),
    LOG_LEVEL: 'info',
    ...RAISED_LIMITS,
  })
  // The log goes to a file, as in production, not through a pipe into the bench's own process.
  const log = openSync(join(tempDir('hortus-bench-log-'), 'hortus.log'), 'a')
  const started = start(process.execPath, [START], { env, stdio: ['ignore', log, log] })
  await waitFor('Hortus answers', () => health(port), { started, timeoutMs: 60_000 })
  return serverOf(port, started)
}

/** Milliseconds from `npm start` to the first answered request (the database exists already). */
export async function timeToFirstAnswer(databaseUrl: string): Promise<number> {
  const port = await freePort()
  const env = hortusEnv({ DATABASE_URL: databaseUrl, PORT: String(port), ...RAISED_LIMITS })
  await run(process.execPath, [START, '--build-only']) // the bundle is up to date, as after any start
  const began = performance.now()
  const started = start('npm', ['start', '--silent'], { env, detached: true })
  await waitFor('npm start answers', () => health(port), { started, timeoutMs: 60_000 })
  const elapsed = performance.now() - began
  process.kill(-started.child.pid!, 'SIGTERM')
  await started.finished
  return elapsed
}

/** The baseline server (bench/baseline-server.ts) serving the files' bytes from memory. */
export async function startBaseline(
  pageFile: string,
  plantFile: string,
  plantHeadersFile: string,
): Promise<Server> {
  const args = [pageFile, plantFile, plantHeadersFile]
  const started = start(process.execPath, ['--import', TSX, 'bench/baseline-server.ts', ...args])
  await waitFor('the baseline listens', () => /^\d+\n/.test(started.output.stdout), { started })
  return serverOf(Number(started.output.stdout.trim()), started)
}

async function health(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) })
    return response.ok
  } catch {
    return false
  }
}

function serverOf(port: number, started: Started): Server {
  const pid = started.child.pid!
  return {
    port,
    process: started,
    rssMb: () => {
      const workers = childPids(pid)
      const pids = workers.length > 0 ? workers : [pid]
      return Math.max(...pids.map(rssOf))
    },
    stop: async () => {
      started.child.kill('SIGTERM')
      await started.finished
    },
  }
}

/** The Node processes a server forked (its workers), not helpers such as esbuild's service. */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`)
      .flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      )
      .filter((child) => readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'node')
  } catch {
    return []
  }
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}
