// A Hortus server as an operator runs it (src/server.ts in its own process) on a database the test made,
// with its output kept: the reliability suites check that it stays the same, live process.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { startAnsweringServer, type Started } from '../helpers/processes.ts'

interface Sent {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  timeoutMs?: number
}

export interface Received {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

export interface ChildServer {
  baseUrl: string
  port: number
  pid: number
  started: Started
  /** True while the process that was started is still running (not exited, not replaced). */
  alive(): boolean
  /** Everything it wrote to stdout and stderr so far. */
  output(): string
  /** Sends a request on a kept-alive connection (node:http: the path goes as it is, and it costs the client
   * a third of what fetch does, which a 2-core machine gives to the server instead). */
  send(request: Sent): Promise<Received>
  stop(): Promise<void>
}

/** Starts the server on `databaseUrl`; `env` adds or overrides variables (limits are raised by default). */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string | undefined> = {},
): Promise<ChildServer> {
  const { port, started } = await startAnsweringServer({ DATABASE_URL: databaseUrl, ...env })
  const pid = started.child.pid!
  const alive = () => {
    if (started.child.exitCode !== null || started.child.signalCode !== null) return false
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 32 })
  const send = ({ method = 'GET', path, headers = {}, body, timeoutMs = 30_000 }: Sent) =>
    new Promise<Received>((resolve, reject) => {
      // node:http sends a DELETE's body with neither a length nor chunks (it would read as the next
      // request): the length is always given.
      const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }
      const sent = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: { ...headers, ...length },
          agent,
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          )
        },
      )
      sent.on('timeout', () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)))
      sent.on('error', reject)
      sent.end(body)
    })
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid,
    started,
    alive,
    output: () => started.output.stdout + started.output.stderr,
    send,
    stop: async () => {
      agent.destroy()
      if (!alive()) return
      started.child.kill('SIGTERM')
      const timer = setTimeout(() => started.child.kill('SIGKILL'), 15_000)
      await started.finished
      clearTimeout(timer)
    },
  }
}
