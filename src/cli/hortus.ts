// The admin CLI: `npm run -s hortus -- <command> …`. A thin shell over the same services as the API; it
// opens the database named by DATABASE_URL and never starts the web server.
import { loadConfig, loadEnvFile, ConfigError } from '../config.ts'
import { openStore } from '../open-store.ts'
import { DatabaseOpenError, ImportRunningError } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { CommandError, UsageError, parseCommandArgs, type Command, type DatabaseCommand } from './command.ts'
import { keysCommand } from './keys.ts'
import { accountsCommand } from './accounts.ts'
import { exportCommand, importCommand } from './transfer.ts'
import { mirrorCommand } from './mirror.ts'
import { backupCommand } from './backup.ts'

const USAGE = `Usage: npm run -s hortus -- <command>

Commands:
  keys create --email <email> [--name <display name>] [--label <text>] [--json]
                                                          create the account if needed and a key pair
  keys list [--email <email>] [--json]                    list key ids (secrets are never shown again)
  keys revoke <key_id>                                    revoke a key at once
  keys approve-commercial <key_id>                        mark a key as approved for commercial use
  accounts set-password <email>                           set a password (read from standard input), so
                                                          the account can log in on the website
  accounts role <email> <member|moderator|operator>       set an account's role
  accounts block <email> --reason <text>                  block an account (logged out, keys refused)
  accounts unblock <email> [--reason <text>]              lift a block
  import <file.jsonl> [--overwrite]                       load plants (idempotent by scientific name + name)
  export [--since <iso>] [--output <file>]                write the database as JSON Lines (stdout by default)
  mirror --from <API root> --key-id <id> --key-secret=<secret> [--once] [--interval <seconds>]
                                                          keep the database a copy of a remote Hortus:
                                                          --from https://plants.example.org/api (its
                                                          site, https://plants.example.org, works too)
  backup --output <file> [--force]                        copy the database while the server serves it:
                                                          SQLite checked and in one file, PostgreSQL with
                                                          pg_dump (custom format); prints the change-feed
                                                          cursor the backup ends at (--force replaces <file>)
  migrate                                                 bring the database schema up to date

The database is the one in DATABASE_URL (default sqlite:./var/hortus.db); ./.env is read when present.
Exit codes: 0 done, 1 the command failed, 2 the command line is wrong.`

const COMMANDS: Record<string, Command> = {
  keys: keysCommand,
  accounts: accountsCommand,
  import: importCommand,
  export: exportCommand,
  mirror: mirrorCommand,
  // Opening the store runs the migrations and the index rebuilds they ask for; say so and stop.
  migrate: (args) => {
    parseCommandArgs('migrate', args, {})
    return async () => console.log('Database schema is up to date.')
  },
}

// These work on the database without opening the store, so without migrating it.
const DATABASE_COMMANDS: Record<string, DatabaseCommand> = {
  backup: backupCommand,
}

/** `hortus <command> --help`: the command's own entries of USAGE. */
function usageOf(name: string): string {
  let own = false
  const lines = USAGE.split('\n').filter((line) => {
    // An entry starts indented by two spaces; the lines that go on with it are indented further.
    if (!line.startsWith('   ')) own = line.startsWith(`  ${name} `)
    return own
  })
  return `Usage: npm run -s hortus -- ${name} …\n\n${lines.join('\n')}`
}

// A reader that goes away (`hortus export | head -1`) ends the command quietly, like any Unix filter.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') console.error(`Cannot write to standard output: ${error.message}`)
  process.exit(error.code === 'EPIPE' ? 0 : 1)
})

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === '--help' || name === '-h') {
    console.log(USAGE)
    return 0
  }
  if (name === undefined) {
    console.error(USAGE)
    return 2
  }
  const command = COMMANDS[name]
  const databaseCommand = DATABASE_COMMANDS[name]
  if (!command && !databaseCommand) {
    const names = [...Object.keys(COMMANDS), ...Object.keys(DATABASE_COMMANDS)]
    throw new UsageError(`Unknown command "${name}": use ${names.join(', ')} (or --help).`)
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usageOf(name))
    return 0
  }
  if (databaseCommand) {
    const work = databaseCommand(args)
    loadEnvFile()
    await work(loadConfig().database)
    return 0
  }
  const work = command!(args)
  loadEnvFile()
  const config = loadConfig()
  const store = await openStore(config.database)
  try {
    await work(store)
    return 0
  } finally {
    await store.close()
  }
}

// Exit codes: 0 done, 1 the command failed (its one-line reason on stderr), 2 the command line is wrong.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = [ConfigError, DatabaseOpenError, ImportRunningError, AppError, UsageError, CommandError]
    const message = error instanceof Error ? error.message : String(error)
    // Anything else is unexpected; its message still fits on one line, without a stack trace.
    const line = known.some((kind) => error instanceof kind) ? message : `Failed: ${message}`
    console.error(error instanceof ConfigError ? line : line.replace(/\s+/g, ' '))
    process.exit(error instanceof UsageError ? 2 : 1)
  },
)
