// The errors the client throws. Every Hortus error answer is {error, msg} with an HTTP status; the class
// is chosen by the status and the stable `error` text, so callers can catch the ones they handle.

export class HortusError extends Error {
  override readonly name: string = 'HortusError'
  constructor(
    /** The HTTP status; 0 when no answer came (refused connection, timeout). */
    readonly status: number,
    /** Short and stable: "not found", "version mismatch", "too many requests"… */
    readonly error: string,
    /** What exactly was wrong, and what to do about it. */
    readonly msg: string,
    /** Seconds the server asked to wait (429, 503), when it said. */
    readonly retryAfter: number | null = null,
  ) {
    super(`${status} ${error}: ${msg}`)
  }
}

/** 401: the key headers are missing or wrong (the server never says which half). */
export class NotAuthenticatedError extends HortusError {
  override readonly name = 'NotAuthenticatedError'
}
/** 404: an unknown plant id, version, path or attribute key. */
export class NotFoundError extends HortusError {
  override readonly name = 'NotFoundError'
}
/** 422 validation failed: `msg` names up to 20 failing fields. */
export class ValidationError extends HortusError {
  override readonly name = 'ValidationError'
}
/** 422 version mismatch: the plant changed since it was read; read it again and re-apply the change. */
export class VersionMismatchError extends HortusError {
  override readonly name = 'VersionMismatchError'
}
/** 429 once the bounded retries ran out, or when Retry-After asked for more than the client may wait. */
export class TooManyRequestsError extends HortusError {
  override readonly name = 'TooManyRequestsError'
}
/** 503 once the bounded retries ran out: the database was briefly unreachable. */
export class ServiceUnavailableError extends HortusError {
  override readonly name = 'ServiceUnavailableError'
}

/** The class for an answer: by its status, and for a 422 by its stable `error` text. */
function kindOf(status: number, error: string): typeof HortusError {
  // Hortus answers a version conflict as 422, as the interface says; a 409 saying the same is the same.
  if (error === 'version mismatch' && (status === 422 || status === 409)) return VersionMismatchError
  const byStatus: Record<number, typeof HortusError> = {
    401: NotAuthenticatedError,
    404: NotFoundError,
    422: ValidationError,
    429: TooManyRequestsError,
    503: ServiceUnavailableError,
  }
  return byStatus[status] ?? HortusError
}

/** The most specific error for an answer. */
export function errorFor(status: number, error: string, msg: string, retryAfter: number | null): HortusError {
  const Kind = kindOf(status, error)
  return new Kind(status, error, msg, retryAfter)
}
