// @ts-check
// The SQLite write connection's own thread (see sqlite-writer.ts). better-sqlite3 runs a statement to its
// end on the thread that calls it, its commit's sync to disk included: on the server's thread, every
// request waited while a save wrote. Here each statement the main thread sends is run, and its rows, or
// its error with SQLite's code, are sent back (the messages: sqlite-writer-messages.ts).
// Plain JavaScript, importing nothing of the application: a thread does not inherit the TypeScript loader
// the tests and the CLI run under, and the bundle (scripts/start.mjs) builds it as an entry of its own.
import { parentPort, workerData } from 'node:worker_threads'
import SQLite from 'better-sqlite3'

/** As sqlite-statements.ts keeps them for the reader: enough for every distinct statement of the service. */
const KEPT_STATEMENTS = 1000

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
/** @type {import('./sqlite-writer-messages.ts').WriterSettings} */
const { path, pragmas, answersNow, answered } = workerData
/** @type {Map<string, SQLite.Statement>} */
const statements = new Map()
/** @type {SQLite.Database} */
let sqlite
/** The error of a deferred statement of the open transaction: every statement after it is refused with it,
 * the commit too, until the transaction is rolled back. @type {{ message: string, code?: string } | null} */
let failed = null

try {
  sqlite = new SQLite(path)
  for (const pragma of pragmas) sqlite.pragma(pragma)
  port.postMessage({ id: 0, rows: [], inTransaction: false })
  port.on('message', run)
} catch (error) {
  port.postMessage({ id: 0, error: describe(error), inTransaction: false })
  port.close()
}

/** @param {import('./sqlite-writer-messages.ts').WriterRequest} request */
function run(request) {
  const answer = request.now ? answerNow : answerLater
  /** @param {import('./sqlite-writer-messages.ts').WriterReply} reply */
  function answerLater(reply) {
    port.postMessage(reply)
  }
  /** @param {import('./sqlite-writer-messages.ts').WriterReply} reply */
  function answerNow(reply) {
    const flag = /** @type {Int32Array} */ (answered)
    const replies = /** @type {import('node:worker_threads').MessagePort} */ (answersNow)
    replies.postMessage(reply)
    Atomics.store(flag, 0, 1)
    Atomics.notify(flag, 0)
  }
  runStatement(request, answer)
}

/**
 * @param {import('./sqlite-writer-messages.ts').WriterRequest} request
 * @param {(reply: import('./sqlite-writer-messages.ts').WriterReply) => void} answer
 */
function runStatement({ id, sql, parameters, deferred }, answer) {
  if (sql === null) {
    sqlite.close()
    answer({ id, rows: [], inTransaction: false })
    port.close()
    return
  }
  if (/^(rollback|begin)/i.test(sql)) failed = null
  if (failed) {
    if (!deferred) answer({ id, error: failed, inTransaction: sqlite.inTransaction })
    return
  }
  try {
    const statement = prepare(sql)
    // Bytes arrive as a Uint8Array (a message does not keep Buffer's class); better-sqlite3 binds a Buffer.
    const values = parameters.map((value) =>
      value instanceof Uint8Array && !Buffer.isBuffer(value)
        ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
        : value,
    )
    if (deferred) statement.run(values)
    else if (statement.reader) {
      answer({ id, rows: statement.all(values), inTransaction: sqlite.inTransaction })
    } else {
      const { changes, lastInsertRowid } = statement.run(values)
      answer({ id, rows: [], changes, lastInsertRowid, inTransaction: sqlite.inTransaction })
    }
  } catch (error) {
    if (deferred) failed = describe(error)
    else answer({ id, error: describe(error), inTransaction: sqlite.inTransaction })
  }
}

/** @param {string} sql */
function prepare(sql) {
  const kept = statements.get(sql)
  if (kept) return kept
  const statement = sqlite.prepare(sql)
  if (statements.size >= KEPT_STATEMENTS)
    statements.delete(/** @type {string} */ (statements.keys().next().value))
  statements.set(sql, statement)
  return statement
}

/** @param {unknown} error */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  return { message: error.message, code }
}
