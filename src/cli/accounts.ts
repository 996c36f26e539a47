// `hortus accounts set-password <email>`: the password comes from standard input, never from the command
// line (where `ps` and the shell's history would show it). At a terminal it is asked for without echo.
import { accountExists, setPassword } from '../accounts/account.service.ts'
import { CommandError, UsageError, parseCommandArgs, type Command } from './command.ts'
import type { Role } from '../db/schema.ts'
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import {
  COMMAND_LINE,
  ROLES,
  blockAccount,
  setRole,
  unblockAccount,
} from '../moderation/moderation.service.ts'

const USE =
  'Use accounts set-password <email>, accounts role <email> <role>, accounts block <email> --reason <text> or accounts unblock <email>.'

export const accountsCommand: Command = ([action, ...args]) => {
  switch (action) {
    case 'set-password':
      return setPasswordCommand(args)
    case 'role':
      return roleCommand(args)
    case 'block':
    case 'unblock':
      return blockCommand(action, args)
    default:
      throw new UsageError(USE)
  }
}

/** `accounts role <email> <role>`: the operator sets roles (the first operator comes from here). */
function roleCommand(args: string[]) {
  const [email, role] = parseCommandArgs('accounts role', args, {}, 2).positionals
  if (!email || !role) throw new UsageError('accounts role needs the email and the role.')
  if (!ROLES.includes(role as Role))
    throw new UsageError(`accounts role: the role is one of ${ROLES.join(', ')}, not '${role}'.`)
  return async (store: Store) => {
    await asCommandError(() => setRole(store, { email }, role as Role, COMMAND_LINE))
    console.log(`${email} is now ${role === 'operator' ? 'an' : 'a'} ${role}.`)
  }
}

/** `accounts block <email> --reason <text>` and `accounts unblock <email> [--reason <text>]`. */
function blockCommand(action: 'block' | 'unblock', args: string[]) {
  const parsed = parseCommandArgs(`accounts ${action}`, args, { reason: { type: 'string' } }, 1)
  const email = parsed.positionals[0]
  const reason = parsed.values.reason ?? ''
  if (!email) throw new UsageError(`accounts ${action} needs the email.`)
  if (action === 'block' && !reason.trim())
    throw new UsageError('accounts block needs --reason <text>: the moderation log keeps it.')
  return async (store: Store) => {
    await asCommandError(() =>
      action === 'block'
        ? blockAccount(store, { email }, reason, COMMAND_LINE)
        : unblockAccount(store, { email }, reason, COMMAND_LINE),
    )
    console.log(
      action === 'block'
        ? `${email} is blocked: logged out, its keys refused (by running servers within HORTUS_KEY_CACHE_SECONDS).`
        : `${email} is no longer blocked.`,
    )
  }
}

/** A service's refusal (no such account) is the command's failure, said in one line. */
async function asCommandError(work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (error instanceof AppError) throw new CommandError(error.msg)
    throw error
  }
}

function setPasswordCommand(args: string[]) {
  const email = parseCommandArgs('accounts set-password', args, {}, 1).positionals[0]
  if (!email) throw new UsageError('accounts set-password needs the email.')
  return async (store: Store) => {
    // Asked before the password is, so a mistyped email does not cost typing one.
    if (!(await accountExists(store, email))) throw new CommandError(`No account has email ${email}.`)
    if (!(await setPassword(store, email, await readPassword())))
      throw new CommandError(`No account has email ${email}.`)
    console.log(`Password set for ${email}; the account can log in on the website.`)
  }
}

/** One line from standard input, without its line end. */
async function readPassword(): Promise<string> {
  const input = process.stdin
  if (input.isTTY) {
    process.stderr.write('New password: ')
    input.setRawMode(true)
  }
  let line = ''
  input.setEncoding('utf8')
  for await (const chunk of input) {
    line += chunk as string
    // Enter, or Ctrl-C / Ctrl-D typed at a raw-mode terminal.
    // eslint-disable-next-line no-control-regex
    const end = line.search(/[\r\n\u0003\u0004]/)
    if (end >= 0) {
      if (line[end] === '\u0003') throw new CommandError('Cancelled.')
      line = line.slice(0, end)
      break
    }
    if (line.length > 10_000) throw new CommandError('The password is too long.')
  }
  if (input.isTTY) {
    input.setRawMode(false)
    process.stderr.write('\n')
  }
  input.pause()
  return line
}
