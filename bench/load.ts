// The two ways the bench drives a server over loopback: wrk under load (many connections, a fixed time),
// and one client sending requests one after another, timed to the microsecond.
//
// wrk, not a load generator written in JavaScript: autocannon ran out of CPU parsing 94 KB answers at about
// 6,500 req/s, so any server reaching that rate looked like the page-from-memory baseline. wrk (Debian's
// package; scripts/bench/ensure-wrk.sh installs it) is C, one thread, and its own CPU time is measured in
// every run (`generatorCpuShare`), so the bench can tell how much more the generator could have sent.
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { tempDir } from '../test/helpers/temp-dir.ts'

export interface RequestSpec {
  method?: 'GET' | 'PUT'
  path: string
  body?: string
}

export interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p99: number
  /** answers that were not 2xx or 3xx, and socket errors (a bench whose requests fail measures nothing) */
  failures: number
  /** the share of one core the generator used: 0.25 means it could have sent about 4 times as much */
  generatorCpuShare: number
  /** the mean size of an answer, headers included */
  bytesPerAnswer: number
}

export interface LoadOptions {
  port: number
  headers: Record<string, string>
  /** the next request to send; asked for up front, PATHS_PER_RUN times, and sent in turn */
  next: () => RequestSpec
  connections: number
  seconds: number
  /** called once the requests are prepared, right before wrk starts (a writer beside the load starts then) */
  starting?: () => void
}

/** Requests prepared for one run: more than any case sends in its seconds (a write must not repeat). */
const PATHS_PER_RUN = 60_000
const WRK = process.env.HORTUS_WRK ?? '/usr/bin/wrk'

let folder: string | undefined
const scriptFolder = () => (folder ??= tempDir('hortus-wrk-'))

const lua = (text: string) => JSON.stringify(text) // a JSON string is a valid Lua string literal here

/** How long each connection's first request is held, so that every connection is open before the load
 * starts. Without it the p99 of a case under about 2,000 req/s measured the ramp-up, not the load: while
 * the server is busy answering the connections already open, Node takes the new ones one per turn of its
 * event loop (each turn answering every open connection), so the last of 50 connections waited 1–3 s for
 * its first answer. A 2 ms hello-world on node:http showed the same (p99 1.3 s at 50 connections, p90
 * 135 ms); with the first requests held, its p99 was 116–145 ms. Those 50 requests were over 1% of a 3 s
 * run of a search. The hold is not in the latencies (wrk times a request from when it writes it). */
const HOLD_FIRST_MS = 300

/** The wrk script: the requests in turn, each connection's first held (HOLD_FIRST_MS), and at the end
 * one line of JSON with the figures. */
function wrkScript(specs: RequestSpec[], headers: Record<string, string>, connections: number): string {
  const lines = specs.map(
    (spec) =>
      `{${lua(spec.method ?? 'GET')},${lua(spec.path)}${spec.body === undefined ? '' : `,${lua(spec.body)}`}}`,
  )
  const headerLines = Object.entries({ ...headers, 'content-type': 'application/json' }).map(
    ([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`,
  )
  return `${headerLines.join('\n')}
local requests = {
${lines.join(',\n')}
}
local next = 0
local held = 0
delay = function()
  if held < ${connections} then
    held = held + 1
    return ${HOLD_FIRST_MS}
  end
  return 0
end
request = function()
  next = next % #requests + 1
  local r = requests[next]
  return wrk.format(r[1], r[2], nil, r[3])
end
done = function(summary, latency, _)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"bytes":%d,"duration_us":%d,"failures":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.bytes, summary.duration, e.status + e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`
}

/** wrk with `connections` connections on one thread for `seconds`, sending the requests `next` gives. */
export async function underLoad(options: LoadOptions): Promise<LoadFigures> {
  const { port, headers, next, connections, seconds, starting } = options
  const specs = Array.from({ length: PATHS_PER_RUN }, next)
  const script = join(scriptFolder(), 'case.lua')
  writeFileSync(script, wrkScript(specs, headers, connections))
  // `times` after wrk prints the CPU time of the shell's children: wrk's own, user and system.
  const command = `"$0" "$@"; status=$?; times; exit $status`
  // A slow answer is measured, not dropped: wrk's own timeout (2 s) counted a busy machine's slow ones as failures.
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script]
  starting?.()
  const output = await runShell(command, [WRK, ...args, `http://127.0.0.1:${port}`])
  const figures = JSON.parse(/^\{"requests".*$/m.exec(output)?.[0] ?? 'null') as {
    requests: number
    bytes: number
    duration_us: number
    failures: number
    p50_us: number
    p99_us: number
  } | null
  if (!figures) throw new Error(`wrk printed no figures:\n${output}`)
  // The rate over the time the load ran: without the hold of the first requests.
  const seconds_ = figures.duration_us / 1e6 - HOLD_FIRST_MS / 1000
  return {
    requestsPerSecond: figures.requests / seconds_,
    p50: figures.p50_us / 1000,
    p99: figures.p99_us / 1000,
    failures: figures.failures,
    generatorCpuShare: childCpuSeconds(output) / seconds_,
    bytesPerAnswer: figures.bytes / Math.max(1, figures.requests),
  }
}

function runShell(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`wrk exited with ${code}:\n${output}`)),
    )
  })
}

/** The second line `times` prints: the children's user and system time, as `0m1.234s 0m0.567s`. */
function childCpuSeconds(output: string): number {
  const lines = [...output.matchAll(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/gm)]
  const children = lines.at(-1)
  if (!children) throw new Error(`no CPU times in:\n${output}`)
  const [, um, us, sm, ss] = children.map(Number) as [number, number, number, number, number]
  return um * 60 + us + sm * 60 + ss
}

// Its idle connection is dropped after 4 s, before Hortus closes it (HORTUS_KEEP_ALIVE_SECONDS, 5): with
// both at 5 s, a request sent after a pause of about 5 s (a case's wrk run between two one-client runs)
// could meet the server closing that connection and fail with "socket hang up".
const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: 4000 })

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

/** One request as oneClient sends it (the same client, headers and connection reuse, no compression
 * asked for): its milliseconds to the last byte, and its status. */
export async function timedRequest(
  port: number,
  headers: Record<string, string>,
  spec: RequestSpec,
): Promise<{ ms: number; status: number }> {
  const started = performance.now()
  const status = await send(port, { ...headers, 'content-type': 'application/json' }, spec)
  return { ms: performance.now() - started, status }
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
