// The two ways the bench drives a server over loopback: autocannon under load (many connections, a fixed
// time), and one client sending requests one after another, timed to the microsecond.
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'

export interface RequestSpec {
  method?: 'GET' | 'PUT'
  path: string
  body?: string
}

export interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p99: number
  /** answers that were not 2xx (a bench whose requests fail measures nothing) */
  failures: number
}

export interface LoadOptions {
  port: number
  headers: Record<string, string>
  /** the next request to send; called once per request */
  next: () => RequestSpec
  /** sees each answer (the PUT case learns the new version from it) */
  onAnswer?: (spec: RequestSpec, status: number, body: string) => void
  connections: number
  seconds: number
}

/** autocannon with `connections` connections for `seconds`, each request chosen by `next`. */
export async function underLoad(options: LoadOptions): Promise<LoadFigures> {
  const { port, headers, next, onAnswer, connections, seconds } = options
  const sent = new WeakMap<object, RequestSpec>()
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req, context) => {
          const spec = next()
          sent.set(context, spec)
          return { ...req, method: spec.method ?? 'GET', path: spec.path, body: spec.body }
        },
        onResponse: (status, body, context) => {
          const spec = sent.get(context)
          if (spec && onAnswer) onAnswer(spec, status, body)
        },
      },
    ],
  })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 })

function send(port: number, headers: Record<string, string>, spec: RequestSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, agent, method: spec.method ?? 'GET', path: spec.path, headers },
      (res) => {
        res.on('data', () => {})
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(spec.body)
  })
}

/** p50 and p99 in milliseconds of `rounds` requests sent one after another, after a warm-up. */
export async function oneClient(
  port: number,
  headers: Record<string, string>,
  next: () => RequestSpec,
  rounds: number,
): Promise<{ p50: number; p99: number; failures: number }> {
  const allHeaders = { ...headers, 'content-type': 'application/json' }
  let failures = 0
  for (let round = 0; round < Math.ceil(rounds / 10); round++) await send(port, allHeaders, next())
  const times: number[] = []
  for (let round = 0; round < rounds; round++) {
    const spec = next()
    const started = performance.now()
    const status = await send(port, allHeaders, spec)
    times.push(performance.now() - started)
    if (status >= 300) failures++
  }
  times.sort((a, b) => a - b)
  return { p50: times[Math.floor(rounds * 0.5)]!, p99: times[Math.floor(rounds * 0.99)]!, failures }
}
