// Which statements a request runs, and how the database plans them: the app is built in this process over
// the bench's database, a few requests of a case are sent to it with `inject`, and every statement the
// database library runs meanwhile is recorded (better-sqlite3's statements, or pg's queries: below Kysely,
// so the prepared statements that skip Kysely's driver are seen too). Each distinct statement is then
// planned (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN ANALYZE) and timed, and the plan's full scans are
// named with the rows of the table they read, so a request that reads every plant shows which statement does.
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../../src/app.ts'
import type { Store } from '../../src/db/store.ts'
import { loadConfig } from '../../src/config.ts'

export interface PlannedStatement {
  sql: string
  /** the median of three runs, in ms */
  ms: number
  plan: string[]
  /** the tables read from end to end, with their rows (tables of fewer than 10,000 rows are left out) */
  scans: { table: string; rows: number }[]
}

interface Captured {
  sql: string
  parameters: unknown[]
}

let captured: Captured[] | null = null

// better-sqlite3: every statement is of one native class; its methods are wrapped once.
{
  const probe = new SQLite(':memory:')
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>
  probe.close()
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = prototype[method] as (...args: unknown[]) => unknown
    prototype[method] = function (this: { source: string }, ...args: unknown[]) {
      captured?.push({
        sql: this.source,
        parameters: args.length === 1 && Array.isArray(args[0]) ? args[0] : args,
      })
      return original.apply(this, args)
    }
  }
}

// pg: a query is text and values, or an object with both (a named statement).
{
  const prototype = pg.Client.prototype as unknown as Record<string, unknown>
  const original = prototype.query as (...args: unknown[]) => unknown
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args
    if (captured && typeof first === 'string')
      captured.push({ sql: first, parameters: (second as unknown[]) ?? [] })
    else if (captured && typeof first === 'object' && first !== null && 'text' in first) {
      const query = first as { text: string; values?: unknown[] }
      captured.push({ sql: query.text, parameters: query.values ?? [] })
    }
    return original.apply(this, args)
  }
}

const READ = /^\s*(SELECT|WITH)\b/i
const BIG_TABLE_ROWS = 10_000

export interface Explainer {
  /** The statements `paths` run (each path sent once first, unrecorded, so first-use work is left out). */
  explain(paths: string[]): Promise<PlannedStatement[]>
  close(): Promise<void>
}

export async function explainer(
  store: Store,
  databaseUrl: string,
  headers: Record<string, string>,
): Promise<Explainer> {
  const app = await buildApp({
    config: {
      keyBrand: 'service',
      rateLimitPerMinute: 100_000_000,
      writeLimitPerMinute: 100_000_000,
      authFailureLimitPerMinute: 100_000_000,
      commercialRateLimitPerMinute: loadConfig({}).commercialRateLimitPerMinute * 100_000,
    },
    store,
  })
  const planner = store.dialect === 'sqlite' ? sqlitePlanner(databaseUrl) : await postgresPlanner(databaseUrl)
  const rowsOf = new Map<string, number>()

  const send = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: path, headers })
    if (response.statusCode >= 300)
      throw new Error(`${path}: ${response.statusCode} ${response.body.slice(0, 200)}`)
  }

  return {
    explain: async (paths) => {
      for (const path of paths) await send(path)
      // Recording stops before the planner runs its own statements.
      const statements: Captured[] = (captured = [])
      try {
        for (const path of paths) await send(path)
      } finally {
        captured = null
      }
      const distinct = new Map<string, Captured>()
      for (const statement of statements) if (READ.test(statement.sql)) distinct.set(statement.sql, statement)
      const planned: PlannedStatement[] = []
      for (const { sql, parameters } of distinct.values()) {
        const { plan, ms } = await planner.plan(sql, parameters)
        const scans: PlannedStatement['scans'] = []
        for (const table of new Set(plan.flatMap((line) => planner.scannedTable(line, sql) ?? []))) {
          if (!rowsOf.has(table)) rowsOf.set(table, await planner.rows(table))
          const rows = rowsOf.get(table)!
          if (rows >= BIG_TABLE_ROWS) scans.push({ table, rows })
        }
        planned.push({ sql, ms, plan, scans })
      }
      return planned.sort((a, b) => b.ms - a.ms)
    },
    close: async () => {
      await app.close()
      await planner.close()
    },
  }
}

interface Planner {
  plan(sql: string, parameters: unknown[]): Promise<{ plan: string[]; ms: number }>
  /** the table a plan line of `sql` reads whole, if it does */
  scannedTable(line: string, sql: string): string | null
  rows(table: string): Promise<number>
  close(): Promise<void>
}

const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!

function sqlitePlanner(databaseUrl: string): Planner {
  const db = new SQLite(databaseUrl.replace(/^sqlite:/, ''), { readonly: true })
  return {
    plan: async (sql, parameters) => {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameters) as { detail: string }[]).map(
        ({ detail }) => detail,
      )
      const statement = db.prepare(sql)
      const times: number[] = []
      for (let run = 0; run < 3; run++) {
        const started = performance.now()
        statement.all(parameters)
        times.push(performance.now() - started)
      }
      return { plan, ms: median(times) }
    },
    // "SCAN plants" reads the table, "SCAN plants USING INDEX …" the whole of an index; a virtual table
    // (full-text search) is asked through its own index and is not a scan of the plants.
    // A plan names a table by its alias in the statement ("SCAN l"): the table is found in the SQL.
    scannedTable: (line, sql) => {
      const match = /^SCAN (\w+)/.exec(line)
      if (!match || /VIRTUAL TABLE/.test(line)) return null
      const alias = new RegExp(`(?:from|join)\\s+"?(\\w+)"?\\s+(?:as\\s+)?"?${match[1]}"?(?![\\w"])`, 'i')
      return alias.exec(sql)?.[1] ?? match[1]!
    },
    rows: async (table) => {
      try {
        return Number((db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n)
      } catch {
        return 0 // a common table expression's name, not a table
      }
    },
    close: async () => {
      db.close()
    },
  }
}

async function postgresPlanner(databaseUrl: string): Promise<Planner> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  return {
    plan: async (sql, parameters) => {
      const times: number[] = []
      let plan: string[] = []
      for (let run = 0; run < 3; run++) {
        const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${sql}`, parameters)
        plan = result.rows.map((row) => row['QUERY PLAN'])
        const time = /Execution Time: ([\d.]+) ms/.exec(plan.at(-1) ?? '')
        times.push(time ? Number(time[1]) : NaN)
      }
      return { plan, ms: median(times) }
    },
    scannedTable: (line) => /Seq Scan on (\w+)/.exec(line)?.[1] ?? null,
    rows: async (table) => {
      const result = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)
      return Number(result.rows[0]!.n)
    },
    close: async () => client.end(),
  }
}
