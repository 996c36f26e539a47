// Serves Prometheus's text format at GET /metrics on HORTUS_METRICS_HOST:HORTUS_METRICS_PORT, a listener of
// its own apart from the API's port, so that the metrics are not public unless the operator opens them.
// One process serves its own registry. With HORTUS_WORKERS the primary serves, and asks every worker for
// its series over the cluster's channel (prom-client's AggregatorRegistry): one port, every worker's
// counts added up; the gauges read from the database keep the highest.
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import { AggregatorRegistry, collectDefaultMetrics } from 'prom-client'
import { registry } from '../metrics/instruments.ts'

/** The metrics' address cannot be listened on: its message is the one line the operator sees. */
export class MetricsListenError extends Error {}

export interface MetricsAddress {
  host: string
  port: number
}

/** Node's own series (CPU, memory, event loop lag, garbage collection) beside Hortus's, in each process
 * that counts. */
export function collectProcessMetrics(): void {
  collectDefaultMetrics({ register: registry })
}

/** In a worker: answers the primary's requests for this process's series. */
export function answerPrimaryForMetrics(): void {
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries([registry])
}

/** In this process, or (`cluster`) for every worker from the primary. Throws a one-line error when the
 * address cannot be listened on. */
export async function serveMetrics({ host, port }: MetricsAddress, cluster: boolean): Promise<Server> {
  const aggregator = cluster ? new AggregatorRegistry() : null
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: 'not found', msg: 'The metrics are at GET /metrics.' }))
      return
    }
    const text = aggregator ? aggregator.clusterMetrics() : registry.metrics()
    text.then(
      (body) => {
        response.writeHead(200, { 'content-type': registry.contentType })
        response.end(request.method === 'HEAD' ? undefined : body)
      },
      (error: unknown) => {
        response.writeHead(503, { 'content-type': 'application/json' })
        const reason = error instanceof Error ? error.message : String(error)
        response.end(
          JSON.stringify({ error: 'unavailable', msg: `The metrics could not be read: ${reason}` }),
        )
      },
    )
  })
  server.listen(port, host)
  try {
    await once(server, 'listening')
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : ''
    throw new MetricsListenError(
      `Cannot serve the metrics on ${host}:${port} (HORTUS_METRICS_PORT): ${code || String(error)}`,
    )
  }
  return server
}
