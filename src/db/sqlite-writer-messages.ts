// What the main thread and the SQLite writer's thread (sqlite-writer-thread.js) send each other.

import type { MessagePort } from 'node:worker_threads'

/** The file and the pragmas the writer's connection is opened with; where it answers a statement awaited in
 * place, and the flag it raises (to 1) when it has. */
export interface WriterSettings {
  path: string
  pragmas: string[]
  answersNow?: MessagePort
  answered?: Int32Array
}

/** A statement to run (`sql: null` closes the connection). Request 0 is the opening's answer. A deferred
 * statement is not answered: its error, if any, is the answer to every later statement of its transaction
 * until a rollback, its commit included. */
export interface WriterRequest {
  id: number
  sql: string | null
  parameters: readonly unknown[]
  deferred?: boolean
  /** Awaited in place: answered on `answersNow`, then `answered` raised. */
  now?: boolean
}

/** A statement's rows (or its changes), or its error; and whether a transaction is open after it. */
export type WriterReply = {
  id: number
  inTransaction: boolean
} & (
  | { rows: unknown[]; changes?: number; lastInsertRowid?: number | bigint; error?: undefined }
  | { error: { message: string; code?: string } }
)
