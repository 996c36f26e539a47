// Serves Prometheus's text format at GET /metrics on HORTUS_METRICS_HOST:HORTUS_METRICS_PORT, a listener of
// its own apart from the API's port, so that the metrics are not public unless the operator opens them.
// One process serves its own registry. With HORTUS_WORKERS the primary serves, and asks every worker for
// its series over the cluster's channel (prom-client's AggregatorRegistry): one port, every worker's
// counts added up; the gauges read from the database keep the highest.
//
// server.ts loads this folder only when HORTUS_METRICS_PORT is set (with import()), and prom-client with it.
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import { AggregatorRegistry, collectDefaultMetrics, Registry } from 'prom-client'
import type { Store } from '../db/store.ts'
import type { DatabaseObserver } from '../db/observer.ts'
import { startCounting } from '../metrics/instruments.ts'
import { databaseObserver } from './database-observer.ts'
import { watchServiceState } from './state-gauges.ts'

/** The metrics' address cannot be listened on: its message is the one line the operator sees. */
export class MetricsListenError extends Error {
  override name = 'MetricsListenError'
}

export interface MetricsAddress {
  host: string
  port: number
}

/** A serving process's metrics: Hortus's (metrics/instruments.ts), Node's own (CPU, memory, event-loop lag,
 * garbage collection), and the observer to open the store with; then `watch` the store's state. */
export async function countInThisProcess() {
  const registry = await startCounting()
  collectDefaultMetrics({ register: registry })
  const observer: DatabaseObserver = databaseObserver(registry)
  return {
    registry,
    observer,
    watch: (store: Store) => watchServiceState(store, registry),
  }
}

/** In a worker: answers the primary's requests for this process's series. */
export function answerPrimaryForMetrics(registry: Registry): void {
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries([registry])
}

/** `registry`'s series, or (`workers`) every worker's from the primary. Throws a MetricsListenError when
 * the address cannot be listened on. */
export async function serveMetrics(
  { host, port }: MetricsAddress,
  source: Registry | 'workers',
): Promise<Server> {
  const aggregator = source === 'workers' ? new AggregatorRegistry() : null
  const registry = source === 'workers' ? null : source
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: 'not found', msg: 'The metrics are at GET /metrics.' }))
      return
    }
    const text: Promise<string> = aggregator ? aggregator.clusterMetrics() : registry!.metrics()
    text.then(
      (body) => {
        response.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE })
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
