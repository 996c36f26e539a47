// The only reader of process.env (and of `.env`, which the entry points load into it first). Every variable
// is parsed once into a frozen, typed object; a bad value stops start-up with a message that names the
// variable and says how to fix it.

import { isIP } from 'node:net'

export type DatabaseUrl = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string }

export interface Config {
  readonly port: number
  readonly host: string
  readonly database: DatabaseUrl
  /** Optional read replica (PostgreSQL only); reads go there, writes to `database`. */
  readonly readDatabase: DatabaseUrl | null
  /** The brand word in the key headers: `x-<brand>-key-id` and `x-<brand>-key-secret`. */
  readonly keyBrand: string
  /** Load the starter dataset into an empty database at start. */
  readonly seed: boolean
  readonly logLevel: string
  /** Worker processes for `npm start` (PostgreSQL only; SQLite is one process). */
  readonly workers: number
  /** How long a verified API key is trusted without asking the database again. */
  readonly keyCacheSeconds: number
  /** API requests per key per minute. */
  readonly rateLimitPerMinute: number
  /** API creates, updates and link changes per key per minute, counted apart from reads. */
  readonly writeLimitPerMinute: number
  /** The same two limits for keys the operator approved for commercial use (`commercial_at`). */
  readonly commercialRateLimitPerMinute: number
  readonly commercialWriteLimitPerMinute: number
  /** Failed API authentications per client address per minute, and website sign-up and login attempts
   * (counted before any hashing). */
  readonly authFailureLimitPerMinute: number
  /** Creates, updates and link changes an account younger than a day may make (API and website). */
  readonly newAccountWritesPerDay: number
  /** Addresses (or CIDR ranges, or proxy-addr's names such as `loopback`) of the proxies whose
   * X-Forwarded-For and X-Forwarded-Proto are believed; none by default, so no client can choose the
   * address that the log shows and the per-address limits count. */
  readonly trustedProxies: string[]
  /** After SIGTERM/SIGINT, how long requests in flight may take before their connections are cut. */
  readonly shutdownSeconds: number
  /** A request must arrive whole within this time (408 otherwise); its headers within a third of it, at
   * most 10 s. */
  readonly requestTimeoutSeconds: number
  /** An idle keep-alive connection is closed after this time. */
  readonly keepAliveSeconds: number
  /** Concurrent connections per process; more are closed at once, without an answer. */
  readonly maxConnections: number
  /** How people reach the operator (an email address or a URL), shown where the site says to ask. */
  readonly contact: string | null
  /** The address clients reach Hortus at (https://plants.example.org): image URLs in answers start with it;
   * without it, with the request's own scheme and host. */
  readonly publicUrl: string | null
  /** Full exports (GET /api/export) per key per hour; a 304 does not count. */
  readonly exportsPerHour: number
  /** A read-only copy (a mirror): every write through the API or the website is refused with 403. */
  readonly readOnly: boolean
  /** What a read-only Hortus mirrors (a URL or a sentence), named in the 403 of a refused write. */
  readonly mirrorOf: string | null
  /** The SMTP server mail goes through (`smtp://user:password@host:port`, `smtps://…`); null: no mail. */
  readonly smtpUrl: string | null
  /** The sender of every mail (`Hortus <plants@example.org>`); set exactly when smtpUrl is. */
  readonly mailFrom: string | null
  /** The first wait before a failed webhook delivery is tried again; each next wait is twice the last. */
  readonly webhookRetrySeconds: number
  /** Webhook URLs may name loopback, private and link-local addresses (tests, intranets). */
  readonly webhookAllowPrivate: boolean
  /** The port Prometheus's text format is served on (`/metrics`); null: no metrics. */
  readonly metricsPort: number | null
  /** The address the metrics are served on: loopback unless the operator opens it. */
  readonly metricsHost: string
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
  }
}

/** Loads `.env` from the working directory into process.env with Node's own parser, when the file exists.
 * A variable already set in the environment wins over the file. (Node's --env-file-if-exists flag would
 * do the same but says ".env not found" on stderr when it is absent, into every command's output.) */
