// Queries of a fixed shape, built and compiled by Kysely once per database handle instead of on every call:
// for reading one plant, building and compiling took longer than SQLite's own work (about 28 µs of 49).
// The query is built once with placeholders for its parameters; each call only puts the values in.
// On a handle that allows it (see allowDirectQueries), the call also skips Kysely's driver: PostgreSQL
// runs it as a named statement, planned once per connection, and SQLite's reader runs it at once (a plant
// read straight from better-sqlite3 took 131–139 µs of CPU per request under load against 165 µs through
// the driver's connection lock and promises; alternating the two builds later showed less, within noise).
import type { Compilable, CompiledQuery } from 'kysely'
import type { Db } from './store.ts'

/** Stands for the parameter at `index` while the query is built once. */
class Placeholder {
  constructor(readonly index: number) {}
}

interface Prepared {
  query: CompiledQuery
  /** for each parameter of the compiled SQL: the caller's argument at that index, or a constant */
  slots: ({ argument: number } | { constant: unknown })[]
  /** the statement run directly, on a handle that allows it */
  statement: DirectStatement | undefined
}

/** A statement of the database library under Kysely. */
interface DirectStatement {
  all(parameters: readonly unknown[]): unknown[] | Promise<unknown[]>
}

/** How a statement is to be run: `valuesChangePlan` where the best plan depends on the values (a full-text
 * query matching ten plants or half a million): PostgreSQL then plans it for each call's values. */
export interface StatementNeeds {
  valuesChangePlan: boolean
}

type Preparer = (sql: string, needs: StatementNeeds) => DirectStatement

const directPreparers = new WeakMap<Db, Preparer>()

/**
 * Lets prepared queries on `db` run their statements directly, from `prepare`, without Kysely's driver:
 * SQLite's reader (better-sqlite3, synchronous, on a connection that never holds a transaction or an open
 * cursor, since the driver's lock, which these statements skip, is what keeps those to themselves), and
 * PostgreSQL's pools (named statements, each on a connection of its own from the pool).
 */
export function allowDirectQueries(db: Db, prepare: Preparer): void {
  directPreparers.set(db, prepare)
}

/**
 * `build` must use its arguments only as values (in a where, a limit): no arithmetic, no branch on them,
 * since it runs once, with placeholders. The handle must be long-lived (the store's `db` or `reader`), not a
 * transaction. Returns the rows.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
  needs: StatementNeeds = { valuesChangePlan: false },
) {
  const byHandle = new WeakMap<Db, Prepared>()
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    let entry = byHandle.get(db)
    if (!entry) {
      const placeholders = args.map((_, index) => new Placeholder(index)) as Args
      const query = build(db, ...placeholders).compile()
      const slots = query.parameters.map((value) =>
        value instanceof Placeholder ? { argument: value.index } : { constant: value },
      )
      entry = { query, slots, statement: directPreparers.get(db)?.(query.sql, needs) }
      byHandle.set(db, entry)
    }
    const parameters = entry.slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant))
    if (entry.statement) return (await entry.statement.all(parameters)) as Row[]
    const result = await db.executeQuery<Row>({ ...entry.query, parameters })
    return result.rows
  }
}
