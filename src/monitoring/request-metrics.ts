// The request histogram: every answer counted by its route's pattern (`/api/plants/:id`), never its path,
// so a scan of random ids or paths adds no series; a request no route took is `(none)`. The start's
// warm-up requests are left out. A method outside
// HTTP's few is `other`: a client can send any word there.
import type { FastifyInstance } from 'fastify'
import { httpRequestSeconds } from '../metrics/instruments.ts'
import { WARM_UP_REQUEST_ID } from '../http/request-log.ts'

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])

export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // A start's own requests (warm-up.ts) are no client's, as in the log.
    if (request.id === WARM_UP_REQUEST_ID) return done()
    httpRequestSeconds.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'other',
        route: request.routeOptions.url ?? '(none)',
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    )
    done()
  })
}
