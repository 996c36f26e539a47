// Kysely's SQLite dialect for the write connection, which lives on a thread of its own
// (sqlite-writer-thread.js): better-sqlite3 runs each statement to its end on the calling thread, the
// commit's sync to disk (synchronous = FULL) included, and on the server's thread every request waited
// while a save wrote. Here a statement is sent to the thread and waited for in place (runNow: a save's take
// microseconds), but the COMMIT, which waits for the disk, is awaited as a message while the server's thread
// goes on answering reads; so is whatever follows an import's deferred inserts. A transaction's statements
// run in place in slices of a few milliseconds, the requests that came meanwhile answered between two.
// The transactions are those a file shared with other processes (the CLI beside the server) needs:
// - BEGIN IMMEDIATE takes the write lock at the start. A deferred transaction reads first and then fails
//   at once, without waiting, when it cannot upgrade to a writer; an immediate one fails only at BEGIN,
//   before its work has run, so the store can wait for the lock and simply begin again.
// - A failed COMMIT on a full disk or an I/O error has already rolled the transaction back; the ROLLBACK
//   that follows would then fail with "no transaction is active" and hide the real error (a 500 instead
//   of the 503 SQLITE_FULL gives), so it is skipped.
import { setImmediate as nextTurnOfTheEventLoop } from 'node:timers/promises'
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely'
import type { WriterReply, WriterRequest, WriterSettings } from './sqlite-writer-messages.ts'

/** Another connection holds the write lock: nothing of the transaction has run. */
export class WriteLockBusyError extends Error {
  readonly code: string
  constructor(cause: Error & { code: string }) {
    super(cause.message, { cause })
    this.code = cause.code
  }
}

/** An error of SQLite's, as the writer's thread reported it: its message and its code (SQLITE_BUSY, …). */
class SqliteWriterError extends Error {
  override readonly name = 'SqliteError'
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message)
  }
}

/** The thread's module: plain JavaScript, beside this file in the sources and beside the server in the bundle
 * (scripts/start.mjs builds it there). */
const THREAD_SCRIPT = new URL('./sqlite-writer-thread.js', import.meta.url)

const ANSWER_NOW_MS = 10 * 60_000

/** The writer's thread, and the statements sent to it that await their answer. */
class WriterThread {
  readonly #worker: Worker
  /** Where the thread answers a statement awaited in place (`runNow`), and the flag it raises then. */
  readonly #answersNow: MessagePort
  readonly #answered = new Int32Array(new SharedArrayBuffer(4))
  /** Deferred statements sent since the last answer: a statement after them waits for them too. */
  #deferredSent = false
  readonly #waiting = new Map<number, { resolve: (reply: WriterReply) => void; reject: (e: Error) => void }>()
  #lastId = 0
  #exited = false
  /** Whether a transaction was open after the last statement answered. */
  inTransaction = false

