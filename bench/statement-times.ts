// Where a bench's database time goes: every statement the drivers run is timed (pg's Client.query,
// better-sqlite3's run and all on the reader, the SQLite writer's statements from sending to answer) and added to its kind and table ("insert plant_facets", "copy plants"),
// within the phase the bench says it is in. Patches the drivers' prototypes: for benches only, never the
// service.
import { performance } from 'node:perf_hooks'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { WriterConnection } from '../src/db/sqlite-writer.ts'

interface Tally {
  count: number
  ms: number
}

export interface StatementTimes {
  /** Called with each statement's label before it runs: the bench may change phase there. */
  onStatement(hook: (label: string) => void): void
  /** Starts a phase: later statements count to it, and its wall time runs from now. */
  enter(phase: string): void
  readonly phase: string
  reset(): void
  print(elapsedMs: number): void
}

export async function timeStatements(dialect: 'sqlite' | 'postgres'): Promise<StatementTimes> {
  let hook: (label: string) => void = () => {}
  let phase = ''
  let phaseStarted = performance.now()
  const phases = new Map<string, { wallMs: number; dbMs: number }>()
  const byLabel = new Map<string, Tally>()
  const phaseOf = (name: string) => {
    let entry = phases.get(name)
    if (!entry) phases.set(name, (entry = { wallMs: 0, dbMs: 0 }))
    return entry
  }
  const closePhase = () => {
    if (phase) phaseOf(phase).wallMs += performance.now() - phaseStarted
  }
  const record = (label: string, ms: number) => {
    const tally = byLabel.get(`${phase}\u0000${label}`) ?? { count: 0, ms: 0 }
    tally.count++
    tally.ms += ms
    byLabel.set(`${phase}\u0000${label}`, tally)
    phaseOf(phase).dbMs += ms
  }
  const times: StatementTimes = {
    onStatement: (given) => (hook = given),
    enter: (name) => {
      closePhase()
      phase = name
      phaseStarted = performance.now()
    },
    get phase() {
      return phase
    },
    reset: () => {
      phases.clear()
      byLabel.clear()
      phase = ''
    },
    print: (elapsedMs) => {
      closePhase()
      phase = ''
      const s = (ms: number) => (ms / 1000).toFixed(2).padStart(7)
      for (const [name, { wallMs, dbMs }] of phases) {
        console.log(`  ${name.padEnd(10)} ${s(wallMs)} s wall, ${s(dbMs)} s in statements`)
        const rows = [...byLabel]
          .filter(([key]) => key.startsWith(`${name}\u0000`))
          .sort((a, b) => b[1].ms - a[1].ms)
        for (const [key, { count, ms }] of rows.slice(0, 14)) {
          if (ms < 20) break
          console.log(`    ${key.split('\u0000')[1]!.padEnd(44)} ${String(count).padStart(7)} × ${s(ms)} s`)
        }
      }
      const db = [...phases.values()].reduce((sum, { dbMs }) => sum + dbMs, 0)
      console.log(`  statements ${s(db)} s of ${s(elapsedMs)} s; the process's own work the rest`)
    },
  }
  const timed = (sql: string, run: () => unknown): unknown => {
    const label = labelOf(sql)
    hook(label)
    const started = performance.now()
    const done = () => record(label, performance.now() - started)
    const result = run()
    if (result instanceof Promise) return result.finally(done)
    if (result && typeof (result as NodeJS.EventEmitter).once === 'function') {
      // A submittable (COPY's stream): done when the server has confirmed it, or has refused it.
      ;(result as NodeJS.EventEmitter).once('finish', done).once('error', done)
      return result
    }
    done()
    return result
  }

  if (dialect === 'postgres') {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
    const query = prototype.query
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined
      const text = typeof first === 'string' ? first : (first?.text ?? '')
      return timed(text, () => query.apply(this, args))
    }
  } else {
    const probe = new SQLite(':memory:')
    const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
      'run' | 'all',
      (...args: unknown[]) => unknown
    >
    probe.close()
    for (const method of ['run', 'all'] as const) {
      const original = prototype[method]
      prototype[method] = function (this: { source: string }, ...args: unknown[]) {
        return timed(this.source, () => original.apply(this, args))
      }
    }
    const writer = WriterConnection.prototype as unknown as {
      executeQuery: (query: { sql: string }) => Promise<unknown>
    }
    const executeQuery = writer.executeQuery
    writer.executeQuery = function (this: unknown, query: { sql: string }) {
      return timed(query.sql, () => executeQuery.call(this, query)) as Promise<unknown>
    }
  }
  return times
}

/** "insert plants", "upsert search_words", "select plants", "copy plant_facets", "commit". */
function labelOf(sql: string): string {
  const text = sql.trim().replace(/\s+/g, ' ')
  const word = /^\w+/.exec(text)?.[0]?.toLowerCase() ?? ''
  const table = (pattern: RegExp) => pattern.exec(text)?.[1]?.replace(/"/g, '') ?? '?'
  switch (word) {
    case 'insert':
      return `${/ on conflict /i.test(text) ? 'upsert' : 'insert'} ${table(/^insert into ("?\w+"?)/i)}`
    case 'update':
      return `update ${table(/^update ("?\w+"?)/i)}`
    case 'delete':
      return `delete ${table(/^delete from ("?\w+"?)/i)}`
    case 'copy':
      return `copy ${table(/^copy ("?\w+"?)/i)}`
    case 'select':
    case 'with':
      return `select ${table(/ from ("?\w+"?)/i)}`
    default:
      return text.slice(0, 40).toLowerCase()
  }
}
