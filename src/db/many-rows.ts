// Multi-row statements for the importer's thousands of rows. Kysely builds and compiles a node for every
// value of a `values(rows)` insert, which cost more than the database's own work for small rows (a tenth of
// an import). Here Kysely compiles the statement once per shape and row count, and later statements of
// that shape only bind new values. Row counts are whole chunks and powers of two, so a few shapes serve
// every size (each prepared statement is kept per connection, see sqlite-statements.ts).
//
// A transaction whose database loads rows faster another way (PostgreSQL's COPY, postgres-copy.ts) is given
// a RowLoader by its store, and inserts of at least LOADED_FROM rows go through it: the same rows, in the
// same order, with the same defaults, constraints and triggers.
import type { Compilable, CompiledQuery, InsertQueryBuilder, InsertResult, RawBuilder } from 'kysely'
import type { Database } from './schema.ts'
import type { Db, Tx } from './store.ts'

/** Bound values per statement: under SQLite's limit (32,766) and PostgreSQL's (65,535). */
const VALUES_PER_STATEMENT = 8192
/** Compiled shapes kept; the importer uses a few dozen. */
const KEPT_SHAPES = 500

/** Fewer rows are inserted with statements even where a loader is given (a save's handful of facet rows):
 * one or two statements. From about this many a batch takes several (32 + 8 + 4 + …), and COPY one. */
const LOADED_FROM = 48
/** An upsert through a loader takes three or four statements (a savepoint, or a temporary table made,
 * filled, selected, dropped): worth it only for many rows. */
const STAGED_FROM = 1024
/** Rows per INSERT … SELECT from a loader's table: each statement stays well within statement_timeout. */
const STAGED_PER_STATEMENT = 65_536

const compiledShapes = new Map<string, CompiledQuery>()
const placeholders = new WeakMap<Db, string>()
const loaders = new WeakMap<Db, RowLoader>()
const deferrers = new WeakMap<Db, (query: CompiledQuery) => void>()

/** Another way into a table than INSERT statements, for many rows. */
export interface RowLoader {
  /** Writes `rows` (each the values of `columns`, in that order) into `table`, as INSERTs of them would. */
  append(
    tx: Tx,
    table: string,
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
  ): Promise<void>
  /** `append`, unless a row is already there (a unique violation): then nothing is written, and false. */
  appendUnlessTaken(
    tx: Tx,
    table: string,
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
  ): Promise<boolean>
  /** Puts `rows` in a table of the transaction's own: `rows` selects them back (`columns`, in their order)
   * for an INSERT … SELECT; `drop` removes the table. */
  stage(
    tx: Tx,
    table: string,
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
  ): Promise<{ rows: RawBuilder<unknown>; drop: () => Promise<void> }>
}

/** Lets inserts of many rows in the transaction `tx` go through `loader` (its store calls this). */
export function loadRowsWith(tx: Tx, loader: RowLoader): void {
  loaders.set(tx, loader)
}

/** Lets the many-row statements of the transaction `tx` be sent without awaiting each (SQLite's writer
 * thread, in an import): `defer` sends one, and an error fails the statements after it, the commit too. */
export function deferWritesWith(tx: Tx, defer: (query: CompiledQuery) => void): void {
  deferrers.set(tx, defer)
}

/** Runs a write whose answer nothing reads: sent without awaiting it where the transaction defers writes. */
export async function writeWithoutAnswer(db: Db, statement: Compilable): Promise<void> {
  const defer = deferrers.get(db)
  if (defer) defer(statement.compile())
  else await db.executeQuery(statement)
}

/** Runs `statement(n)`, a statement with `n` rows of `columns` values each, for all `rows` (each a list of
 * `columns` values, in the order the statement binds them): a few statements of whole chunks. `shape`
 * names the statement: one name, one statement but for its number of rows. When the statement inserts
 * the rows as they are, `into` names its table and columns: a transaction's loader may then write them. */
