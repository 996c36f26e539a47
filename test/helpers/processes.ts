// The real server and CLI as child processes: what an operator starts, with what they would see.
import { spawn, type SpawnOptions } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url))
export const CLI = fileURLToPath(new URL('../../src/cli/hortus.ts', import.meta.url))
/** `--import tsx` resolves from the working directory; this works from any directory. */
export const TSX = import.meta.resolve('tsx')

export interface Finished {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** The environment of this test process with the variables Hortus reads pinned (a developer's shell or a
 * .env must not change what a test sees), then `overrides`; an `undefined` override removes a variable. */
export function hortusEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  // A replica is a test's own choice, in `overrides`; never one from the shell.
  delete env.DATABASE_READ_URL
  Object.assign(env, {
    HOST: '127.0.0.1',
    HORTUS_SEED: 'off',
    HORTUS_WORKERS: '1',
    LOG_LEVEL: 'warn',
    // Raised like every suite's (scripts/test.sh); a test about limits overrides them.
    HORTUS_RATE_LIMIT_PER_MINUTE: process.env.HORTUS_RATE_LIMIT_PER_MINUTE || '1000000',
    HORTUS_WRITE_LIMIT_PER_MINUTE: process.env.HORTUS_WRITE_LIMIT_PER_MINUTE || '1000000',
    HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE: process.env.HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE || '1000000',
    HORTUS_NEW_ACCOUNT_WRITES_PER_DAY: process.env.HORTUS_NEW_ACCOUNT_WRITES_PER_DAY || '1000000',
    ...overrides,
  })
  for (const [name, value] of Object.entries(overrides)) if (value === undefined) delete env[name]
  return env
}

export type Started = ReturnType<typeof start>

/** Starts a process and collects its output; `finished` settles when it exits. */
export function start(file: string, args: string[], options: SpawnOptions = {}) {
  const child = spawn(file, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options })
  const output = { stdout: '', stderr: '' }
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()))
  const finished = once(child, 'close').then(([code, signal]): Finished => ({ code, signal, ...output }))
  return { child, output, finished }
}

/** Runs a process to its end, killing it after `timeoutMs`. */
export async function run(file: string, args: string[], options: SpawnOptions = {}, timeoutMs = 60_000) {
  const { child, finished } = start(file, args, options)
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  try {
    return await finished
  } finally {
    clearTimeout(timer)
  }
}

/** `hortus <args>` as `npm run -s hortus` runs it, with its node flag (package.json; npm itself is left
 * out: its own warnings about the machine's npm configuration would land on the stderr under test). */
export function hortus(args: string[], env: Record<string, string | undefined>, cwd = ROOT) {
  return run(process.execPath, ['--max-semi-space-size=32', '--import', TSX, CLI, ...args], {
    cwd,
    env: hortusEnv(env),
  })
}

/** A port nothing listens on right now, below the kernel's ephemeral range (32768 and up on Linux): a
 * port 0 listener or an outgoing connection of another test cannot take it before the child binds it. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const server = createServer()
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (bound) {
      server.close()
      await once(server, 'close')
      return port
    }
  }
  throw new Error('no free port found in 50 tries')
}

/** True when the Hortus API answers on the port. */
export async function answers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/openapi.json`, {
      signal: AbortSignal.timeout(2_000),
    })
    return response.ok
  } catch {
    return false
  }
}

/** Waits until `check` is true; fails after `timeoutMs`, or at once if the `started` process exits first
 * (its output goes into the error). */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  { started, timeoutMs = 30_000 }: { started?: Started; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    const child = started?.child
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      const { stdout, stderr } = started.output
      throw new Error(
        `${what}: the process exited first (${child.exitCode ?? child.signalCode})\n${stdout}${stderr}`,
      )
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The server as an operator runs it (src/server.ts, in a process of its own), with the environment of
 * hortusEnv(`env`). */
export function startServer(env: Record<string, string | undefined>, options: SpawnOptions = {}): Started {
  return start(process.execPath, ['--import', TSX, SERVER], { ...options, env: hortusEnv(env) })
}

/** startServer on a free port, once it answers there; a server that does not within a minute is killed. */
export async function startAnsweringServer(
  env: Record<string, string | undefined>,
): Promise<{ port: number; started: Started }> {
  const port = await freePort()
  const started = startServer({ ...env, PORT: String(port) })
  try {
    await waitFor('the server answers', () => answers(port), { started, timeoutMs: 60_000 })
  } catch (error) {
    started.child.kill('SIGKILL')
    throw error
  }
  return { port, started }
}

/** True while any process of the group led by `pgid` is alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/** Stops what a test started in its own process group, if anything of it is still running. */
export function killGroup(pgid: number | undefined): void {
  if (pgid && groupAlive(pgid)) process.kill(-pgid, 'SIGKILL')
}
