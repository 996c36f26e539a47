// `hortus import <file> [--overwrite]` and `hortus export [--since <iso>] [--output <file>]`.
import { statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { parseInstant } from '../plants/plant-reads.ts'
import { exportDataset } from '../transfer/export.ts'
import { importDataset } from '../transfer/import.ts'
import { readLines } from '../transfer/read-lines.ts'
import { CommandError, UsageError, parseCommandArgs, type Command } from './command.ts'

export const importCommand: Command = (args) => {
  const { positionals, values } = parseCommandArgs('import', args, { overwrite: { type: 'boolean' } }, 1)
  const file = positionals[0]
  const overwrite = values.overwrite ?? false
  if (!file) throw new UsageError('import needs the path of a JSON Lines file.')
  const size = fileSize(file)
  return async (store) => {
    const started = Date.now()
    const bar = progressBar(size)
    const summary = await importDataset(store, readLines(file, bar), {
      source: file,
      overwrite,
      baseDir: dirname(file),
    })
    bar.done()
    for (const { line, reason } of summary.rejected) console.error(`line ${line}: rejected: ${reason}`)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      `Imported ${file} in ${seconds} s: ${summary.created} created, ${summary.updated} updated, ` +
        `${summary.skipped} unchanged, ${summary.rejected.length - summary.images.rejected} rejected; ` +
        `values already there: ${summary.kept} kept${summary.kept > 0 ? ' (--overwrite replaces them)' : ''}, ` +
        `${summary.overwritten} overwritten; links: ${summary.links.created} created, ${summary.links.skipped} already there; ` +
        `pictures: ${summary.images.added} added, ${summary.images.skipped} already there, ${summary.images.rejected} rejected.`,
    )
    const accepted = summary.created + summary.updated + summary.skipped
    if (accepted === 0 && summary.rejected.length > 0) {
      throw new CommandError(`Nothing imported: every plant line of ${file} was rejected.`)
    }
  }
}

export const exportCommand: Command = (args) => {
  const { values } = parseCommandArgs('export', args, {
    since: { type: 'string' },
    output: { type: 'string', short: 'o' },
  })
  const since = values.since ? parseSince(values.since) : null
  const output = values.output
  return async (store) => {
    const lines = async function* () {
      for await (const line of exportDataset(store.db, since)) yield `${line}\n`
    }
    // Standard output stays open after the export (a closed reader is handled in hortus.ts).
    if (!output) return pipeline(lines, process.stdout, { end: false })
    // Opened before the first line is read, so a bad path fails at once with its own message.
    const file = await open(output, 'w').catch((error: unknown) => {
      throw new CommandError(`Cannot write ${output}: ${reasonOf(error)}.`)
    })
    const sink = file.createWriteStream()
    let writeError: unknown = null
    sink.on('error', (error) => (writeError = error))
    await pipeline(lines, sink).catch((error: unknown) => {
      throw writeError ? new CommandError(`Cannot write ${output}: ${reasonOf(writeError)}.`) : error
    })
  }
}

/** The size of the file to import, for the progress bar; a missing or unreadable file stops here. */
function fileSize(file: string): number {
  try {
    const stats = statSync(file)
    if (!stats.isFile()) throw new CommandError(`Cannot read ${file}: not a file.`)
    return stats.size
  } catch (error) {
    if (error instanceof CommandError) throw error
    throw new CommandError(`Cannot read ${file}: ${reasonOf(error)}.`)
  }
}

/** "no such file or directory" from "ENOENT: no such file or directory, open '/x/y'". */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return /^E[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message
}

function parseSince(text: string): string {
  try {
    return parseInstant(text)
  } catch {
    throw new UsageError(`--since ${text}: use an ISO 8601 date or date-time, e.g. 2026-11-22T10:00:00Z.`)
  }
}

/** A progress bar on stderr when it is a terminal; silent otherwise (logs and pipes stay clean). */
function progressBar(totalBytes: number): ((bytes: number) => void) & { done: () => void } {
  const tty = process.stderr.isTTY
  let last = -1
  const update = (bytes: number) => {
    if (!tty || totalBytes === 0) return
    const percent = Math.floor((bytes / totalBytes) * 100)
    if (percent === last) return
    last = percent
    const filled = Math.round(percent / 2.5)
    process.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(40 - filled)}] ${percent}%`)
  }
  return Object.assign(update, { done: () => tty && process.stderr.write('\n') })
}
