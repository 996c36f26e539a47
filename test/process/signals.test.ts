// `npm start` stops when it is told to: SIGTERM (a process manager, `docker stop`) or SIGINT (Ctrl-C)
// sent to npm's process reaches the server, which stops answering, and no process is left behind.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createTestDatabaseUrl, TEST_DIALECT } from '../helpers/test-database.ts'
import { answers, freePort, groupAlive, hortusEnv, killGroup, start, waitFor } from '../helpers/processes.ts'

async function stopsOn(signal: NodeJS.Signals, env: Record<string, string> = {}): Promise<void> {
  const port = await freePort()
  // npm leads a process group of its own: whatever it started is in that group, and nothing else is.
  const npm = start('npm', ['start'], {
    detached: true,
    env: hortusEnv({ PORT: String(port), DATABASE_URL: await createTestDatabaseUrl(), ...env }),
  })
  const group = npm.child.pid!
  try {
    await waitFor('the server answers', () => answers(port), { started: npm, timeoutMs: 60_000 })
    npm.child.kill(signal)
    const finished = await Promise.race([
      npm.finished,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`npm still runs 15 s after ${signal}`)), 15_000).unref(),
      ),
    ])
    assert.equal(await answers(port), false, `the server still answers after npm ended (${finished.code})`)
    await waitFor('no process of npm start is left', () => !groupAlive(group), { timeoutMs: 10_000 })
    assert.doesNotMatch(npm.output.stdout + npm.output.stderr, /^\s+at /m, 'no stack trace')
  } finally {
    killGroup(group)
  }
}

describe('npm start and signals', () => {
  it('stops on SIGTERM sent to npm', () => stopsOn('SIGTERM'))
  it('stops on SIGINT sent to npm', () => stopsOn('SIGINT'))

  if (TEST_DIALECT === 'postgres') {
    it('stops with its workers on SIGTERM (HORTUS_WORKERS=2)', () =>
      stopsOn('SIGTERM', { HORTUS_WORKERS: '2' }))
  }
})
