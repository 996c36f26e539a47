// A PostgreSQL backup (`hortus backup`): Debian's pg_dump in its custom format, run in a snapshot that this
// module exports from a transaction of its own, so that what it reads in that transaction (the change feed's
// last position) is exactly what the dump holds.
import { execFileSync, spawn } from 'node:child_process'
import { accessSync, constants, readdirSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'
import type { Db } from './store.ts'
import { BackupError } from './backup-error.ts'
import { withoutPassword } from './postgres.ts'

/** Where Debian installs each version's programs, beside the wrapper on PATH. */
const VERSIONED_BINARIES = '/usr/lib/postgresql'

export interface PostgresDump<T> {
  /** What `readInSnapshot` returned. */
  read: T
  /** "15.18": the version of pg_dump that wrote the dump, and of the server it read. */
  pgDumpVersion: string
  serverVersion: string
}

/**
 * Dumps the database at `url` into `dumpPath` (`pg_dump --format=custom`). `readInSnapshot` runs in the
 * transaction whose snapshot pg_dump is given (`--snapshot`), which stays open until pg_dump is done: it
 * sees exactly the commits the dump holds. The password never goes on a command line (which `ps` shows
 * every user): pg_dump gets the URL without it and the password in PGPASSWORD.
 */
export async function dumpPostgres<T>(
  url: string,
  dumpPath: string,
  readInSnapshot: (db: Db) => Promise<T>,
): Promise<PostgresDump<T>> {
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  })
  try {
    return await db.connection().execute(async (connection) => {
      const serverVersion = await versionOfServer(connection)
      const pgDump = findPgDump(serverVersion)
      // The dump may take long: this session's own timeouts must not end the transaction under it.
      await sql`SET statement_timeout = 0`.execute(connection)
      await sql`SET idle_in_transaction_session_timeout = 0`.execute(connection)
      await sql`BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY`.execute(connection)
      try {
        // The first statement takes the transaction's snapshot; pg_dump reads in the same one.
        const snapshot = await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(connection)
        const read = await readInSnapshot(connection)
        await runPgDump(pgDump.path, url, ['--snapshot', snapshot.rows[0]!.id, '--file', dumpPath])
        return { read, pgDumpVersion: pgDump.version, serverVersion: serverVersion.text }
      } finally {
        // The transaction only read: ending it cannot lose anything, and a failure here says nothing of the dump.
        await sql`COMMIT`.execute(connection).catch(() => {})
      }
    })
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`PostgreSQL at ${withoutPassword(url)}: ${oneLine(error)}`)
  } finally {
    await db.destroy()
  }
}

interface Version {
  major: number
  text: string
}

async function versionOfServer(db: Db): Promise<Version> {
  const result = await sql<{ version: string }>`SELECT current_setting('server_version') AS version`.execute(
    db,
  )
  return parseVersion(result.rows[0]!.version)
}

/** "15.18" of "15.18 (Debian 15.18-0+deb12u1)" or "pg_dump (PostgreSQL) 15.18 (Debian …)". */
function parseVersion(text: string): Version {
  const match = /(\d+)(?:\.(\d+))?/.exec(text.replace(/^\D+/, ''))
  return { major: Number(match?.[1] ?? 0), text: match?.[0] ?? text }
}

/** A pg_dump at least as new as the server (an older one refuses to dump it): the one on PATH (on Debian
 * the wrapper that picks the newest installed), else the newest of /usr/lib/postgresql/<version>/bin. */
function findPgDump(server: Version): { path: string; version: string } {
  const onPath = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '')
  const versioned = listDirectory(VERSIONED_BINARIES)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((name) => join(VERSIONED_BINARIES, name, 'bin'))
  const found = [...onPath, ...versioned]
    .map((dir) => join(dir, 'pg_dump'))
    .filter(isExecutable)
    .map((path) => ({ path, version: versionOfPgDump(path) }))
  const fitting = found.find(({ version }) => version !== null && version.major >= server.major)
  if (fitting) return { path: fitting.path, version: fitting.version!.text }
  const install = `install Debian's postgresql-client-${server.major} (apt-get install postgresql-client-${server.major})`
  if (found.length === 0) {
    throw new BackupError(
      `pg_dump is not installed: ${install}, or put PostgreSQL's pg_dump on PATH, then run the backup again.`,
    )
  }
  const older = found.map(({ path, version }) => `${path} is ${version?.text ?? 'of an unknown version'}`)
  throw new BackupError(
    `pg_dump must be at least as new as the server (PostgreSQL ${server.text}): ${older.join(', ')}; ${install}.`,
  )
}

function versionOfPgDump(path: string): Version | null {
  try {
    return parseVersion(execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 }))
  } catch {
    return null
  }
}

function listDirectory(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** pg_dump in its custom format (compressed, restored table by table with pg_restore); its stderr, on one
 * line, is the error when it fails. */
async function runPgDump(pgDump: string, url: string, args: string[]): Promise<void> {
  const { dbname, password } = splitPassword(url)
  const env = { ...process.env }
  if (password !== null) env.PGPASSWORD = password
  // --no-password: never a prompt on the operator's terminal; a missing password is an error.
  const child = spawn(pgDump, ['--format=custom', '--no-password', ...args, '--dbname', dbname], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (exitCode, signal) => resolve(signal ? null : exitCode))
  })
  if (code !== 0) {
    const why = stderr.trim() ? oneLine(stderr) : `exit code ${code ?? 'none: it was killed'}`
    throw new BackupError(`pg_dump failed: ${why}`)
  }
}

/** The URL without its password (libpq reads a URL as the dbname), and the password. */
function splitPassword(url: string): { dbname: string; password: string | null } {
  const parsed = new URL(url)
  if (!parsed.password) return { dbname: url, password: null }
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), password }
}

const oneLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()
