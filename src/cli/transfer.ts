// `hortus import <file> [--overwrite]` and `hortus export [--since <iso>] [--output <file>]`.
import { statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { SingleBar } from 'cli-progress'
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
    }).finally(() => bar.done())
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

/** A progress bar of the bytes read, on stderr when it is a terminal (cli-progress: the share done, the rate
 * and the time left); silent otherwise, so that logs and pipes stay clean. */
function progressBar(totalBytes: number): ((bytes: number) => void) & { done: () => void } {
  if (!process.stderr.isTTY || totalBytes === 0) return Object.assign(() => {}, { done: () => {} })
  const bar = new SingleBar({
    stream: process.stderr,
    format: '[{bar}] {percentage}% | {read} of {size} MB | {rate} MB/s | {eta_formatted} left',
    barsize: 30,
    etaBuffer: 50,
  })
  const started = Date.now()
  const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1)
  const payload = (bytes: number) => ({
    read: megabytes(bytes),
    size: megabytes(totalBytes),
    rate: megabytes(bytes / Math.max((Date.now() - started) / 1000, 0.001)),
  })
  bar.start(totalBytes, 0, payload(0))
  return Object.assign((bytes: number) => bar.update(bytes, payload(bytes)), { done: () => bar.stop() })
}