export function loadEnvFile(path = '.env'): void {
  try {
    process.loadEnvFile(path)
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return
    throw new ConfigError([`${path}: ${error instanceof Error ? error.message : String(error)}`])
  }
}

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const prefix = Number(bits)
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128)
}

/** What is wrong with the two mail variables: both or neither, an smtp(s) URL with a host, an address. */
function mailProblems(smtpUrl: string | null, mailFrom: string | null): string[] {
  if (!smtpUrl && !mailFrom) return []
  if (!smtpUrl) return ['HORTUS_MAIL_FROM is set without HORTUS_SMTP_URL: set both to send mail, or neither']
  if (!mailFrom)
    return [
      'HORTUS_SMTP_URL is set without HORTUS_MAIL_FROM: give the sender, such as Hortus <plants@example.org>',
    ]
  const problems: string[] = []
  let url: URL | null = null
  try {
    url = new URL(smtpUrl)
  } catch {
    url = null
  }
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname)
    problems.push('HORTUS_SMTP_URL: use smtp://user:password@host:port or smtps://user:password@host:port')
  if (!/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(mailFrom))
    problems.push(
      `HORTUS_MAIL_FROM=${mailFrom}: use an address, or a name and an address: Hortus <plants@example.org>`,
    )
  return problems
}

const DEFAULT_DATABASE_URL = 'sqlite:./var/hortus.db'

