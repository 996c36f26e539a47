// Start-up as an operator sees it: a problem they can fix (port in use, database missing, unreachable or
// refusing the password) is one line on stderr and exit code 1, never a stack trace or a process that
// keeps running; and `.env` in the working directory is read, with the environment winning.
import assert from 'node:assert/strict'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import pg from 'pg'
import { createTestDatabaseUrl, TEST_DIALECT } from '../helpers/test-database.ts'
import { tempDir } from '../helpers/temp-dir.ts'
import {
  answers,
  freePort,
  hortusEnv,
  run,
  SERVER,
  startServer,
  TSX,
  waitFor,
  type Finished,
} from '../helpers/processes.ts'

/** The server started as `npm start` starts it; it must end by itself within 60 s. */
const runServer = (env: Record<string, string | undefined>) =>
  run(process.execPath, ['--import', TSX, SERVER], { env: hortusEnv(env) })

function assertOneLineFailure(result: Finished, pattern: RegExp): void {
  assert.equal(result.code, 1, `exit code (stderr: ${result.stderr})`)
  const lines = result.stderr.trimEnd().split('\n')
  assert.equal(lines.length, 1, `one line on stderr, got:\n${result.stderr}`)
  assert.match(lines[0]!, pattern)
}

describe('start-up failures', () => {
  it('a port in use: one line, exit 1', async () => {
    const taken = createServer().listen(0, '127.0.0.1')
    await once(taken, 'listening')
    const port = (taken.address() as { port: number }).port
    try {
      const result = await runServer({ PORT: String(port), DATABASE_URL: await createTestDatabaseUrl() })
      assertOneLineFailure(
        result,
        new RegExp(`^Cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use`),
      )
      if (TEST_DIALECT === 'postgres') {
        // Every worker fails the same way: still one line, and no worker is started again and again.
        const workers = await runServer({
          PORT: String(port),
          DATABASE_URL: await createTestDatabaseUrl(),
          HORTUS_WORKERS: '2',
        })
        assertOneLineFailure(workers, /^Cannot listen on .*: the port is already in use/)
      }
    } finally {
      taken.close()
    }
  })

  if (TEST_DIALECT === 'sqlite') {
    it('a SQLite path whose directory does not exist: one line, exit 1, nothing created', async () => {
      const missing = join(tempDir('hortus-startup-'), 'missing')
      const result = await runServer({ PORT: '0', DATABASE_URL: `sqlite:${missing}/hortus.db` })
      assertOneLineFailure(
        result,
        new RegExp(`^Cannot open the SQLite database .*: the directory ${missing} does not exist`),
      )
      assert.equal(existsSync(missing), false)
    })
  }

  if (TEST_DIALECT === 'postgres') {
    it('an unreachable PostgreSQL: one line naming it without the password, exit 1', async () => {
      const port = await freePort()
      const result = await runServer({
        PORT: '0',
        DATABASE_URL: `postgres://hortus:s3cret-pw@127.0.0.1:${port}/hortus`,
      })
      assertOneLineFailure(
        result,
        new RegExp(
          `^Cannot connect to PostgreSQL at postgres://hortus:\\*\\*\\*@127\\.0\\.0\\.1:${port}/hortus: .*ECONNREFUSED`,
        ),
      )
      assert.doesNotMatch(result.stderr, /s3cret-pw/)
    })

    // The test cluster trusts every local connection; one role is made to need its password.
    const datadir = process.env.HORTUS_TEST_PG_DATADIR
    if (datadir) {
      it('a wrong PostgreSQL password: one line, exit 1', async () => {
        const role = `hortus_pw_${process.pid}`
        const admin = new pg.Client({ connectionString: process.env.HORTUS_TEST_PG_URL })
        await admin.connect()
        const hba = join(datadir, 'pg_hba.conf')
        const original = readFileSync(hba, 'utf8')
        try {
          await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'right-password'`)
          writeFileSync(hba, `host all ${role} 127.0.0.1/32 scram-sha-256\n${original}`)
          await admin.query('SELECT pg_reload_conf()')
          const url = new URL(process.env.HORTUS_TEST_PG_URL!)
          url.username = role
          url.password = 'wrong-password'
          const result = await runServer({ PORT: '0', DATABASE_URL: url.toString() })
          assertOneLineFailure(
            result,
            new RegExp(
              `^Cannot connect to PostgreSQL at .*: password authentication failed for user "${role}"`,
            ),
          )
          assert.doesNotMatch(result.stderr, /wrong-password/)
        } finally {
          writeFileSync(hba, original)
          await admin.query('SELECT pg_reload_conf()')
          await admin.query(`DROP ROLE IF EXISTS ${role}`)
          await admin.end()
        }
      })
    }
  }
})

describe('.env', () => {
  it('is read from the working directory; a variable set in the environment wins', async () => {
    const dir = tempDir('hortus-env-')
    const port = await freePort()
    writeFileSync(
      join(dir, '.env'),
      // SQLite on both runs: this is about reading .env, and seeding PostgreSQL takes many seconds.
      `# as in .env.example\nPORT=${port}\nDATABASE_URL=sqlite:${join(dir, 'hortus.db')}\nHORTUS_SEED=off\nLOG_LEVEL=fatal\n`,
    )
    const server = startServer(
      // Not set here, so the file's values apply; HORTUS_SEED=on from the environment wins over the file.
      { PORT: undefined, DATABASE_URL: undefined, LOG_LEVEL: undefined, HORTUS_SEED: 'on' },
      { cwd: dir },
    )
    try {
      await waitFor('the server answers on the port from .env', () => answers(port), {
        started: server,
        timeoutMs: 60_000,
      })
      assert.match(
        server.output.stdout,
        /Loaded the starter dataset: \d+ plants and varieties, \d+ links, [1-9]\d* pictures\./,
      )
    } finally {
      server.child.kill('SIGTERM')
    }
    const result = await server.finished
    assert.equal(result.code, 0, result.stderr)
    assert.doesNotMatch(result.stdout, /Server listening/, 'LOG_LEVEL=fatal from .env hides info lines')
    assert.equal(result.stderr, '')
  })
})
