// A slow client cannot keep the process alive after SIGTERM: after HORTUS_SHUTDOWN_SECONDS its connection
// is cut and the process exits 0 (without the cut it would wait for the 30 s request timeout).
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { it } from 'node:test'
import { createTestDatabaseUrl } from '../helpers/test-database.ts'
import { startAnsweringServer } from '../helpers/processes.ts'

it('cuts a client trickling its body HORTUS_SHUTDOWN_SECONDS after SIGTERM, and exits 0', async () => {
  const { port, started: server } = await startAnsweringServer({
    DATABASE_URL: await createTestDatabaseUrl(),
    HORTUS_SHUTDOWN_SECONDS: '1',
  })
  let socket: Socket | undefined
  let trickle: NodeJS.Timeout | undefined
  try {
    socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    await once(socket, 'connect')
    // A body announced as 1,000 bytes, sent one byte every 100 ms: it would take 100 s, and the request
    // timeout (30 s) is far beyond the shutdown time.
    socket.write(
      'POST /api/plants HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    )
    const open = socket
    trickle = setInterval(() => open.writable && open.write(' '), 100)
    await new Promise((resolve) => setTimeout(resolve, 300))

    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const finished = await Promise.race([
      server.finished,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('still running 10 s after SIGTERM')), 10_000).unref(),
      ),
    ])
    const seconds = (Date.now() - signalled) / 1000
    assert.equal(finished.code, 0, finished.stderr)
    assert.ok(seconds >= 0.9 && seconds < 5, `exited ${seconds.toFixed(1)} s after SIGTERM`)
  } finally {
    clearInterval(trickle)
    socket?.destroy()
    server.child.kill('SIGKILL')
  }
})
