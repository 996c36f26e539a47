// The closed set of errors Hortus answers with. Each has a stable `error` text (the interface fixes the body
// as {error, msg}) and an HTTP status; services throw these, never HTTP replies, and app.ts maps them.
import { closestName } from './text/closest-name.ts'

const ERRORS = {
  notAuthenticated: { status: 401, error: 'not authenticated' },
  forbidden: { status: 403, error: 'forbidden' },
  accountBlocked: { status: 403, error: 'account blocked' },
  /** A form without its CSRF token (expired, or posted from another site): `forbidden` to the API. */
  formExpired: { status: 403, error: 'forbidden' },
  tooManyRequests: { status: 429, error: 'too many requests' },
  validationFailed: { status: 422, error: 'validation failed' },
  versionMismatch: { status: 422, error: 'version mismatch' },
  notFound: { status: 404, error: 'not found' },
  badRequest: { status: 400, error: 'bad request' },
  invalidJson: { status: 400, error: 'invalid json' },
  unsupportedMediaType: { status: 415, error: 'unsupported media type' },
  payloadTooLarge: { status: 413, error: 'payload too large' },
  methodNotAllowed: { status: 405, error: 'method not allowed' },
  requestTimeout: { status: 408, error: 'request timeout' },
  uriTooLong: { status: 414, error: 'uri too long' },
  headersTooLarge: { status: 431, error: 'request header fields too large' },
  unavailable: { status: 503, error: 'service unavailable' },
  internal: { status: 500, error: 'internal error' },
} as const

export type ErrorKind = keyof typeof ERRORS

export class AppError extends Error {
  readonly status: number
  readonly error: string
  /** Sent as Retry-After: when the client may try again (429, 503). */
  readonly retryAfterSeconds: number | null

  constructor(
    readonly kind: ErrorKind,
    readonly msg: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(`${ERRORS[kind].error}: ${msg}`)
    this.status = ERRORS[kind].status
    this.error = ERRORS[kind].error
    this.retryAfterSeconds = options.retryAfterSeconds ?? null
  }

  toBody(): { error: string; msg: string } {
    return { error: this.error, msg: this.msg }
  }
}

/** A problem with one field of a request body; services collect all of them before failing. */
export interface FieldProblem {
  field: string
  problem: string
}

/** A message names at most this many fields, so an error stays a few kilobytes whatever was sent. */
const MAX_NAMED_FIELDS = 20

export function validationFailed(problems: FieldProblem[]): AppError {
  const byField = new Map<string, string>()
  for (const { field, problem } of problems) if (!byField.has(field)) byField.set(field, problem)
  const shown = [...byField].slice(0, MAX_NAMED_FIELDS)
  const more = byField.size - shown.length
  const named = shown.map(([field]) => clip(field)).join(', ')
  const details = shown.map(([field, problem]) => `${clip(field)}: ${problem}`).join('; ')
  return new AppError(
    'validationFailed',
    `Invalid field${byField.size > 1 ? 's' : ''} ${named}${more > 0 ? ` and ${more} more` : ''}. ${details}`,
  )
}

/** Field names come from the client (attribute keys, unknown properties): never echo a long one whole. */
export const clip = (text: string, max = 60): string => (text.length > max ? `${text.slice(0, max)}…` : text)

export const notFound = (what: string): AppError =>
  new AppError('notFound', `${what} does not exist. Check the id or path.`)

/** The database is down, restarting or locked: the client should retry shortly. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('storage unavailable', { cause })
  }
}

/** 400 naming the parameters an endpoint does not take, what it does take, and the likely intent. */
export function unknownParameters(
  names: string[],
  accepted: string[],
  endpoint: string,
  more: { takesAlso?: string; suggestFrom?: string[] } = {},
): AppError {
  const shown = names.slice(0, 10).map((name) => `"${clip(name)}"`)
  const hints = names
    .slice(0, 10)
    .map((name) => [name, closestName(name, more.suggestFrom ?? accepted)] as const)
    .filter(([, guess]) => guess !== null)
    .map(([name, guess]) => `"${clip(name)}" → "${guess}"`)
  const takes = accepted.length ? `It takes ${accepted.join(', ')}` : 'It takes no query parameters'
  return new AppError(
    'badRequest',
    `Unknown parameter${names.length > 1 ? 's' : ''} ${shown.join(', ')} for ${endpoint.replace('/api', '')}. ` +
      `${takes}${more.takesAlso ?? ''}.${hints.length ? ` Did you mean ${hints.join(', ')}?` : ''}`,
  )
}

/** The account was blocked by a moderator: its keys are refused and it cannot log in. */
export const accountBlocked = (reason: string | null): AppError =>
  new AppError(
    'accountBlocked',
    `This account is blocked${reason ? ` (${reason})` : ''}. Its edits stay, but it can no longer change anything. Ask the operator if this is a mistake.`,
  )