export async function forManyRows(
  db: Db,
  shape: string,
  columns: number,
  statement: (rows: number) => CompiledQuery,
  rows: readonly (readonly unknown[])[],
  into?: { table: string; columns: readonly string[] },
): Promise<void> {
  const loader = loaders.get(db)
  if (into && loader && rows.length >= LOADED_FROM)
    return loader.append(db as Tx, into.table, into.columns, rows)
  const most = 2 ** Math.floor(Math.log2(VALUES_PER_STATEMENT / columns))
  const dialect = placeholderOf(db)
  const defer = deferrers.get(db)
  let start = 0
  while (start < rows.length) {
    const left = rows.length - start
    const count = left >= most ? most : 2 ** Math.floor(Math.log2(left))
    const key = `${dialect}\u0000${shape}\u0000${count}`
    let compiled = compiledShapes.get(key)
    if (!compiled) {
      compiled = statement(count)
      if (compiledShapes.size >= KEPT_SHAPES) compiledShapes.delete(compiledShapes.keys().next().value!)
      compiledShapes.set(key, compiled)
    }
    const parameters: unknown[] = []
    for (let index = start; index < start + count; index++) parameters.push(...rows[index]!)
    if (parameters.length !== compiled.parameters.length)
      throw new Error(`${parameters.length} values for a statement that binds ${compiled.parameters.length}`)
    if (defer) defer({ ...compiled, parameters })
    else await db.executeQuery({ ...compiled, parameters })
    start += count
  }
}

export type Table = Extract<keyof Database, string>
type Insert<T extends Table> = InsertQueryBuilder<Database, T, InsertResult>
type Row<T extends Table> = Parameters<Insert<T>['values']>[0]

/** What to do with a row that is already there, named (the name is part of the statement's shape). */
export interface OnConflict<T extends Table> {
  name: string
  add: (insert: Insert<T>) => Compilable
  /** Rows are seldom there: a loader tries writing them all as they are first (a COPY straight into the
   * table took half the time of an upsert through a temporary table). Only where there is nothing to
   * update, since nothing is when one row is there. */
  seldom?: boolean
}

/** INSERTs of many rows into `table`, every row with the same keys. */
export async function insertMany<T extends Table>(
  db: Db,
  table: T,
  rows: readonly object[],
  onConflict: OnConflict<T> = { name: '', add: (insert) => insert },
): Promise<void> {
  const first = rows[0]
  if (!first) return
  const columns = Object.keys(first)
  const values = rows.map((row) => columns.map((column) => (row as Record<string, unknown>)[column]))
  await insertManyValues(db, table, columns, values, onConflict)
}

/** insertMany for rows made as lists of `columns` values, in that order (no object per row to take apart:
 * the vocabulary's typo variants are millions in an import). */
export async function insertManyValues<T extends Table>(
  db: Db,
  table: T,
  columns: readonly string[],
  values: readonly (readonly unknown[])[],
  onConflict: OnConflict<T> = { name: '', add: (insert) => insert },
): Promise<void> {
  if (values.length === 0) return
  const loader = loaders.get(db)
  if (onConflict.seldom && loader && values.length >= STAGED_FROM) {
    if (await loader.appendUnlessTaken(db as Tx, table, columns, values)) return
  }
  if (onConflict.name && loader && values.length >= STAGED_FROM) {
    for (let start = 0; start < values.length; start += STAGED_PER_STATEMENT) {
      const part = values.slice(start, start + STAGED_PER_STATEMENT)
      const staged = await loader.stage(db as Tx, table, columns, part)
      const insert = db
        .insertInto(table)
        .columns(columns as never)
        .expression(staged.rows as never)
      await db.executeQuery(onConflict.add(insert as Insert<T>))
      await staged.drop()
    }
    return
  }
  const template = Object.fromEntries(columns.map((column) => [column, null])) as Row<T>
  await forManyRows(
    db,
    `${table}(${columns.join()}) ${onConflict.name}`,
    columns.length,
    (count) =>
      onConflict
        .add(db.insertInto(table).values(Array.from({ length: count }, () => template) as Row<T>))
        .compile(),
    values,
    onConflict.name ? undefined : { table, columns },
  )
}

/** How the database writes a parameter (`?`, `$1`): it tells the dialects' statements apart. */
function placeholderOf(db: Db): string {
  let placeholder = placeholders.get(db)
  if (placeholder === undefined) {
    placeholder = db.selectFrom('plants').select('id').where('id', '=', 0).compile().sql
    placeholders.set(db, placeholder)
  }
  return placeholder
}
