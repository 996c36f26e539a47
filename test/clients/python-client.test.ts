// The Python client (clients/python/hortus_client) against real Hortus processes: starts one server and
// one with a low request limit, makes a key on each, and runs the client's unittest suite with them in
// its environment. The suite must run every test and pass; its output is printed when it does not.
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { after, before, it } from 'node:test'
import { run } from '../helpers/processes.ts'
import { holdWriteLock, startHortus, type RunningHortus } from './hortus-process.ts'

const PYTHON_CLIENT = fileURLToPath(new URL('../../clients/python', import.meta.url))
const LIMIT = 3

let hortus: RunningHortus
let limited: RunningHortus
let held: { release(): Promise<void> } | undefined
/** Lets the Python tests hold the database's write lock (POST /lock) and let it go (POST /release): the
 * lock is taken from this process, which has the database drivers. */
let lockControl: Server
before(async () => {
  ;[hortus, limited] = await Promise.all([
    startHortus(),
    startHortus({ HORTUS_RATE_LIMIT_PER_MINUTE: String(LIMIT) }),
  ])
  lockControl = createServer((request, response) => {
    const act = async () => {
      if (request.method === 'POST' && request.url === '/lock')
        held ??= await holdWriteLock(hortus.databaseUrl)
      else if (request.method === 'POST' && request.url === '/release') {
        await held?.release()
        held = undefined
      } else return response.writeHead(404).end()
      response.writeHead(204).end()
    }
    act().catch((error: unknown) => response.writeHead(500).end(String(error)))
  })
  lockControl.listen(0, '127.0.0.1')
  await once(lockControl, 'listening')
})
after(async () => {
  await held?.release()
  lockControl?.close()
  await Promise.all([hortus?.stop(), limited?.stop()])
})

it('passes its unittest suite against a real Hortus, the 429 and 503 retries included', async () => {
  const result = await run(
    'python3',
    ['-m', 'unittest', 'discover', '--start-directory', 'tests', '--top-level-directory', '.', '--verbose'],
    {
      cwd: PYTHON_CLIENT,
      env: {
        ...process.env,
        PYTHONDONTWRITEBYTECODE: '1',
        HORTUS_TEST_BASE_URL: hortus.baseUrl,
        HORTUS_TEST_KEY_ID: hortus.keyId,
        HORTUS_TEST_KEY_SECRET: hortus.keySecret,
        HORTUS_TEST_LIMITED_BASE_URL: limited.baseUrl,
        HORTUS_TEST_LIMITED_KEY_ID: limited.keyId,
        HORTUS_TEST_LIMITED_KEY_SECRET: limited.keySecret,
        HORTUS_TEST_LIMITED_PER_MINUTE: String(LIMIT),
        HORTUS_TEST_LOCK_URL: `http://127.0.0.1:${(lockControl.address() as { port: number }).port}`,
      },
    },
    180_000,
  )
  const output = `${result.stdout}${result.stderr}`
  assert.equal(result.code, 0, `python3 -m unittest failed:\n${output}`)
  // unittest prints its summary on stderr: every test ran, none skipped for want of a server.
  const ran = /^Ran (\d+) tests? in/m.exec(output)
  assert.ok(ran && Number(ran[1]) >= 15, `expected at least 15 tests:\n${output}`)
  assert.match(output, /^OK$/m, output)
  assert.doesNotMatch(output, /skipped/i, output)
})
