// A consistent copy of a live SQLite database (`hortus backup`), taken from a connection of its own while
// the server goes on reading and writing it from its process.
import { existsSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from './schema.ts'
import type { Db } from './store.ts'
import { BackupError } from './backup-error.ts'

/** How long the copy's read of the live file waits for a lock (the server's checkpoint, say). */
const SOURCE_BUSY_MS = 5_000

/**
 * Copies the database at `livePath` into `copyPath` (a new file) with SQLite's online backup API, then makes
 * the copy a database of one file and checks it. `readCopy` reads the finished copy (what it holds) before
 * it is closed. Throws BackupError when the copy fails its integrity check.
 *
 * The backup API copies pages in steps, and another connection's write to the source between two steps
 * starts it over: under steady writes a stepwise copy may never end. So after the first step, which copies
 * nothing and learns the size, the rest is copied in one step. That step holds a read transaction on the
 * live file, which in WAL mode is a snapshot: the server's writes go on meanwhile (into the WAL, which
 * is checkpointed only up to the snapshot until the step ends), and the copy is the database as it was at
 * one commit.
 */
export async function copySqliteDatabase<T>(
  livePath: string,
  copyPath: string,
  readCopy: (db: Db) => Promise<T>,
): Promise<T> {
  // Read-write, although it only reads: a read-only connection cannot open a WAL database whose -shm file
  // is not there (no server has it open).
  const live = new SQLite(livePath, { fileMustExist: true })
  try {
    live.pragma(`busy_timeout = ${SOURCE_BUSY_MS}`)
    await live.backup(copyPath, { progress: () => ALL_PAGES })
  } finally {
    live.close()
  }
  return checkedCopy(copyPath, readCopy)
}

/** The most pages better-sqlite3 passes to one step: everything that is left. */
const ALL_PAGES = 0x7fffffff

async function checkedCopy<T>(copyPath: string, readCopy: (db: Db) => Promise<T>): Promise<T> {
  const copy = new SQLite(copyPath, { fileMustExist: true })
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) })
  try {
    // The copy's header still says WAL, as the live file's does: opened as it is, it would keep its
    // commits in a -wal file beside it. In rollback mode it is one self-contained file, whatever is done
    // with it; a server opening it after a restore turns WAL on again.
    const mode = copy.pragma('journal_mode = DELETE', { simple: true })
    if (mode !== 'delete') throw new BackupError(`the copy stays in journal mode ${String(mode)}`)
    const problems = copy.pragma('integrity_check', { simple: false }) as { integrity_check: string }[]
    const verdict = problems.map((row) => row.integrity_check).join('; ')
    if (verdict !== 'ok') throw new BackupError(`the copy fails its integrity check: ${verdict}`)
    const read = await readCopy(db)
    await db.destroy()
    if (existsSync(`${copyPath}-wal`)) throw new BackupError('the copy left a -wal file beside it')
    return read
  } finally {
    if (copy.open) copy.close()
  }
}
