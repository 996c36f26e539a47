// The cap on concurrent connections per process (HORTUS_MAX_CONNECTIONS). Node closes a connection over
// the cap as soon as it is accepted, before any byte is read: the client sees the connection closed
// without an answer (a load balancer tries another process), and the connections already open go on.
import type { FastifyInstance } from 'fastify'

/** How often, at most, the log says that connections were refused. */
const REPORT_EVERY_MS = 10_000

export function limitConnections(app: FastifyInstance, maxConnections: number): void {
  app.server.maxConnections = maxConnections
  let dropped = 0
  let reported = 0
  app.server.on('drop', () => {
    dropped++
    const now = Date.now()
    if (now - reported < REPORT_EVERY_MS) return
    reported = now
    app.log.warn({ dropped, maxConnections }, 'connections refused: HORTUS_MAX_CONNECTIONS reached')
    dropped = 0
  })
}
