// "My API keys" over real HTTP: create with the terms (the secret shown once), list, use, revoke (refused
// at once here, within the key cache elsewhere), and the operator's commercial mark.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp } from '../../src/app.ts'
import { approveCommercialUse } from '../../src/accounts/api-keys.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { Visitor, textOf } from '../helpers/visitor.ts'

let t: TestApp
before(async () => {
  // A long key cache: revoking must not wait for it in the process that revoked.
  t = await buildTestApp({ config: { keyCacheSeconds: 60, contact: 'keys@hortus.example' } })
})
after(async () => t.close())

let people = 0
async function loggedIn(): Promise<Visitor> {
  people += 1
  const details = {
    email: `keyholder${people}.${process.pid}@example.org`,
    name: `Keyholder ${people} ${process.pid}`,
    password: 'plant-more-trees',
  }
  const visitor = new Visitor(t.baseUrl)
  await visitor.get('/signup')
  await visitor.post('/signup', details)
  await visitor.get('/login')
  assert.equal((await visitor.post('/login', details)).status, 303)
  await visitor.get('/account/keys')
  return visitor
}

async function createKey(visitor: Visitor, label: string) {
  const page = await visitor.post('/account/keys', { label, terms: 'accepted' })
  assert.equal(page.status, 201, textOf(page.html))
  const keyId = /id="new-key-id">([^<]+)</.exec(page.html)![1]!
  const secret = /id="new-key-secret">([^<]+)</.exec(page.html)![1]!
  return { page, keyId, secret }
}

const useKey = async (baseUrl: string, keyId: string, secret: string) =>
  (
    await fetch(`${baseUrl}/api/plants?per_page=1`, {
      headers: { 'x-service-key-id': keyId, 'x-service-key-secret': secret },
    })
  ).status

describe('My API keys', () => {
  it('is for logged-in people only', async () => {
    const visitor = new Visitor(t.baseUrl)
    const page = await visitor.get('/account/keys')
    assert.equal(page.status, 303)
    assert.equal(page.location, '/login')
  })

  it('creates a key only with the non-commercial terms accepted', async () => {
    const visitor = await loggedIn()
    const refused = await visitor.post('/account/keys', { label: 'no terms' })
    assert.equal(refused.status, 422)
    assert.match(textOf(refused.html), /A key needs the non-commercial terms accepted/)
    assert.match(textOf(refused.html), /You have no keys yet/)
    assert.match(refused.html, /<input id="terms" name="terms" type="checkbox"[^>]*>\s*<label for="terms">/)
  })

  it('shows the secret once, with header lines and a curl example, and the key works', async () => {
    const visitor = await loggedIn()
    const { page, keyId, secret } = await createKey(visitor, 'garden planner')
    assert.equal(page.headers.get('cache-control'), 'no-store')
    const words = textOf(page.html)
    assert.match(words, /shown only this once/)
    assert.ok(words.includes(`x-service-key-id: ${keyId} x-service-key-secret: ${secret}`), 'header lines')
    assert.ok(
      words.includes(
        `curl -H 'x-service-key-id: ${keyId}' \\ -H 'x-service-key-secret: ${secret}' \\ '${t.baseUrl}/api/plants?per_page=5'`,
      ),
      'curl example',
    )
    assert.equal(await useKey(t.baseUrl, keyId, secret), 200)

    const again = await visitor.get('/account/keys')
    assert.ok(!again.html.includes(secret), 'never shown again')
    const row = textOf(/<tr>\s*<td>\s*<code>hk_[\s\S]*?<\/tr>/.exec(again.html)![0])
    assert.match(row, new RegExp(`^${keyId} garden planner \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`))
    assert.ok(row.includes(`…${secret.slice(-4)}`), 'last four of the secret')
    assert.ok(!row.includes('never'), `last used is recorded: ${row}`)
    assert.match(row, /Non-commercial/)
  })

  it('revokes a key: refused on the next request here, and elsewhere once its cache entry expires', async () => {
    const elsewhere = await buildApp({ config: { keyBrand: 'service', keyCacheSeconds: 1 }, store: t.store })
    await elsewhere.listen({ port: 0, host: '127.0.0.1' })
    try {
      const elsewhereUrl = `http://127.0.0.1:${(elsewhere.server.address() as { port: number }).port}`
      const visitor = await loggedIn()
      const { keyId, secret } = await createKey(visitor, 'to revoke')
      assert.equal(await useKey(t.baseUrl, keyId, secret), 200, 'cached here for 60 s')
      assert.equal(await useKey(elsewhereUrl, keyId, secret), 200, 'cached elsewhere for 1 s')

      await visitor.get('/account/keys')
      const revoked = await visitor.post(`/account/keys/${keyId}/revoke`)
      assert.equal(revoked.status, 303)
      assert.equal(await useKey(t.baseUrl, keyId, secret), 401, 'refused at once where it was revoked')
      const page = await visitor.get(revoked.location!)
      assert.ok(textOf(page.html).includes(`Key ${keyId} is revoked`))
      assert.match(textOf(page.html), /Revoked \d{4}-\d\d-\d\d/)

      await sleep(1_100)
      assert.equal(await useKey(elsewhereUrl, keyId, secret), 401, 'refused elsewhere after the cache time')
    } finally {
      await elsewhere.close()
    }
  })

  it('does not let one account revoke another’s key', async () => {
    const owner = await loggedIn()
    const { keyId, secret } = await createKey(owner, 'mine')
    const other = await loggedIn()
    const answer = await other.post(`/account/keys/${keyId}/revoke`)
    assert.equal(answer.status, 404)
    assert.equal(await useKey(t.baseUrl, keyId, secret), 200)
  })

  it('shows the operator’s commercial mark, and how to ask for it', async () => {
    const visitor = await loggedIn()
    const { keyId } = await createKey(visitor, 'shop')
    const before = textOf((await visitor.get('/account/keys')).html)
    assert.match(before, /Commercial use .* agree terms with the operator/)
    assert.match(before, /Ask the operator at keys@hortus\.example ?, naming your key id/)
    assert.ok(await approveCommercialUse(t.store, keyId))
    const after = textOf((await visitor.get('/account/keys')).html)
    assert.match(after, /Approved for commercial use/)
  })
})
