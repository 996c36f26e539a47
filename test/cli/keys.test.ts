import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { after, before, describe, it } from 'node:test'
import { once } from 'node:events'
import { buildApp } from '../../src/app.ts'
import { logIn } from '../../src/accounts/account.service.ts'
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

  it('marks a key for commercial use (approve-commercial), shown in keys list', async () => {
    const { stdout } = await hortus('keys', 'create', '--email', 'shop@example.org', '--json')
    const pair = JSON.parse(stdout) as { key_id: string }
    const approved = await hortus('keys', 'approve-commercial', pair.key_id)
    assert.match(approved.stdout, /may now be used commercially/)
    const listed = await hortus('keys', 'list', '--email', 'shop@example.org')
    assert.match(listed.stdout, /active, commercial/)
    await assert.rejects(hortus('keys', 'approve-commercial', 'hk_nope'), /No active key has id hk_nope/)
  })

  it('names a CLI account member-<id> unless --name is given; never after its email', async () => {
    await hortus('keys', 'create', '--email', 'import@evil.example', '--json')
    await hortus('keys', 'create', '--email', 'rosa@example.org', '--name', 'Rosa Gallica', '--json')
    const reader = await openTestStore(databaseUrl)
    try {
      const rows = await reader.db.selectFrom('accounts').select(['email', 'name']).orderBy('id').execute()
      const names = new Map(rows.map((row) => [row.email, row.name]))
      assert.match(names.get('import@evil.example')!, /^member-\d+$/)
      assert.equal(names.get('rosa@example.org'), 'Rosa Gallica')
    } finally {
      await reader.close()
    }
    await assert.rejects(
      hortus('keys', 'create', '--email', 'other@example.org', '--name', 'Import'),
      /is reserved/,
    )
  })
})

describe('hortus accounts set-password', () => {
  it('lets an account made with the CLI log in on the website, with the password read from stdin', async () => {
    await hortus('keys', 'create', '--email', 'fern@example.org', '--json')
    const setPassword = async (email: string, input: string) => {
      const child = spawn('npm', ['run', '-s', 'hortus', '--', 'accounts', 'set-password', email], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        timeout: 60_000,
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.stdin.end(input)
      const [code] = (await once(child, 'close')) as [number]
      return { code, stderr }
    }
    assert.equal((await setPassword('fern@example.org', 'a-new-password-123\n')).code, 0)
    const unknown = await setPassword('nobody@example.org', 'whatever-password\n')
    assert.equal(unknown.code, 1)
    assert.match(unknown.stderr, /No account has email nobody@example.org/)
    const short = await setPassword('fern@example.org', 'short\n')
    assert.equal(short.code, 1)
    assert.match(short.stderr, /at least 10 characters/)

    const store = await openTestStore(databaseUrl)
    try {
      assert.ok(await logIn(store, 'fern@example.org', 'a-new-password-123'))
      assert.equal(await logIn(store, 'fern@example.org', 'another-password'), null)
    } finally {
      await store.close()
    }
  })
})
