// Multi-row statements for the importer's thousands of rows. Kysely builds and compiles a node for every
// value of a `values(rows)` insert, which cost more than the database's own work for small rows (a tenth of
// an import). Here Kysely compiles the statement once per shape and row count, and later statements of
// that shape only bind new values. Row counts are whole chunks and powers of two, so a few shapes serve
// every size (each prepared statement is kept per connection, see sqlite-statements.ts).
import type { Compilable, CompiledQuery, InsertQueryBuilder, InsertResult } from 'kysely'
import type { Database } from './schema.ts'
import type { Db } from './store.ts'

/** Bound values per statement: under SQLite's limit (32,766) and PostgreSQL's (65,535). */
const VALUES_PER_STATEMENT = 8192
/** Compiled shapes kept; the importer uses a few dozen. */
const KEPT_SHAPES = 500

const compiledShapes = new Map<string, CompiledQuery>()
const placeholders = new WeakMap<Db, string>()

/** Runs `statement(n)`, a statement with `n` rows of `columns` values each, for all `rows` (each a list of
 * `columns` values, in the order the statement binds them): a few statements of whole chunks. `shape`
 * names the statement: one name, one statement but for its number of rows. */
export async function forManyRows(
  db: Db,
  shape: string,
  columns: number,
  statement: (rows: number) => CompiledQuery,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const most = 2 ** Math.floor(Math.log2(VALUES_PER_STATEMENT / columns))
  const dialect = placeholderOf(db)
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
    await db.executeQuery({ ...compiled, parameters })
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
  const template = Object.fromEntries(columns.map((column) => [column, null])) as Row<T>
  await forManyRows(
    db,
    `${table}(${columns.join()}) ${onConflict.name}`,
    columns.length,
    (count) =>
      onConflict
        .add(db.insertInto(table).values(Array.from({ length: count }, () => template) as Row<T>))
        .compile(),
    rows.map((row) => columns.map((column) => (row as Record<string, unknown>)[column])),
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
