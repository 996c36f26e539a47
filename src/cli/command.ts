import { parseArgs, type ParseArgsConfig } from 'node:util'
import type { DatabaseUrl } from '../config.ts'
import type { Store } from '../db/store.ts'

/** One CLI command. Called with its arguments, it checks them before the database is opened (a typo never
 * touches the database) and returns the work to do on the store opened from DATABASE_URL. */
export type Command = (args: string[]) => (store: Store) => Promise<void>

/** A command that works on the database named by DATABASE_URL without opening the store: no migration runs
 * and no index is rebuilt (`hortus backup` before an upgrade copies the database as the running server has
 * it). Its arguments are checked first, as a Command's are. */
export type DatabaseCommand = (args: string[]) => (database: DatabaseUrl) => Promise<void>

/** A mistake in the command line: one line on stderr, exit code 2. */
export class UsageError extends Error {}

/** The command cannot do its work (unreadable input, unwritable output, nothing imported): one line on
 * stderr, exit code 1. */
export class CommandError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>

/** node:util parseArgs, strict, with at most `maxPositionals` positionals; its errors become UsageErrors
 * naming the command. */
export function parseCommandArgs<O extends Options>(
  command: string,
  args: string[],
  options: O,
  maxPositionals = 0,
) {
  let parsed
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : ''
    if (!code.startsWith('ERR_PARSE_ARGS_')) throw error
    // Node's message goes on about positionals after `--`; its first sentence says it all.
    throw new UsageError(`${command}: ${(error as Error).message.split('. ')[0]}.`)
  }
  const extra = parsed.positionals[maxPositionals]
  if (extra !== undefined) throw new UsageError(`${command}: Unexpected argument '${extra}'.`)
  return parsed
}
