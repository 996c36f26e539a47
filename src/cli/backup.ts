// `hortus backup --output <file> [--force]`: a consistent copy of the database while the server goes on
// serving, and the change-feed position it holds, so that an operator knows which changes a restore of it
// would lack. SQLite: the online backup API (db/sqlite-backup.ts); PostgreSQL: pg_dump in a snapshot whose
// feed position is read in the same transaction (db/postgres-dump.ts).
import { randomBytes } from 'node:crypto'
import { existsSync, rmSync, statSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { DatabaseUrl } from '../config.ts'
import { copySqliteDatabase } from '../db/sqlite-backup.ts'
import { lastCursor } from '../revisions/change-feed.ts'
import { CommandError, UsageError, parseCommandArgs, type DatabaseCommand } from './command.ts'

interface Made {
  /** What the file is and how it was checked: "SQLite, integrity ok". */
  what: string
  /** The change feed's last position in the backup, as `GET /api/changes` writes cursors. */
  cursor: string
}

export const backupCommand: DatabaseCommand = (args) => {
  const { values } = parseCommandArgs('backup', args, {
    output: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
  })
  const output = values.output
  if (!output) throw new UsageError('backup needs --output <file>: where to write the backup.')
  const force = values.force ?? false
  return async (database) => {
    refuseToReplace(output, force)
    const directory = dirname(resolve(output))
    if (!existsSync(directory)) {
      throw new CommandError(`Cannot write ${output}: the directory ${directory} does not exist.`)
    }
    // Written beside the output under another name and renamed into place once whole and checked: the
    // output is never a partial backup, and an earlier backup under its name stays until the new one is done.
    const partial = join(directory, `.${basename(output)}.partial-${randomBytes(4).toString('hex')}`)
    const started = performance.now()
    try {
      const made = await backUp(database, output, partial).catch((error: unknown) => {
        throw error instanceof CommandError ? error : new CommandError(`Backup failed: ${messageOf(error)}`)
      })
      refuseToReplace(output, force)
      await rename(partial, output).catch((error: unknown) => {
        throw new CommandError(`Cannot write ${output}: ${messageOf(error)}`)
      })
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      console.log(
        `Backup written to ${output} (${made.what}, ${sizeOf(output)}) in ${seconds} s. ` +
          `It holds the change feed up to cursor ${made.cursor}: the changes after it ` +
          `(GET /api/changes?since=${made.cursor}) are not in it.`,
      )
    } finally {
      // A failed SQLite copy may leave its rollback journal too.
      for (const leftover of [partial, `${partial}-journal`]) rmSync(leftover, { force: true })
    }
  }
}

async function backUp(database: DatabaseUrl, output: string, partial: string): Promise<Made> {
  if (database.dialect === 'sqlite') {
    const live = database.path
    if (!existsSync(live)) throw new CommandError(`There is no SQLite database at ${live} (DATABASE_URL).`)
    if (resolve(live) === resolve(output)) {
      throw new CommandError(`--output ${output} is the database itself: write the backup to another file.`)
    }
    const cursor = await copySqliteDatabase(live, partial, lastCursor)
    return { what: 'SQLite, integrity ok', cursor }
  }
  // pg is loaded only for PostgreSQL, as the store is (src/open-store.ts).
  const { dumpPostgres } = await import('../db/postgres-dump.ts')
  const dump = await dumpPostgres(database.url, partial, lastCursor)
  return {
    what: `PostgreSQL ${dump.serverVersion}, pg_dump ${dump.pgDumpVersion} custom format`,
    cursor: dump.read,
  }
}

function refuseToReplace(output: string, force: boolean): void {
  if (!force && existsSync(output)) {
    throw new CommandError(`${output} already exists: choose another file, or pass --force to replace it.`)
  }
}

/** "12.4 MB", "310.2 kB". */
function sizeOf(file: string): string {
  const bytes = statSync(file).size
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`
}

const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()
