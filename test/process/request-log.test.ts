// What an operator reads in the log at LOG_LEVEL=info: one line per request, with the request's id (the
// client's x-request-id when usable), method, url, the client's address, status and time, and no secret a
// client put in a URL. (Behind a proxy the address is the client's: test/process/proxy.test.ts.)
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { startAnsweringServer } from '../helpers/processes.ts'
import { createTestDatabaseUrl, createTestKey } from '../helpers/test-database.ts'

interface LogLine {
  level: number
  msg: string
  reqId?: string
  method?: string
  url?: string
  ip?: string
  status?: number
  ms?: number
}

it('writes one line per request with its id, and keeps secrets in URLs out', async () => {
  const url = await createTestDatabaseUrl()
  const key = await createTestKey(url, 'log@example.org')
  const { port, started } = await startAnsweringServer({ DATABASE_URL: url, LOG_LEVEL: 'info' })
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret, ...headers },
    }).then(async (response) => (await response.arrayBuffer(), response.status))
  try {
    assert.equal(await get('/api/plants?per_page=2', { 'x-request-id': 'lb-77.a' }), 200)
    assert.equal(await get('/api/plants/999999999'), 404)
    // Keys go in headers; one put in the URL by mistake is ignored, like any name the endpoint does not
    // take, and not logged with it.
    assert.equal(await get(`/api/plants?x-service-key-secret=${key.key_secret}&password=hunter22`), 200)
  } finally {
    started.child.kill('SIGTERM')
  }
  const { code, stdout } = await started.finished
  assert.equal(code, 0)

  const lines = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
  const requests = lines.filter((line) => line.msg === 'request' && line.url !== '/api/openapi.json')
  assert.deepEqual(
    requests.map(({ method, url: path, ip, status }) => ({ method, path, ip, status })),
    [
      { method: 'GET', path: '/api/plants?per_page=2', ip: '127.0.0.1', status: 200 },
      { method: 'GET', path: '/api/plants/999999999', ip: '127.0.0.1', status: 404 },
      {
        method: 'GET',
        path: '/api/plants?x-service-key-secret=[redacted]&password=[redacted]',
        ip: '127.0.0.1',
        status: 200,
      },
    ],
  )
  assert.equal(requests[0]!.reqId, 'lb-77.a')
  assert.match(requests[1]!.reqId ?? '', /^[0-9a-f-]{36}$/)
  for (const line of requests) assert.equal(typeof line.ms, 'number')
  // No other line about these requests (Fastify's own would say "incoming request", "request completed").
  assert.equal(lines.filter((line) => line.reqId === 'lb-77.a').length, 1)
  assert.doesNotMatch(stdout, new RegExp(key.key_secret))
  assert.doesNotMatch(stdout, /hunter22/)
})
