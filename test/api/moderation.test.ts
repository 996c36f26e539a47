// Moderation as the API and the command line see it: roles, blocks (a blocked account's keys get 403 in
// every process), hidden notes, patrol, the moderation log, and the new-account write limit.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'
import { createKeyPair } from '../../src/accounts/api-keys.ts'
import { createTestDatabaseUrl, createTestKey, openTestStore } from '../helpers/test-database.ts'
import { hortus } from '../helpers/processes.ts'
import { startServer, type ChildServer } from '../reliability/child-server.ts'
import { Visitor } from '../helpers/visitor.ts'
import {
  COMMAND_LINE,
  blockAccount,
  hideNote,
  moderationLog,
  patrolRevision,
  setRole,
} from '../../src/moderation/moderation.service.ts'
import { HIDDEN_NOTE } from '../../src/revisions/revision.service.ts'

const NEW_ACCOUNT_WRITES = 3
let t: TestApp
before(async () => (t = await buildTestApp({ config: { newAccountWritesPerDay: NEW_ACCOUNT_WRITES } })))
after(async () => t.close())

/** A client with the key of a new account. */
async function newMember(name: string) {
  const key = await createKeyPair(t.store, `${name}@example.org`, '', name)
  const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
  return {
    key,
    request: (method: string, path: string, body?: unknown) => t.request(method, path, body, headers),
  }
}

/** Ages an account by `days`, as if it had been made that long ago. */
async function ageAccount(email: string, days: number) {
  const created = new Date(Date.now() - days * 86_400_000).toISOString()
  await t.store.db.updateTable('accounts').set({ created_at: created }).where('email', '=', email).execute()
}

describe('the new-account write limit', () => {
  it('lets an account younger than a day make 3 creates, updates and link changes, then answers 429', async () => {
    const member = await newMember('newcomer')
    const [a, b] = [await createPlant(member), await createPlant(member)]
    await link(member, a.id, b.id)
    const refused = await member.request('PUT', `/api/plants/${a.id}`, {
      version: 2,
      note: 'one too many',
      description: 'x',
    })
    assertError(refused, 429, 'too many requests', ['at most 3 changes on its first day'])
    const retryAfter = Number(refused.headers.get('retry-after'))
    assert.ok(retryAfter > 86_000 && retryAfter <= 86_400, `Retry-After ${retryAfter}`)
    // Reads are not writes.
    assert.equal((await member.request('GET', `/api/plants/${a.id}`)).status, 200)
    assert.equal((await member.request('POST', '/api/search', { q: 'test' })).status, 200)
  })

  it('does not limit an account older than a day', async () => {
    const member = await newMember('oldtimer')
    await ageAccount('oldtimer@example.org', 2)
    for (let i = 0; i < NEW_ACCOUNT_WRITES + 2; i++) await createPlant(member)
  })
})

