// PostgreSQL's COPY … FROM STDIN for the importer's many rows (pg-copy-streams), run on the connection of
// the transaction that writes them, so that they commit or roll back with the rest of it. Kysely has no
// COPY: the store's pool hands Kysely its connections wrapped, and a statement whose one parameter is
// CopyInRows is sent as a COPY with those rows as its data instead of as a query. The rows take the text
// format (values tab-separated, one row a line): no parameters to bind and no VALUES list to plan, one
// statement for any number of rows instead of a few of powers of two.
import { finished } from 'node:stream/promises'
import {
  CompiledQuery,
  sql,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { RowLoader } from './many-rows.ts'
import type { Tx } from './store.ts'

/** The data of one COPY: its rows in the text format, in chunks of about a megabyte. A chunk is its lines
 * joined once: appending row after row to one string, or an array per row (map, join), took two to three
 * times as long (2.6 M typo variants: 0.8–1.2 s against 2.1–2.9 s, with the bytes made). */
class CopyInRows {
  readonly chunks: string[] = []

  constructor(rows: readonly (readonly unknown[])[]) {
    let lines: string[] = []
    let size = 0
    for (const row of rows) {
      let line = copyText(row[0])
      for (let column = 1; column < row.length; column++) line += '\t' + copyText(row[column])
      lines.push(line)
      size += line.length + 1
      if (size >= 1 << 20) {
        this.chunks.push(lines.join('\n') + '\n')
        lines = []
        size = 0
      }
    }
    if (lines.length > 0) this.chunks.push(lines.join('\n') + '\n')
  }
}

/** A value as COPY's text format reads it: what pg would send as a parameter, with `\`, tab and line ends
 * escaped; `\N` is NULL. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  if (Buffer.isBuffer(value)) return `\\\\x${value.toString('hex')}`
  // Most strings (words, names, keys) have nothing to escape: a search is cheaper than a replace.
  if (typeof value === 'string') return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, escaped) : value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value)
  // Arrays and dates are never written by the importer; pg would turn them into literals of their own.
  if (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
    return JSON.stringify(value).replace(ESCAPED, escaped)
  throw new Error(`COPY cannot write ${Object.prototype.toString.call(value)}`)
}
const NEEDS_ESCAPE = /[\\\t\n\r]/
const ESCAPED = /[\\\t\n\r]/g
const escaped = (character: string) =>
  character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r'

/** Wraps a pg client for Kysely: queries go through as they are, a COPY with CopyInRows streams them. */
class CopyingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sqlText: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>
  query(cursor: Parameters<PostgresPoolClient['query']>[0]): never
  query<R>(text: unknown, parameters?: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    if (typeof text !== 'string') throw new Error('cursors are not configured')
    const [rows] = parameters ?? []
    if (parameters?.length === 1 && rows instanceof CopyInRows) return this.#copyIn<R>(text, rows)
    return this.client.query(text, parameters as unknown[]) as unknown as Promise<PostgresQueryResult<R>>
  }

  release(): void {
    this.client.release()
  }

  async #copyIn<R>(text: string, rows: CopyInRows): Promise<PostgresQueryResult<R>> {
    // The stream holds the data until the server is ready for it; an error it reports rejects `finished`.
    const stream = this.client.query(copyFrom(text))
    for (const chunk of rows.chunks) stream.write(chunk)
    stream.end()
    await finished(stream)
    return { command: 'INSERT', rowCount: stream.rowCount, rows: [] }
  }
}

/** The pool as Kysely gets it: each connection wrapped once (Kysely keeps its state per client object). */
export function withCopyIn(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, CopyingClient>()
  return {
    connect: async () => {
      const client = await pool.connect()
      let copying = wrapped.get(client)
      if (!copying) wrapped.set(client, (copying = new CopyingClient(client)))
      return copying
    },
    end: () => pool.end(),
  }
}

let staged = 0

/** Rows loaded with COPY: straight into the table, or into a temporary table of the transaction for an
 * INSERT … SELECT that says what to do with rows already there. */
export const copyLoader: RowLoader = {
  append: async (tx, table, columns, rows) => {
    await copyInto(tx, table, columns, rows)
  },
  // A savepoint takes back the COPY alone when a row is already there, not the transaction.
  appendUnlessTaken: async (tx, table, columns, rows) => {
    await sql`SAVEPOINT hortus_append`.execute(tx)
    try {
      await copyInto(tx, table, columns, rows)
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === '23505')) throw error
      await sql`ROLLBACK TO SAVEPOINT hortus_append`.execute(tx)
      return false
    }
    await sql`RELEASE SAVEPOINT hortus_append`.execute(tx)
    return true
  },
  stage: async (tx, table, columns, rows) => {
    const name = `hortus_staged_${++staged}`
    // `hortus_row` keeps the rows' order for the INSERT … SELECT: the order the callers lock rows in.
    await sql`CREATE TEMPORARY TABLE ${sql.table(name)} ON COMMIT DROP AS
      SELECT 0::bigint AS hortus_row, ${sql.join(columns.map((column) => sql.ref(column)))}
      FROM ${sql.table(table)} WITH NO DATA`.execute(tx)
    await copyInto(
      tx,
      name,
      ['hortus_row', ...columns],
      rows.map((row, index) => [index, ...row]),
    )
    return {
      rows: sql`SELECT ${sql.join(columns.map((column) => sql.ref(column)))} FROM ${sql.table(name)} ORDER BY hortus_row`,
      drop: async () => {
        await sql`DROP TABLE ${sql.table(name)}`.execute(tx)
      },
    }
  },
}

async function copyInto(
  tx: Tx,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const target = sql`${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})`.compile(tx)
  await tx.executeQuery(CompiledQuery.raw(`COPY ${target.sql} FROM STDIN`, [new CopyInRows(rows)]))
}
