// Speaks HTTP over a plain socket, for requests that fetch refuses to send (huge headers, bad
// percent-encoding, a body that never arrives) and answers written before Fastify sees a request.
import { connect, type Socket } from 'node:net'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
  /** Milliseconds from the first byte sent to the socket's end. */
  elapsedMs: number
}

/** Sends `head` (request line and headers, without the blank line), then `body` if given, and reads the
 * answer until the server closes the socket or `timeoutMs` passes. `hold` leaves the request unfinished.
 * `keepAlive` leaves out `Connection: close`: a server that answers before reading a large body then
 * drains it instead of closing with bytes unread (which resets the connection, answer and all). */
export async function rawRequest(
  port: number,
  head: string,
  {
    body = '',
    hold = false,
    keepAlive = false,
    timeoutMs = 5_000,
  }: { body?: string | Buffer; hold?: boolean; keepAlive?: boolean; timeoutMs?: number } = {},
): Promise<RawResponse> {
  const started = Date.now()
  const socket = connect(port, '127.0.0.1')
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    // A complete answer with a Content-Length is enough; the socket may stay open (keep-alive).
    if (complete(Buffer.concat(chunks).toString('utf8'), head.startsWith('HEAD '))) socket.end()
  })
  socket.write(`${head}\r\n${hold || keepAlive ? '' : `Connection: close\r\n`}\r\n`)
  // A Buffer goes as its bytes, which need not be UTF-8.
  socket.write(body)
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within ${timeoutMs} ms`))
    }, timeoutMs)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve()
    })
    socket.on('error', () => {})
  })
  return parse(Buffer.concat(chunks).toString('utf8'), Date.now() - started)
}

function complete(text: string, bodiless: boolean): boolean {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return false
  if (bodiless || /^HTTP\/1\.1 (204|304) /.test(text)) return true
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))
  return length !== null && Buffer.byteLength(text.slice(end + 4)) >= Number(length[1])
}

function parse(text: string, elapsedMs: number): RawResponse {
  const end = text.indexOf('\r\n\r\n')
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4), elapsedMs }
}

/** A connection kept open across requests (keep-alive), for timeouts and the connection cap. */
export interface OpenConnection {
  socket: Socket
  /** Settles when the socket has closed, by either side, with the time it closed (Date.now()). */
  closed: Promise<number>
  /** Everything received so far. */
  received(): string
  /** Sends `text` and waits for one whole answer after what was received before; null if the socket
   * closes first or nothing whole arrives within `timeoutMs`. */
  exchange(text: string, timeoutMs?: number): Promise<RawResponse | null>
}

/** Opens a connection; settles once it is connected, or closed (a server over its connection cap). */
export async function openConnection(port: number): Promise<OpenConnection> {
  const socket = connect(port, '127.0.0.1')
  let received = ''
  // Listeners first, so no event is missed while the caller awaits something else.
  socket.on('error', () => {})
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')))
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())))
  await Promise.race([new Promise((resolve) => socket.once('connect', resolve)), closed])
  return {
    socket,
    closed,
    received: () => received,
    async exchange(text, timeoutMs = 5_000) {
      const from = received.length
      const started = Date.now()
      if (socket.writable) socket.write(text)
      while (Date.now() - started < timeoutMs) {
        const answer = received.slice(from)
        if (complete(answer, text.startsWith('HEAD '))) return parse(answer, Date.now() - started)
        if (socket.destroyed) return null
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      return null
    },
  }
}

/** Parses what a connection received as one answer (an error written just before the server closed). */
export function parseReceived(text: string, elapsedMs: number): RawResponse {
  return parse(text, elapsedMs)
}