export function parseDatabaseUrl(value: string): DatabaseUrl | null {
  if (value.startsWith('sqlite:')) {
    const path = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')
    return path ? { dialect: 'sqlite', path } : null
  }
  if (/^postgres(ql)?:\/\//.test(value)) return { dialect: 'postgres', url: value }
  return null
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = []

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}=${raw}: must be a whole number from ${min} to ${max}`)
      return fallback
    }
    return value
  }

  const databaseUrl = (name: string, fallback: string | null): DatabaseUrl | null => {
    const raw = env[name] || fallback
    if (raw === null) return null
    const parsed = parseDatabaseUrl(raw)
    if (!parsed) problems.push(`${name}=${raw}: use sqlite:<path> or postgres://user:pass@host:port/db`)
    return parsed
  }

  const keyBrand = (env.HORTUS_KEY_BRAND || 'service').toLowerCase()
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(keyBrand)) {
    problems.push(
      `HORTUS_KEY_BRAND=${keyBrand}: use letters, digits and single hyphens (it goes in a header name)`,
    )
  }

  const seedRaw = (env.HORTUS_SEED || 'on').toLowerCase()
  if (!['on', 'off'].includes(seedRaw)) problems.push(`HORTUS_SEED=${seedRaw}: use on or off`)

  const allowPrivateRaw = (env.HORTUS_WEBHOOK_ALLOW_PRIVATE || 'off').toLowerCase()
  if (!['on', 'off'].includes(allowPrivateRaw))
    problems.push(`HORTUS_WEBHOOK_ALLOW_PRIVATE=${allowPrivateRaw}: use on or off`)

  const readOnlyRaw = (env.HORTUS_READ_ONLY || 'off').toLowerCase()
  if (!['on', 'off'].includes(readOnlyRaw)) problems.push(`HORTUS_READ_ONLY=${readOnlyRaw}: use on or off`)

  const database = databaseUrl('DATABASE_URL', DEFAULT_DATABASE_URL) ?? { dialect: 'sqlite', path: '' }
  const readDatabase = databaseUrl('DATABASE_READ_URL', null)
  if (readDatabase && readDatabase.dialect !== database.dialect) {
    problems.push('DATABASE_READ_URL must use the same database kind as DATABASE_URL')
  }

  const workers = integer('HORTUS_WORKERS', 1, 1, 64)
  if (workers > 1 && database.dialect === 'sqlite') {
    problems.push('HORTUS_WORKERS > 1 needs PostgreSQL: an embedded SQLite database is served by one process')
  }

  const rateLimitPerMinute = integer('HORTUS_RATE_LIMIT_PER_MINUTE', 1200, 1, 100_000_000)
  const writeLimitPerMinute = integer('HORTUS_WRITE_LIMIT_PER_MINUTE', 60, 1, 100_000_000)
  // Commercial keys are never limited more than the others: by default ten times as much.
  const atLeast = (name: string, normalName: string, normal: number): number => {
    const value = integer(name, 10 * normal, 1, 1_000_000_000)
    if (value < normal) problems.push(`${name}=${value}: must be at least ${normalName} (${normal})`)
    return value
  }

  const config: Config = {
    port: integer('PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    database,
    readDatabase,
    keyBrand,
    seed: seedRaw !== 'off',
    logLevel: env.LOG_LEVEL || 'info',
    workers,
    keyCacheSeconds: integer('HORTUS_KEY_CACHE_SECONDS', 10, 0, 3600),
    rateLimitPerMinute,
    writeLimitPerMinute,
    commercialRateLimitPerMinute: atLeast(
      'HORTUS_COMMERCIAL_RATE_LIMIT_PER_MINUTE',
      'HORTUS_RATE_LIMIT_PER_MINUTE',
      rateLimitPerMinute,
    ),
    commercialWriteLimitPerMinute: atLeast(
      'HORTUS_COMMERCIAL_WRITE_LIMIT_PER_MINUTE',
      'HORTUS_WRITE_LIMIT_PER_MINUTE',
      writeLimitPerMinute,
    ),
    authFailureLimitPerMinute: integer('HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE', 60, 1, 100_000_000),
    newAccountWritesPerDay: integer('HORTUS_NEW_ACCOUNT_WRITES_PER_DAY', 50, 0, 100_000_000),
    shutdownSeconds: integer('HORTUS_SHUTDOWN_SECONDS', 10, 0, 3600),
    requestTimeoutSeconds: integer('HORTUS_REQUEST_TIMEOUT_SECONDS', 30, 1, 3600),
    keepAliveSeconds: integer('HORTUS_KEEP_ALIVE_SECONDS', 5, 1, 3600),
    maxConnections: integer('HORTUS_MAX_CONNECTIONS', 1024, 1, 1_000_000),
    contact: env.HORTUS_CONTACT?.trim() || null,
    publicUrl: env.HORTUS_PUBLIC_URL?.trim().replace(/\/+$/, '') || null,
    exportsPerHour: integer('HORTUS_EXPORTS_PER_HOUR', 6, 1, 1_000_000),
    readOnly: readOnlyRaw === 'on',
    mirrorOf: env.HORTUS_MIRROR_OF?.trim() || null,
    webhookRetrySeconds: integer('HORTUS_WEBHOOK_RETRY_SECONDS', 30, 1, 86_400),
    webhookAllowPrivate: allowPrivateRaw === 'on',
    smtpUrl: env.HORTUS_SMTP_URL?.trim() || null,
    mailFrom: env.HORTUS_MAIL_FROM?.trim() || null,
    metricsPort: env.HORTUS_METRICS_PORT ? integer('HORTUS_METRICS_PORT', 0, 1, 65535) : null,
    metricsHost: env.HORTUS_METRICS_HOST?.trim() || '127.0.0.1',
    trustedProxies: (env.HORTUS_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  }
  for (const proxy of config.trustedProxies) {
    if (!isProxyAddress(proxy))
      problems.push(
        `HORTUS_TRUSTED_PROXIES: "${proxy}" is not an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
      )
  }
  if (config.publicUrl && !/^https?:\/\/[^\s"\\/?#]+(\/[^\s"\\?#]*)?$/.test(config.publicUrl))
    problems.push(
      `HORTUS_PUBLIC_URL=${config.publicUrl}: use an http(s) address, such as https://plants.example.org`,
    )
  if (config.contact && !/^(https?:\/\/\S+|[^\s@]+@[^\s@]+)$/.test(config.contact))
    problems.push(`HORTUS_CONTACT=${config.contact}: use an email address or an http(s) URL`)
  problems.push(...mailProblems(config.smtpUrl, config.mailFrom))
  if (config.metricsPort !== null && config.metricsPort === config.port && config.port !== 0)
    problems.push(
      `HORTUS_METRICS_PORT=${config.metricsPort}: the API listens there (PORT); choose another port`,
    )
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  if (!levels.includes(config.logLevel))
    problems.push(`LOG_LEVEL=${config.logLevel}: use one of ${levels.join(', ')}`)

  if (problems.length) throw new ConfigError(problems)
  return Object.freeze(config)
}
