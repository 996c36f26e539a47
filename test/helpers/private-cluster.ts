// A PostgreSQL cluster of a test file's own, for tests that stop the server or add a streaming replica:
// doing that to the shared test cluster would break the test files running beside them. The cluster comes
// from the same script as the shared one (scripts/postgres/with-test-cluster.sh), which removes it, and
// any replica started in its directory, however the test ends.
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { basename, dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { freePort } from './processes.ts'
import { createTestDatabaseUrl } from './test-database.ts'

const run = promisify(execFile)

export interface Cluster {
  /** superuser URL to the `postgres` database */
  url: string
  datadir: string
  pgCtl: string
  bindir: string
  /** the OS user the server runs as (empty: the current user) */
  runAs: string
  process: ChildProcess
}

export interface Replica {
  url: string
  datadir: string
}

/** Runs the cluster script around a child that reports the cluster's variables and waits for its stdin
 * to close; closing it stops and removes the cluster. */
export async function startPrivateCluster(): Promise<Cluster> {
  const script = fileURLToPath(new URL('../../scripts/postgres/with-test-cluster.sh', import.meta.url))
  const reporter = `
    const e = process.env
    console.log(JSON.stringify({ url: e.HORTUS_TEST_PG_URL, datadir: e.HORTUS_TEST_PG_DATADIR, pgCtl: e.HORTUS_TEST_PG_CTL, bindir: e.HORTUS_TEST_PG_BINDIR, runAs: e.HORTUS_TEST_PG_RUNAS }))
    process.stdin.resume()
    process.stdin.on('end', () => process.exit(0))`
  const child = spawn('bash', [script, process.execPath, '-e', reporter], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  let timer: NodeJS.Timeout | undefined
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    once(child, 'exit').then(() => {
      throw new Error('the private cluster did not start')
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the private cluster took over 60 s to start')), 60_000)
    }),
  ]).finally(() => clearTimeout(timer))
  return { ...(JSON.parse(first) as Omit<Cluster, 'process'>), process: child }
}

/** A new test database on `cluster`, where this process's test databases go from now on (they vanish with
 * it). */
export async function testDatabaseOn(cluster: Cluster): Promise<string> {
  process.env.HORTUS_TEST_PG_URL = cluster.url
  process.env.HORTUS_TEST_PG_DATADIR = cluster.datadir
  return createTestDatabaseUrl()
}

export async function stopPrivateCluster(cluster: Cluster): Promise<void> {
  if (cluster.process.exitCode !== null) return
  const exited = once(cluster.process, 'exit')
  cluster.process.stdin!.end()
  const timer = setTimeout(() => cluster.process.kill('SIGTERM'), 30_000)
  await exited
  clearTimeout(timer)
}

/** A PostgreSQL program as the cluster's owner; from `/`, which the owner can always enter. */
async function asOwner(cluster: Cluster, program: string, args: string[]): Promise<void> {
  const [file, argv] = cluster.runAs
    ? ['runuser', ['-u', cluster.runAs, '--', program, ...args]]
    : [program, args]
  await run(file, argv, { cwd: '/', timeout: 60_000 })
}

/** pg_ctl on the cluster's server (or, with `datadir`, on a replica's). */
export async function pgCtl(cluster: Cluster, action: 'start' | 'stop', datadir = cluster.datadir) {
  const args =
    action === 'stop'
      ? ['stop', '-D', datadir, '-m', 'fast', '-w', '-t', '30']
      : ['start', '-D', datadir, '-l', join(dirname(datadir), `${basename(datadir)}.log`), '-w', '-t', '30']
  await asOwner(cluster, cluster.pgCtl, args)
}

/** A streaming replica of the cluster, made with `pg_basebackup -R` in the cluster's directory and
 * started on a free port of its own. Its own `port` setting overrides the one copied from the primary. */
export async function startReplica(cluster: Cluster): Promise<Replica> {
  const datadir = join(dirname(cluster.datadir), 'replica')
  const primary = new URL(cluster.url)
  await asOwner(cluster, join(cluster.bindir, 'pg_basebackup'), [
    '-D',
    datadir,
    '-R',
    '--checkpoint=fast',
    '--no-sync',
    '-d',
    `host=${primary.hostname} port=${primary.port} user=postgres application_name=hortus_test_replica`,
  ])
  // Another process can take the free port before the server binds it: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    await asOwner(cluster, 'sh', ['-c', `echo "port = ${port}" >> "$0/postgresql.auto.conf"`, datadir])
    try {
      await pgCtl(cluster, 'start', datadir)
      const url = new URL(cluster.url)
      url.port = String(port)
      return { url: url.toString(), datadir }
    } catch (error) {
      if (attempt === 5) throw error
    }
  }
}
