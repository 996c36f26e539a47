// `hortus mirror --from <API root> --key-id <id> --key-secret <secret> [--once] [--interval <seconds>]`:
// keeps the database in DATABASE_URL a copy of a remote Hortus (src/transfer/mirror.ts). --from is the API
// root every client is configured with (https://plants.example.org/api), or the site's address. With
// --once it syncs to the source's current state and exits; without, it keeps following, and after a
// failure (the source unreachable) waits longer each time, up to five minutes, and goes on where it stopped.
import { Mirror } from '../transfer/mirror.ts'
import { MirrorError, NotHortusError, RemoteHortus, sleep } from '../transfer/mirror-remote.ts'
import { CommandError, UsageError, parseCommandArgs, type Command } from './command.ts'

const MAX_BACKOFF_SECONDS = 300

export const mirrorCommand: Command = (args) => {
  const { values } = parseCommandArgs('mirror', args, {
    from: { type: 'string' },
    'key-id': { type: 'string' },
    'key-secret': { type: 'string' },
    once: { type: 'boolean' },
    interval: { type: 'string' },
  })
  const from = values.from ?? ''
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(from))
    throw new UsageError(
      'mirror needs --from <API root> of the Hortus to copy, such as https://plants.example.org/api (or its site, https://plants.example.org).',
    )
  if (!values['key-id'] || !values['key-secret'])
    throw new UsageError(
      'mirror needs --key-id and --key-secret=<secret> (with `=`: a secret may start with -): a key pair made on the source Hortus.',
    )
  const interval = Number(values.interval ?? 60)
  if (!Number.isInteger(interval) || interval < 1 || interval > 86_400)
    throw new UsageError('mirror: --interval is the seconds between polls, a whole number from 1 to 86400.')
  const remote = new RemoteHortus(from, values['key-id'], values['key-secret'])
  const log = (line: string) => console.error(line)
  return async (store) => {
    const mirror = new Mirror(store, remote, log)
    if (values.once) {
      const report = await mirror.sync().catch(asCommandError)
      console.log(
        `Mirrored the API at ${remote.api}: ${report.bootstrapped} plants from its export, ${report.revisions} revisions copied, ${report.plantsRead} plants read again.`,
      )
      return
    }
    let failures = 0
    for (;;) {
      try {
        const report = await mirror.sync()
        if (report.revisions > 0 || report.bootstrapped > 0)
          log(
            `${new Date().toISOString()}: ${report.revisions} revisions copied, ${report.plantsRead} plants read again.`,
          )
        failures = 0
        await sleep(interval * 1000)
      } catch (error) {
        if (!(error instanceof MirrorError) && !store.isUnavailable(error)) asCommandError(error)
        failures++
        const wait = Math.min(MAX_BACKOFF_SECONDS, interval * 2 ** Math.min(failures, 10))
        log(`${(error as Error).message} Trying again in ${wait} s.`)
        await sleep(wait * 1000)
      }
    }
  }
}

function asCommandError(error: unknown): never {
  // A URL that is no Hortus is a mistake to correct, not a failure to wait out.
  if (error instanceof NotHortusError) throw new CommandError(error.message)
  if (error instanceof MirrorError)
    throw new CommandError(
      `${error.message} The copy stands where its last complete step left it; run mirror again to go on.`,
    )
  throw error
}
