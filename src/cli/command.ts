import type { Store } from '../db/store.ts'

/** One CLI command: its arguments, and the store opened from DATABASE_URL. */
export type Command = (args: string[], context: { store: Store }) => Promise<void>

/** A mistake in the command line: printed without a stack trace, exit code 2. */
export class UsageError extends Error {}
