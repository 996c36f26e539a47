// `hortus import <file> [--overwrite]` and `hortus export [--since <iso>] [--output <file>]`.
import { createWriteStream, statSync } from 'node:fs'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { parseInstant } from '../plants/plant-reads.ts'
import { exportDataset } from '../transfer/export.ts'
import { importDataset } from '../transfer/import.ts'
import { readLines } from '../transfer/read-lines.ts'
import { UsageError, type Command } from './command.ts'

export const importCommand: Command = async (args, { store }) => {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { overwrite: { type: 'boolean' } },
  })
  const file = positionals[0]
  if (!file) throw new UsageError('import needs the path of a JSON Lines file.')
  let size = 0
  try {
    size = statSync(file).size
  } catch {
    throw new UsageError(`Cannot read ${file}.`)
  }
  const started = Date.now()
  const bar = progressBar(size)
  const summary = await importDataset(store, readLines(file, bar), {
    source: file,
    overwrite: values.overwrite ?? false,
  })
  bar.done()
  for (const { line, reason } of summary.rejected) console.error(`line ${line}: rejected: ${reason}`)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `Imported ${file} in ${seconds} s: ${summary.created} created, ${summary.updated} updated, ` +
      `${summary.skipped} unchanged, ${summary.rejected.length} rejected; ` +
      `values already there: ${summary.kept} kept${summary.kept > 0 ? ' (--overwrite replaces them)' : ''}, ${summary.overwritten} overwritten; ` +
      `links: ${summary.links.created} created, ${summary.links.skipped} already there.`,
  )
}

export const exportCommand: Command = async (args, { store }) => {
  const { values } = parseArgs({
    args,
    options: { since: { type: 'string' }, output: { type: 'string', short: 'o' } },
  })
  const since = values.since ? parseSince(values.since) : null
  const out = values.output ? createWriteStream(values.output) : process.stdout
  for await (const line of exportDataset(store.db, since)) {
    if (!out.write(`${line}\n`)) await once(out, 'drain')
  }
  if (out !== process.stdout) {
    out.end()
    await once(out, 'finish')
  }
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
