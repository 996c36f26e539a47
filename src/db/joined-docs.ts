// A page of plant documents as one value, read in one statement: the stored documents joined with commas in
// id order, with the page's `id.version` list beside them. The two databases spell the aggregate apart:
// SQLite's comes back as a BLOB, the stored UTF-8 bytes as they are (never decoded into a JavaScript string
// and encoded back to send it: for a page of 100 that was a third of the request's CPU); PostgreSQL's
// driver reads text as a string either way, so it gets the text.
//
// SQLite sorts the rows again for an aggregate's ORDER BY (copying each document: 240 µs instead of 80 for
// the first page), while the rows of a subquery ordered by id reach the aggregate in that order. So
// `ordered: false` leaves it out on SQLite, and the caller checks the ids of `joinedVersions` (read in
// the same pass, so in the same order) and asks again with `ordered: true` should they ever be out of it.
import { SqliteAdapter, sql, type RawBuilder } from 'kysely'
import type { Db } from './store.ts'

const isSqlite = (db: Db): boolean => db.getExecutor().adapter instanceof SqliteAdapter

/** The documents of the rows aggregated, comma-separated, in id order (null when there are none). */
export function joinedDocs(db: Db, ordered: boolean): RawBuilder<Buffer | string | null> {
  if (!isSqlite(db)) return sql`string_agg(doc, ',' ORDER BY id)`
  return ordered
    ? sql`CAST(group_concat(doc, ',' ORDER BY id) AS BLOB)`
    : sql`CAST(group_concat(doc, ',') AS BLOB)`
}

/** `id.version` of the rows aggregated, comma-separated, in the order of joinedDocs: what the page's
 * documents are, since a document never changes without its version (null when there are none). */
export function joinedVersions(db: Db, ordered: boolean): RawBuilder<string | null> {
  if (!isSqlite(db)) return sql`string_agg(id || '.' || version, ',' ORDER BY id)`
  return ordered
    ? sql`group_concat(id || '.' || version, ',' ORDER BY id)`
    : sql`group_concat(id || '.' || version, ',')`
}

/** Whether the ids of a joinedVersions list rise. */
export function inIdOrder(versions: string): boolean {
  let last = -Infinity
  for (const entry of versions.split(',')) {
    const id = Number.parseInt(entry, 10)
    if (!(id > last)) return entry === ''
    last = id
  }
  return true
}
