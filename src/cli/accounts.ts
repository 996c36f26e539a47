// `hortus accounts set-password <email>`: the password comes from standard input, never from the command
// line (where `ps` and the shell's history would show it). At a terminal it is asked for without echo.
import { accountExists, setPassword } from '../accounts/account.service.ts'
import { CommandError, UsageError, parseCommandArgs, type Command } from './command.ts'

export const accountsCommand: Command = ([action, ...args]) => {
  if (action !== 'set-password') throw new UsageError('Use accounts set-password <email>.')
  const email = parseCommandArgs('accounts set-password', args, {}, 1).positionals[0]
  if (!email) throw new UsageError('accounts set-password needs the email.')
  return async (store) => {
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