  constructor(settings: WriterSettings) {
    const { port1, port2 } = new MessageChannel()
    this.#answersNow = port1
    port1.unref()
    this.#worker = new Worker(THREAD_SCRIPT, {
      workerData: { ...settings, answersNow: port2, answered: this.#answered } satisfies WriterSettings,
      transferList: [port2],
      // Not the process's (`--import tsx` under the tests and the CLI): loading it took a quarter second.
      execArgv: [],
    })
    // The thread keeps the process alive only while a statement awaits it, as a connection on the
    // process's own thread would.
    this.#worker.unref()
    this.#worker.on('message', (reply: WriterReply) => {
      const waiting = this.#waiting.get(reply.id)
      if (!waiting) return
      this.#waiting.delete(reply.id)
      this.#deferredSent = false
      if (this.#waiting.size === 0) this.#worker.unref()
      this.inTransaction = reply.inTransaction
      waiting.resolve(reply)
    })
    const fail = (error: Error) => {
      for (const { reject } of this.#waiting.values()) reject(error)
      this.#waiting.clear()
    }
    this.#worker.on('error', fail)
    this.#worker.on('exit', () => {
      this.#exited = true
      fail(new SqliteWriterError('the SQLite writer has stopped', 'SQLITE_MISUSE'))
    })
  }

  /** Resolves once the connection is open; rejects with SQLite's error when it cannot be opened. */
  opened(): Promise<void> {
    return this.#answer(0).then(() => undefined)
  }

  async run(
    sql: string | null,
    parameters: readonly unknown[],
  ): Promise<WriterReply & { error?: undefined }> {
    if (this.#exited) throw new SqliteWriterError('the SQLite writer has stopped', 'SQLITE_MISUSE')
    const id = ++this.#lastId
    const answer = this.#answer(id)
    this.#worker.postMessage({ id, sql, parameters } satisfies WriterRequest)
    return answer
  }

  #answer(id: number): Promise<WriterReply & { error?: undefined }> {
    if (this.#waiting.size === 0) this.#worker.ref()
    return new Promise<WriterReply>((resolve, reject) => this.#waiting.set(id, { resolve, reject })).then(
      (reply) => {
        if (reply.error) throw new SqliteWriterError(reply.error.message, reply.error.code)
        return reply
      },
    )
  }

  /** Whether `runNow` would wait for deferred statements sent before (an import's): it must not hold this
   * thread meanwhile. */
  get waitsForDeferred(): boolean {
    return this.#deferredSent || this.#waiting.size > 0
  }

  /** Runs a statement and waits for its answer in place, holding this thread, as better-sqlite3 on it did:
   * a save's statements each take microseconds, and an answer awaited as a message waits its turn behind
   * every request the server has in hand (a save's 30 statements took over a second under 50 readers). */
  runNow(sql: string, parameters: readonly unknown[]): WriterReply & { error?: undefined } {
    if (this.#exited) throw new SqliteWriterError('the SQLite writer has stopped', 'SQLITE_MISUSE')
    Atomics.store(this.#answered, 0, 0)
    this.#worker.postMessage({ id: ++this.#lastId, sql, parameters, now: true } satisfies WriterRequest)
    const reply = this.#waitForAnswerNow()
    this.inTransaction = reply.inTransaction
    if (reply.error) throw new SqliteWriterError(reply.error.message, reply.error.code)
    return reply
  }

  /** The thread posts its answer, then raises the flag. Once, under a load average of 10, the flag was seen
   * raised and the port still empty: the port is read again until the answer is there, the flag lowered
   * before each wait (and the port read once more, for an answer posted before it was lowered). */
  #waitForAnswerNow(): WriterReply {
    // A statement waits for a lock at most busy_timeout; a migration's may take minutes at a million plants.
    const deadline = performance.now() + ANSWER_NOW_MS
    for (;;) {
      const received = receiveMessageOnPort(this.#answersNow)
      if (received) return received.message as WriterReply
      Atomics.store(this.#answered, 0, 0)
      const posted = receiveMessageOnPort(this.#answersNow)
      if (posted) return posted.message as WriterReply
      const left = deadline - performance.now()
      if (left <= 0 || Atomics.wait(this.#answered, 0, 0, left) === 'timed-out')
        throw new SqliteWriterError('the SQLite writer did not answer', 'SQLITE_BUSY')
    }
  }

  /** Sends a statement without awaiting its answer (WriterRequest's `deferred`). */
  defer(sql: string, parameters: readonly unknown[]): void {
    if (this.#exited) throw new SqliteWriterError('the SQLite writer has stopped', 'SQLITE_MISUSE')
    this.#deferredSent = true
    this.#worker.postMessage({ id: -1, sql, parameters, deferred: true } satisfies WriterRequest)
  }

  async close(): Promise<void> {
    if (!this.#exited) await this.run(null, [])
  }
}

/** How long a transaction's statements run in place, one after another, before the server's thread turns
 * to the requests waiting for it: a save held it 7-8 ms (its own work and its statements'), and at 10 saves
 * a second the reads' p99 grew by about that (`npm run bench`, reads under writes: GET /suggest 1.5-1.8x). */
const IN_PLACE_SLICE_MS = 2

/** Exported for the bench's statement times (bench/statement-times.ts), which time its statements. */
export class WriterConnection implements DatabaseConnection {
  /** When the thread last turned to other work: at a transaction's BEGIN, or at its last slice's end. */
  #sliceStarted = 0

  constructor(private readonly thread: WriterThread) {}

  // The commit, which waits for the disk, is awaited as a message: the server answers reads meanwhile. So
  // are the statements that would wait for an import's deferred ones. The others run in place, in slices
  // of IN_PLACE_SLICE_MS: between two, the requests that came meanwhile are answered (reads see the last
  // commit, as they do while the commit is awaited).
  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const awaited = this.thread.waitsForDeferred || /^commit/i.test(sql)
    if (!awaited) await this.#nextSlice(sql)
    const reply = awaited ? await this.thread.run(sql, parameters) : this.thread.runNow(sql, parameters)
    if (reply.changes === undefined) return { rows: reply.rows.map(withBuffers) as R[] }
    return {
      rows: [],
      numAffectedRows: BigInt(reply.changes),
      insertId: reply.lastInsertRowid === undefined ? undefined : BigInt(reply.lastInsertRowid),
    }
  }

  /** A statement outside a transaction runs at once: it is its own slice. */
  async #nextSlice(sql: string): Promise<void> {
    if (/^begin/i.test(sql)) this.#sliceStarted = performance.now()
    else if (this.thread.inTransaction && performance.now() - this.#sliceStarted > IN_PLACE_SLICE_MS) {
      await nextTurnOfTheEventLoop()
      this.#sliceStarted = performance.now()
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite writer does not stream: read in pages')
  }
}

/** A row as the writer's thread sent it, with its bytes a Buffer again, as better-sqlite3 gives them. */
function withBuffers(row: unknown): unknown {
  const values = row as Record<string, unknown>
  for (const key in values) {
    const value = values[key]
    if (value instanceof Uint8Array && !Buffer.isBuffer(value))
      values[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  }
  return values
}

class WriterDriver implements Driver {
  readonly #connection: WriterConnection
  /** SQLite has one connection here: a transaction holds it until it ends, as Kysely's own driver does. */
  #held: Promise<void> | null = null
  #release: (() => void) | null = null

  constructor(private readonly thread: WriterThread) {
    this.#connection = new WriterConnection(thread)
  }

  async init(): Promise<void> {
    await this.thread.opened()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.#held) await this.#held
    this.#held = new Promise((resolve) => (this.#release = resolve))
    return this.#connection
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#held = null
    this.#release = null
    release?.()
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'))
    } catch (error) {
      const code = (error as SqliteWriterError).code
      if (code?.startsWith('SQLITE_BUSY')) throw new WriteLockBusyError(error as Error & { code: string })
      throw error
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.thread.inTransaction) await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy(): Promise<void> {
    await this.thread.close()
  }
}

/** A write connection to the file at `path`, opened on its own thread with `pragmas`: its dialect, and
 * `defer`, which sends a statement of the open transaction without awaiting it (an error fails the
 * statements after it, the commit included). */
export function sqliteWriter(path: string, pragmas: string[]) {
  const thread = new WriterThread({ path, pragmas })
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new WriterDriver(thread),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  }
  return { dialect, defer: (query: CompiledQuery) => thread.defer(query.sql, query.parameters) }
}
