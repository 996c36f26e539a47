// One log line per request, written when the answer has gone: Fastify's own request logging writes two
// (received and completed), which at info level doubled the log's cost under load. Each request carries an
// id, the client's `x-request-id` when it sent a usable one (so a proxy's id follows the request into our
// log), else a new one; the answer carries it back. At debug level and below a line also says when a
// request came in, as Fastify's does, to find requests that never finish.
//
// The line is pino's (same fields, same stream, same level rule), written as one string: pino's own call,
// with its object of fields, took about 18 µs of CPU per request under load, a sixth of serving a plant.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import pino from 'pino'

const DEBUG_LEVELS = new Set(['debug', 'trace'])
const USABLE_ID = /^[\w.:-]{1,128}$/
// The API takes keys in headers only, but a client may put a secret in a URL by mistake (and get a 400):
// the value of any query parameter named like a secret stays out of the log.
const SECRET_PARAMETER = /([?&][^=&#]*(?:secret|password|passwd|token)[^=&#]*=)[^&#]*/gi
const loggedUrl = (url: string): string => url.replace(SECRET_PARAMETER, '$1[redacted]')

/** The request id of a start's own requests (warm-up.ts): not logged. Random, so no client can hide its
 * requests from the log by sending it. */
export const WARM_UP_REQUEST_ID = `warm-up-${randomUUID()}`

export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && USABLE_ID.test(given) ? given : randomUUID()
}

export function logOneLinePerRequest(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id)
    if (DEBUG_LEVELS.has(request.log.level))
      request.log.debug(
        { method: request.method, url: loggedUrl(request.url), ip: request.ip },
        'incoming request',
      )
    done()
  })
  const write = requestLineWriter(app)
  app.addHook('onResponse', (request, reply, done) => {
    write(request, reply)
    done()
  })
}

interface Destination {
  write(line: string): unknown
}

/** pino's line for a request, `{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"method":…,"url":…,
 * "ip":…,"status":…,"ms":…,"msg":"request"}`, written straight to the logger's stream; nothing when the
 * logger is off or above info. `ip` is the client's address: behind a proxy in HORTUS_TRUSTED_PROXIES, the
 * one it forwards (Fastify's trustProxy), so the log names the client and not the proxy; null when the
 * connection was gone before its address was read (a client that hung up). */
function requestLineWriter(app: FastifyInstance): (request: FastifyRequest, reply: FastifyReply) => void {
  const logger = app.log as unknown as Record<symbol, unknown>
  const stream = logger[pino.symbols.streamSym] as Destination | undefined
  if (!stream || !(app.log as pino.Logger).isLevelEnabled('info')) return () => {}
  // What pino writes after the time: the logger's bindings (pid, hostname), already as JSON.
  const fixed = (logger[pino.symbols.chindingsSym] as string | undefined) ?? ''
  return (request, reply) => {
    if (request.id === WARM_UP_REQUEST_ID) return
    const ms = Math.round(reply.elapsedTime * 10) / 10
    stream.write(
      `{"level":30,"time":${Date.now()}${fixed},"reqId":${JSON.stringify(request.id)},` +
        `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(loggedUrl(request.url))},` +
        `"ip":${JSON.stringify(request.ip ?? null)},"status":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
    )
  }
}
