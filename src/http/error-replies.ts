// Turns everything that can go wrong with a request into one of the errors of errors.ts, including what
// Fastify and Node reject before any route runs (bad URLs, over-long ids, huge headers, client timeouts),
// so that every answer is `{error, msg}` with the JSON content type.
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, StorageUnavailableError, clip, unknownParameters, validationFailed } from '../errors.ts'
import type { Store } from '../db/store.ts'
import { fieldProblems } from './validation.ts'
import { withoutAliases } from './schemas.ts'

export const JSON_TYPE = 'application/json; charset=utf-8'

/** Maps anything thrown while handling a request to one of the errors of errors.ts. */
export function toAppError(
  error: FastifyError,
  request: FastifyRequest,
  store: Store,
  bodyLimit: number,
): AppError {
  if (error instanceof AppError) return error
  if (error instanceof StorageUnavailableError || store.isUnavailable(error)) {
    return new AppError(
      'unavailable',
      'The database is briefly unavailable. Retry after the number of seconds in Retry-After.',
    )
  }
  if (error.validation) {
    switch (error.validationContext) {
      case 'body':
        return validationFailed(fieldProblems(error.validation))
      case 'params':
        return new AppError('notFound', 'No such resource: check the id or key in the path.')
      default:
        return queryParameterError(error, request)
    }
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'unsupportedMediaType',
        'Send the body as JSON with content-type: application/json.',
      )
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payloadTooLarge', `Request bodies are limited to ${bodyLimit} bytes.`)
    case 'FST_ERR_BAD_URL':
      return new AppError('badRequest', 'The path is not valid: check its percent-encoding (%XX).')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('notFound', 'No such resource: an id or key in the path is too long.')
    case 'FST_CSRF_MISSING_SECRET':
    case 'FST_CSRF_INVALID_TOKEN':
      return new AppError(
        'formExpired',
        'This form has expired or was not sent from this site. Go back, reload the page and send it again.',
      )
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('invalidJson', 'The body is not valid JSON.')
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('badRequest', 'The request could not be understood; check its headers and body.')
  }
  return new AppError('internal', 'Something went wrong on our side; it has been logged.')
}

/** A query string the route's schema refuses: unknown names get their own answer, which lists what the
 * endpoint takes and the near miss; other problems are named one by one. */
function queryParameterError(error: FastifyError, request: FastifyRequest): AppError {
  const unknown = (error.validation ?? [])
    .filter((e) => e.keyword === 'additionalProperties')
    .map((e) => String((e.params as { additionalProperty?: unknown }).additionalProperty))
  if (unknown.length > 0) {
    const schema = request.routeOptions.schema?.querystring as { properties?: object } | undefined
    return unknownParameters(
      unknown,
      withoutAliases(Object.keys(schema?.properties ?? {})),
      `${request.method} ${request.routeOptions.url ?? ''}`,
    )
  }
  const problems = fieldProblems(error.validation ?? [])
  return new AppError(
    'badRequest',
    `Invalid query parameter${problems.length > 1 ? 's' : ''}: ${problems
      .slice(0, 20)
      .map((p) => `${clip(p.field)} ${p.problem}`)
      .join('; ')}.`,
  )
}

/** Errors Node's HTTP parser raises before Fastify sees a request: the socket gets a raw JSON answer. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const appError =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('requestTimeout', 'The request took too long to arrive; send it again.')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('headersTooLarge', 'The request headers are too large; send fewer or shorter ones.')
        : new AppError('badRequest', 'The request is not valid HTTP.')
  // An answer to HEAD has no body: a client would take the body for the next answer. The method is in what
  // the parser was reading when it failed, when that was the request's first packet.
  const head = (error as { rawPacket?: unknown }).rawPacket
  const toHead = Buffer.isBuffer(head) && head.subarray(0, 5).toString('latin1') === 'HEAD '
  answerOnSocket(socket, appError, '', !toHead)
}

/** Methods Hortus answers; CONNECT is not one of them. */
const SERVED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS'

/** CONNECT (a proxy's method): Node hands it to a 'connect' listener and, without one, drops the connection
 * unanswered. It gets a 405 like any method a path does not take. */
export function refuseConnect(socket: Duplex): void {
  socket.on('error', () => {})
  answerOnSocket(
    socket,
    new AppError(
      'methodNotAllowed',
      `Hortus is not a proxy: it does not take CONNECT; it takes ${SERVED_METHODS}.`,
    ),
    `Allow: ${SERVED_METHODS}\r\n`,
  )
}

/** Sockets already answered: Node's parser reports every further chunk of a bad request again. */
const answered = new WeakSet<Duplex>()

/** How long a refused client may go on sending (a huge header, say) before its connection is cut. */
const LINGER_MS = 1_000

/** Writes an error in the JSON shape straight to a socket Fastify never saw, then closes it. Closing with
 * the client's bytes still unread would make the kernel send a reset, which can wipe out the answer before
 * the client reads it: so the socket is half-closed and drained, and cut when the client is done or after
 * LINGER_MS (the lingering close web servers do). */
function answerOnSocket(socket: Duplex, appError: AppError, extraHeaders = '', withBody = true): void {
  if (answered.has(socket)) return
  answered.add(socket)
  const body = JSON.stringify(appError.toBody())
  if (!socket.writable) {
    socket.destroy()
    return
  }
  socket.end(
    `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nContent-Type: ${JSON_TYPE}\r\n` +
      `${extraHeaders}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${withBody ? body : ''}`,
  )
  const cut = setTimeout(() => socket.destroy(), LINGER_MS)
  cut.unref()
  socket.once('close', () => clearTimeout(cut))
  socket.once('end', () => socket.destroy())
  socket.resume()
}

/** Fastify's own errors before routing (bad percent-encoding, an over-long path parameter). */
export function frameworkErrorReply(
  store: Store,
  bodyLimit: number,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const appError = toAppError(error, request, store, bodyLimit)
    void reply.code(appError.status).type(JSON_TYPE).send(appError.toBody())
  }
}
