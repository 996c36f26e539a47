// The admin CLI: `npm run -s hortus -- <command> …`. A thin shell over the same services as the API; it
// opens the database named by DATABASE_URL and never starts the web server.
import { loadConfig, ConfigError } from '../config.ts'
import { openStore } from '../db/open-store.ts'
import { AppError } from '../errors.ts'
import { UsageError, type Command } from './command.ts'
import { keysCommand } from './keys.ts'
import { exportCommand, importCommand } from './transfer.ts'

const USAGE = `Usage: npm run -s hortus -- <command>

Commands:
  keys create --email <email> [--label <text>] [--json]   create the account if needed and a key pair
  keys list [--email <email>] [--json]                    list key ids (secrets are never shown again)
  keys revoke <key_id>                                    revoke a key at once
  import <file.jsonl>                                     load plants (idempotent by scientific name + name)
  export [--since <iso>] [--output <file>]                write the database as JSON Lines (stdout by default)
  migrate                                                 bring the database schema up to date

The database is the one in DATABASE_URL (default sqlite:./var/hortus.db).`

const COMMANDS: Record<string, Command> = {
  keys: keysCommand,
  import: importCommand,
  export: exportCommand,
  // Opening the store runs the migrations; say so and stop.
  migrate: async () => console.log('Database schema is up to date.'),
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  const command = name ? COMMANDS[name] : undefined
  if (!command) {
    console.error(name && name !== '--help' ? `Unknown command "${name}".\n\n${USAGE}` : USAGE)
    return name && name !== '--help' ? 2 : 0
  }
  const config = loadConfig()
  const store = await openStore(config.database)
  try {
    await command(args, { store })
    return 0
  } finally {
    await store.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message)
    else if (error instanceof AppError || error instanceof UsageError) console.error(error.message)
    else console.error(error)
    process.exit(error instanceof UsageError ? 2 : 1)
  },
)
