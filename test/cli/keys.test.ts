import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { after, before, describe, it } from 'node:test'
import { buildApp } from '../../src/app.ts'
import type { Store } from '../../src/db/store.ts'
import { createTestDatabaseUrl, openTestStore } from '../helpers/test-database.ts'

const run = promisify(execFile)
let databaseUrl: string

const hortus = (...args: string[]) =>
  run('npm', ['run', '-s', 'hortus', '--', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  })

before(async () => {
  databaseUrl = await createTestDatabaseUrl()
})

describe('hortus keys', () => {
  let store: Store
  after(async () => store?.close())

  it('creates a key pair printed as exactly one JSON line, which then authenticates', async () => {
    const { stdout } = await hortus('keys', 'create', '--email', 'gardener@example.org', '--json')
    const lines = stdout.trim().split('\n')
    assert.equal(lines.length, 1)
    const pair = JSON.parse(lines[0]!) as { key_id: string; key_secret: string }
    assert.deepEqual(Object.keys(pair), ['key_id', 'key_secret'])

    store = await openTestStore(databaseUrl)
    const app = await buildApp({ config: { keyBrand: 'service', keyCacheSeconds: 0 }, store })
    const headers = { 'x-service-key-id': pair.key_id, 'x-service-key-secret': pair.key_secret }
    assert.equal((await app.inject({ method: 'GET', url: '/api/plants', headers })).statusCode, 200)

    const listed = await hortus('keys', 'list', '--json')
    const keys = JSON.parse(listed.stdout) as { key_id: string; email: string; last_four: string }[]
    assert.deepEqual(
      keys.map((k) => [k.key_id, k.email, k.last_four]),
      [[pair.key_id, 'gardener@example.org', pair.key_secret.slice(-4)]],
    )
    assert.ok(!listed.stdout.includes(pair.key_secret))

    const revoked = await hortus('keys', 'revoke', pair.key_id)
    assert.match(revoked.stdout, /revoked/)
    assert.equal((await app.inject({ method: 'GET', url: '/api/plants', headers })).statusCode, 401)
    await app.close()
  })

  it('fails with a usage message and exit code 2 for bad arguments', async () => {
    await assert.rejects(hortus('keys', 'create'), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 2)
      assert.match(error.stderr, /--email/)
      return true
    })
  })

  it('fails with exit code 1 when the key to revoke does not exist', async () => {
    await assert.rejects(hortus('keys', 'revoke', 'hk_nope'), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 1)
      assert.match(error.stderr, /No active key has id hk_nope/)
      return true
    })
  })
})