describe('blocks', () => {
  it('refuses a blocked account\u2019s key with 403 in every process, keeps its edits, and can lift it', async () => {
    const url = await createTestDatabaseUrl()
    const key = await createTestKey(url, 'vandal@example.org', 'vandal')
    const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
    const servers: ChildServer[] = []
    try {
      for (let i = 0; i < 2; i++) servers.push(await startServer(url, { HORTUS_KEY_CACHE_SECONDS: '1' }))
      const created = await servers[0]!.send({
        method: 'POST',
        path: '/api/plants',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ scientific_name: 'Vandalus', name: 'Spam', note: 'spam' }),
      })
      assert.equal(created.status, 201, created.text)
      for (const server of servers)
        assert.equal((await server.send({ path: '/api/plants', headers })).status, 200)

      const blocked = await hortus(['accounts', 'block', 'vandal@example.org', '--reason', 'spam'], {
        DATABASE_URL: url,
      })
      assert.equal(blocked.code, 0, blocked.stderr)
      assert.match(blocked.stdout, /vandal@example.org is blocked/)
      // Each process asks the database again once its cached verification is a second old.
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      for (const server of servers) {
        const answer = await server.send({ path: '/api/plants', headers })
        assert.equal(answer.status, 403, answer.text)
        assert.deepEqual(Object.keys(JSON.parse(answer.text) as object).sort(), ['error', 'msg'])
        assert.equal((JSON.parse(answer.text) as { error: string }).error, 'account blocked')
      }
      // The edits stay.
      const store = await openTestStore(url)
      try {
        const plants = await store.db.selectFrom('plants').select('name').execute()
        assert.deepEqual(
          plants.map((p) => p.name),
          ['Spam'],
        )
        const log = await moderationLog(store, {}, COMMAND_LINE)
        assert.deepEqual(
          log.entries.map(({ moderator, action, target, reason }) => ({ moderator, action, target, reason })),
          [{ moderator: 'operator (command line)', action: 'block', target: 'vandal', reason: 'spam' }],
        )
      } finally {
        await store.close()
      }

      assert.equal(
        (await hortus(['accounts', 'unblock', 'vandal@example.org'], { DATABASE_URL: url })).code,
        0,
      )
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      assert.equal((await servers[1]!.send({ path: '/api/plants', headers })).status, 200)
    } finally {
      for (const server of servers) await server.stop()
    }
  })

  it('logs a blocked member out of the website and refuses its login, saying why', async () => {
    const visitor = new Visitor(t.baseUrl)
    const person = { email: 'troll@example.org', name: 'Troll', password: 'a long enough password' }
    await visitor.get('/signup')
    await visitor.post('/signup', person)
    await visitor.get('/login')
    assert.equal((await visitor.post('/login', person)).status, 303)
    assert.equal((await visitor.get('/account/keys')).status, 200)
    await blockAccount(t.store, { name: 'Troll' }, 'insults', COMMAND_LINE)
    const after = await visitor.get('/account/keys')
    assert.equal(after.status, 303)
    assert.equal(after.location, '/login')
    await visitor.get('/login')
    const refused = await visitor.post('/login', person)
    assert.equal(refused.status, 403)
    assert.match(refused.html, /This account is blocked \(insults\)/)
    // A wrong password says nothing about the block.
    const wrong = await visitor.post('/login', { ...person, password: 'not the password at all' })
    assert.doesNotMatch(wrong.html, /blocked/)
  })

  it('needs a reason and an existing account on the command line', async () => {
    const env = { DATABASE_URL: await createTestDatabaseUrl() }
    const noReason = await hortus(['accounts', 'block', 'x@example.org'], env)
    assert.equal(noReason.code, 2)
    assert.match(noReason.stderr, /--reason/)
    const nobody = await hortus(['accounts', 'block', 'nobody@example.org', '--reason', 'x'], env)
    assert.equal(nobody.code, 1)
    assert.match(nobody.stderr, /nobody@example.org/)
    const badRole = await hortus(['accounts', 'role', 'x@example.org', 'admin'], env)
    assert.equal(badRole.code, 2)
    assert.match(badRole.stderr, /member, moderator, operator/)
  })
})

describe('roles, hidden notes and patrol', () => {
  it('sets roles from the command line, and only a moderator hides notes and patrols', async () => {
    const url = await createTestDatabaseUrl()
    await createTestKey(url, 'mod@example.org', 'Mod')
    const made = await hortus(['accounts', 'role', 'mod@example.org', 'moderator'], { DATABASE_URL: url })
    assert.equal(made.code, 0, made.stderr)
    assert.match(made.stdout, /mod@example.org is now a moderator/)
    const store = await openTestStore(url)
    try {
      const row = await store.db.selectFrom('accounts').select('role').executeTakeFirstOrThrow()
      assert.equal(row.role, 'moderator')
      const member = { id: 999, name: 'someone', role: 'member' as const }
      await assert.rejects(
        setRole(store, { email: 'mod@example.org' }, 'operator', member),
        /Only a operator/,
      )
    } finally {
      await store.close()
    }
  })

  it('hides a note from the API\u2019s history and feed, and logs who did it and why', async () => {
    const plant = await createPlant(t, { note: 'you are all idiots' })
    const moderator = { id: 1, name: 'Mod', role: 'moderator' as const }
    const member = { id: 2, name: 'Someone', role: 'member' as const }
    await assert.rejects(hideNote(t.store, plant.id, 1, true, 'abuse', member), /Only a moderator/)
    await assert.rejects(hideNote(t.store, plant.id, 1, true, ' ', moderator), /Give a reason/)
    await hideNote(t.store, plant.id, 1, true, 'abusive note', moderator)
    const history = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    assert.equal(history.body.revisions[0].note, HIDDEN_NOTE)
    assert.deepEqual(Object.keys(history.body.revisions[0]).sort(), [
      'author',
      'changes',
      'created_at',
      'note',
      'version',
    ])
    const feed = await t.request('GET', '/api/changes?limit=1000')
    const change = feed.body.changes.find((c: { plant_id: number }) => c.plant_id === plant.id)
    assert.equal(change.note, HIDDEN_NOTE)
    await patrolRevision(t.store, plant.id, 1, moderator)
    await assert.rejects(patrolRevision(t.store, plant.id, 9, moderator), /Version 9/)
    const log = await moderationLog(t.store, {}, moderator)
    assert.deepEqual(
      log.entries
        .slice(0, 2)
        .map(({ moderator: by, action, target, reason }) => [by, action, target, reason]),
      [
        ['Mod', 'patrol', `plant ${plant.id} version 1`, ''],
        ['Mod', 'hide note', `plant ${plant.id} version 1`, 'abusive note'],
      ],
    )
    await assert.rejects(moderationLog(t.store, {}, member), /Only a moderator/)
  })
})
