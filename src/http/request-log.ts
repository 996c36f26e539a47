// One log line per request, written when the answer has gone: Fastify's own request logging writes two
// (received and completed), which at info level doubled the log's cost under load. Each request carries an
// id, the client's `x-request-id` when it sent a usable one (so a proxy's id follows the request into our
// log), else a new one; the answer carries it back. At debug level and below a line also says when a
// request came in, as Fastify's does, to find requests that never finish.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

const DEBUG_LEVELS = new Set(['debug', 'trace'])
const USABLE_ID = /^[\w.:-]{1,128}$/
// The API takes keys in headers only, but a client may put a secret in a URL by mistake (and get a 400):
// the value of any query parameter named like a secret stays out of the log.
const SECRET_PARAMETER = /([?&][^=&#]*(?:secret|password|passwd|token)[^=&#]*=)[^&#]*/gi
const loggedUrl = (url: string): string => url.replace(SECRET_PARAMETER, '$1[redacted]')

export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && USABLE_ID.test(given) ? given : randomUUID()
}

export function logOneLinePerRequest(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id)
    if (DEBUG_LEVELS.has(request.log.level))
      request.log.debug(
        { method: request.method, url: loggedUrl(request.url), ip: request.ip },
        'incoming request',
      )
  })
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    )
  })
}
