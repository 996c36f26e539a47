// GET /api/export: the whole dataset (or what changed since a time) in the format of `hortus export`,
// streamed. Its validator follows the latest change, so a client asking again when nothing changed gets
// a 304 without any plant being read.
import { hash } from 'node:crypto'
import { Readable } from 'node:stream'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { parseInstant } from '../plants/plant-reads.ts'
import { encodeCursor } from '../revisions/change-feed.ts'
import { exportDataset } from './export.ts'
import { unrevisedState } from './export.repository.ts'
import { lastFeedPosition } from '../revisions/revision.repository.ts'

/** Bumped when the lines an export writes change shape, so no client keeps an export of the old shape. */
const FORMAT = 2
/** Plants read at once: each read of the documents, links, revisions and origins of a page holds the
 * event loop while SQLite answers, so the server reads fewer than the CLI (see bench/export.bench.ts). */
const SERVER_PAGE = 50
/** Lines sent as one chunk: one write per line would cost more than the lines. */
const CHUNK_BYTES = 16 * 1024

export interface ExportVersion {
  /** The change feed's position when the export began: GET /api/changes?since=<it> gives what came after. */
  cursor: string
  etag: string
}

/** `since` as the CLI's --since reads it; a 400 naming the parameter when it is no time. */
export function parseSince(text: string | undefined): string | null {
  if (text === undefined) return null
  try {
    return parseInstant(text)
  } catch {
    throw new AppError(
      'badRequest',
      `Query parameter since: "${text.slice(0, 60)}" is not an ISO 8601 date or date-time (e.g. 2026-11-22 or 2026-11-22T10:15:30Z).`,
    )
  }
}

/** Read before the export starts: every change after `cursor` may or may not be in it, none before is
 * missing from it. */
export async function exportVersion(store: Store, since: string | null): Promise<ExportVersion> {
  const [position, unrevised] = await Promise.all([
    lastFeedPosition(store.reader),
    unrevisedState(store.reader),
  ])
  const cursor = encodeCursor(position)
  const digest = hash('sha1', JSON.stringify([FORMAT, cursor, since, unrevised]), 'base64url')
  return { cursor, etag: `W/"export-${digest}"` }
}

/** The export as a byte stream with backpressure: the next page is read only once the client (through
 * compression) has taken the last, and the event loop gets a turn between pages. */
export function exportStream(store: Store, since: string | null): Readable {
  async function* chunks() {
    let chunk = ''
    for await (const line of exportDataset(store.reader, since, SERVER_PAGE)) {
      chunk += `${line}\n`
      if (chunk.length < CHUNK_BYTES) continue
      yield chunk
      chunk = ''
      await yieldToEventLoop()
    }
    if (chunk) yield chunk
  }
  return Readable.from(chunks(), { objectMode: false })
}
