// The closed set of errors Hortus answers with. Each has a stable `error` text (the interface fixes the body
// as {error, msg}) and an HTTP status; services throw these, never HTTP replies, and app.ts maps them.

export const ERRORS = {
  notAuthenticated: { status: 401, error: 'not authenticated' },
  validationFailed: { status: 422, error: 'validation failed' },
  versionMismatch: { status: 422, error: 'version mismatch' },
  notFound: { status: 404, error: 'not found' },
  badRequest: { status: 400, error: 'bad request' },
  invalidJson: { status: 400, error: 'invalid json' },
  unsupportedMediaType: { status: 415, error: 'unsupported media type' },
  payloadTooLarge: { status: 413, error: 'payload too large' },
  methodNotAllowed: { status: 405, error: 'method not allowed' },
  unavailable: { status: 503, error: 'service unavailable' },
  internal: { status: 500, error: 'internal error' },
} as const

export type ErrorKind = keyof typeof ERRORS

export class AppError extends Error {
  readonly status: number
  readonly error: string

  constructor(
    readonly kind: ErrorKind,
    readonly msg: string,
  ) {
    super(`${ERRORS[kind].error}: ${msg}`)
    this.status = ERRORS[kind].status
    this.error = ERRORS[kind].error
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

export function validationFailed(problems: FieldProblem[]): AppError {
  const fields = [...new Set(problems.map((p) => p.field))]
  const details = problems.map((p) => `${p.field}: ${p.problem}`).join('; ')
  return new AppError(
    'validationFailed',
    `Invalid field${fields.length > 1 ? 's' : ''} ${fields.join(', ')}. ${details}`,
  )
}

export const notFound = (what: string): AppError =>
  new AppError('notFound', `${what} does not exist. Check the id or path.`)

/** The database is down, restarting or locked: the client should retry shortly. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('storage unavailable', { cause })
  }
}
