// Accounts on the website over real HTTP: sign-up, login and logout, what they tell (and do not tell)
// about an email, display names, CSRF, the per-address limit, and sessions any process can serve.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildApp } from '../../src/app.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { Visitor, textOf } from '../helpers/visitor.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())

let counter = 0
/** A new person's details; every call gives another email and display name. */
function person(prefix = 'gardener') {
  counter += 1
  const tag = `${process.pid}x${counter}`
  return { email: `${prefix}.${tag}@example.org`, name: `${prefix} ${tag}`, password: 'sow-and-reap-2026' }
}

/** Signs a new visitor up and logs them in; returns the visitor with its session. */
async function signedUp(details = person(), baseUrl = t.baseUrl) {
  const visitor = new Visitor(baseUrl)
  await visitor.get('/signup')
  const signUp = await visitor.post('/signup', details)
  assert.equal(signUp.status, 303, textOf(signUp.html))
  await visitor.get('/login')
  const login = await visitor.post('/login', { email: details.email, password: details.password })
  assert.equal(login.status, 303, textOf(login.html))
  return visitor
}

describe('sign up, log in, log out', () => {
  it('signs up, logs in to the keys page with a session cookie, and logs out', async () => {
    const details = person()
    const visitor = new Visitor(t.baseUrl)
    const form = await visitor.get('/signup')
    assert.equal(form.status, 200)
    for (const label of ['Email', 'Display name', 'Password'])
      assert.match(form.html, new RegExp(`<label for="[a-z]+">${label}</label>`))

    const signUp = await visitor.post('/signup', details)
    assert.equal(signUp.status, 303)
    assert.equal(signUp.location, '/login?welcome=1')
    assert.match(textOf((await visitor.get('/login?welcome=1')).html), /Log in with your email and password/)

    const login = await visitor.post('/login', {
      email: details.email.toUpperCase(),
      password: details.password,
    })
    assert.equal(login.status, 303)
    assert.equal(login.location, '/account/keys')
    const session = login.cookies.find((line) => line.startsWith('hortus_session='))
    assert.ok(session, 'a session cookie')
    assert.match(session, /HttpOnly/)
    assert.match(session, /SameSite=Lax/)
    assert.doesNotMatch(session, /Secure/, 'plain HTTP: a Secure cookie would never come back')

    const keys = await visitor.get('/account/keys')
    assert.equal(keys.status, 200)
    assert.ok(textOf(keys.html).includes(`Logged in as ${details.name}`))
    assert.ok(!keys.html.includes(details.email), 'the page never shows the email')

    const logout = await visitor.post('/logout')
    assert.equal(logout.status, 303)
    assert.equal(logout.location, '/')
    visitor.setCookie('hortus_session', session.split(';')[0]!.split('=')[1]!)
    const after = await visitor.get('/account/keys')
    assert.equal(after.status, 303, 'the old cookie no longer logs anyone in')
    assert.equal(after.location, '/login')
  })

  it('marks the session cookie Secure behind TLS, believing only a trusted proxy', async () => {
    const details = person()
    await signedUp(details)
    const viaProxy = async (baseUrl: string) => {
      const visitor = new Visitor(baseUrl, { 'x-forwarded-proto': 'https' })
      await visitor.get('/login')
      const login = await visitor.post('/login', { email: details.email, password: details.password })
      return login.cookies.find((line) => line.startsWith('hortus_session='))!
    }
    assert.doesNotMatch(await viaProxy(t.baseUrl), /Secure/, 'no proxy is trusted by default')
    const behindProxy = await buildApp({
      config: { keyBrand: 'service', keyCacheSeconds: 0, trustedProxies: ['127.0.0.1'] },
      store: t.store,
    })
    await behindProxy.listen({ port: 0, host: '127.0.0.1' })
    try {
      const port = (behindProxy.server.address() as { port: number }).port
      assert.match(await viaProxy(`http://127.0.0.1:${port}`), /; Secure/)
    } finally {
      await behindProxy.close()
    }
  })

  it('answers a sign-up with a registered email exactly as a new one, and changes nothing', async () => {
    const owner = person()
    await signedUp(owner)
    const intruder = new Visitor(t.baseUrl)
    await intruder.get('/signup')
    const again = await intruder.post('/signup', {
      ...person(),
      email: owner.email,
      password: 'taken-over-1234',
    })
    const fresh = await intruder.post('/signup', person())
    assert.deepEqual([again.status, again.location], [fresh.status, fresh.location])

    const login = async (password: string) => {
      const visitor = new Visitor(t.baseUrl)
      await visitor.get('/login')
      return (await visitor.post('/login', { email: owner.email, password })).status
    }
    assert.equal(await login(owner.password), 303, 'the owner still logs in')
    assert.equal(await login('taken-over-1234'), 401, 'the second sign-up set no password')
  })

  it('refuses a login with the same words for an unknown email and a wrong password', async () => {
    const known = person()
    await signedUp(known)
    const attempt = async (email: string, password: string) => {
      const visitor = new Visitor(t.baseUrl)
      await visitor.get('/login')
      const answer = await visitor.post('/login', { email, password })
      const words = textOf(answer.html).replace(email, '<email>')
      return { status: answer.status, words }
    }
    const wrongPassword = await attempt(known.email, 'not-the-password')
    const unknownEmail = await attempt(`nobody.${known.email}`, 'not-the-password')
    assert.equal(wrongPassword.status, 401)
    assert.deepEqual(wrongPassword, unknownEmail)
    assert.match(wrongPassword.words, /The email or the password is not right/)
  })

  it('shows each problem next to its field, keeps what was typed, never echoes the password', async () => {
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/signup')
    const answer = await visitor.post('/signup', { email: 'not-an-email', name: 'x', password: 'short' })
    assert.equal(answer.status, 422)
    const words = textOf(answer.html)
    assert.match(words, /The email is not an email address/)
    assert.match(words, /The display name at least two letters or digits|The display name needs/)
    assert.match(words, /The password needs at least 10 characters/)
    assert.ok(answer.html.includes('value="not-an-email"'))
    assert.ok(!answer.html.includes('value="short"'))
    assert.match(answer.html, /aria-invalid="true" aria-describedby="password-problem/)
  })

  it('refuses NUL and control characters in the form with a page, on both databases', async () => {
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/signup')
    const answer = await visitor.post('/signup', { ...person(), email: 'a\u0000b@example.org' })
    assert.equal(answer.status, 422)
    await visitor.get('/login')
    assert.equal((await visitor.post('/login', { email: '\u0000', password: 'x' })).status, 422)
    assert.equal((await visitor.get('/plants/%00')).status, 404)
    const keyholder = await signedUp()
    await keyholder.get('/account/keys')
    assert.equal((await keyholder.post('/account/keys/hk_%00/revoke')).status, 404)
    assert.equal((await keyholder.get('/account/keys?revoked=%00')).status, 400)
  })
})

describe('display names', () => {
  it('refuses names the system uses, in any disguise', async () => {
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/signup')
    for (const name of ['import', 'Import', 'I m p o r t', 'ｉｍｐｏｒｔ', 'Hortus!', 'member-3', 'Admin']) {
      const answer = await visitor.post('/signup', { ...person(), name })
      assert.equal(answer.status, 422, name)
      assert.match(textOf(answer.html), /is reserved/, name)
    }
  })

  it('is unique, whatever the case, accents or punctuation', async () => {
    const first = person()
    await signedUp({ ...first, name: `Anna Bäcker ${counter}` })
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/signup')
    for (const name of [`anna backer ${counter}`, `ANNA-BÄCKER-${counter}`]) {
      const answer = await visitor.post('/signup', { ...person(), name })
      assert.equal(answer.status, 422, name)
      assert.match(textOf(answer.html), /display name is taken/)
    }
  })

  it('is the author of the changes made with the account’s keys; the email appears nowhere', async () => {
    const details = person('author')
    const visitor = await signedUp(details)
    await visitor.get('/account/keys')
    const created = await visitor.post('/account/keys', { label: 'tests', terms: 'accepted' })
    const keyId = /id="new-key-id">([^<]+)</.exec(created.html)![1]!
    const secret = /id="new-key-secret">([^<]+)</.exec(created.html)![1]!
    const headers = { 'x-service-key-id': keyId, 'x-service-key-secret': secret }
    const response = await fetch(`${t.baseUrl}/api/plants`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'Plant',
        scientific_name: 'Allium ursinum',
        name: 'Ramsons',
        note: 'new',
      }),
    })
    assert.equal(response.status, 201)
    const plant = (await response.json()) as { id: number; link: string }
    const revisions = await fetch(`${t.baseUrl}/api/plants/${plant.id}/revisions`, { headers })
    const revisionsText = await revisions.text()
    assert.equal(JSON.parse(revisionsText).revisions[0].author, details.name)
    const page = await (await fetch(`${t.baseUrl}${plant.link}`)).text()
    assert.ok(textOf(page).includes(details.name))
    for (const shown of [revisionsText, page]) {
      assert.ok(!shown.includes(details.email) && !shown.includes(details.email.split('@')[0]!))
    }
  })
})

describe('forms are protected', () => {
  it('refuses a post without the CSRF token, or with another visitor’s', async () => {
    const mallory = new Visitor(t.baseUrl)
    await mallory.get('/signup')
    const victim = new Visitor(t.baseUrl)
    await victim.get('/signup')
    for (const token of ['', mallory.csrf]) {
      const answer = await victim.post('/signup', { ...person(), _csrf: token })
      assert.equal(answer.status, 403)
      assert.match(textOf(answer.html), /This form has expired or was not sent from this site/)
    }
  })

  it('limits sign-up and login attempts per address, before reading the form', async () => {
    const limited = await buildTestApp({ config: { authFailureLimitPerMinute: 3 } })
    try {
      const visitor = new Visitor(limited.baseUrl)
      await visitor.get('/login')
      for (let attempt = 1; attempt <= 3; attempt++) {
        const answer = await visitor.post('/login', { email: 'a@example.org', password: 'wrong-password' })
        assert.equal(answer.status, 401, `attempt ${attempt}`)
      }
      // No token, no fields: refused for the limit, not for the form, so nothing was parsed or hashed.
      const refused = await visitor.post('/login', { _csrf: '' })
      assert.equal(refused.status, 429)
      assert.ok(Number(refused.headers.get('retry-after')) > 0)
      assert.match(textOf(refused.html), /Too many attempts from your address/)
      const signUp = await visitor.post('/signup', person())
      assert.equal(signUp.status, 429, 'sign-up shares the limit')
      assert.equal((await visitor.get('/')).status, 200, 'pages are not limited')
      const forged = new Visitor(limited.baseUrl, { 'x-forwarded-for': '203.0.113.9' })
      await forged.get('/login')
      const evaded = await forged.post('/login', { email: 'a@example.org', password: 'wrong-password' })
      assert.equal(evaded.status, 429, 'X-Forwarded-For from an untrusted client changes nothing')
    } finally {
      await limited.close()
    }
  })
})

describe('sessions live in the database', () => {
  it('are served by another Hortus process over the same database', async () => {
    const other = await buildApp({ config: { keyBrand: 'service', keyCacheSeconds: 0 }, store: t.store })
    await other.listen({ port: 0, host: '127.0.0.1' })
    try {
      const address = other.server.address() as { port: number }
      const visitor = await signedUp()
      const elsewhere = new Visitor(`http://127.0.0.1:${address.port}`)
      elsewhere.setCookie('hortus_session', visitor.cookie('hortus_session')!)
      assert.equal((await elsewhere.get('/account/keys')).status, 200)
      await visitor.get('/account/keys')
      await visitor.post('/logout')
      assert.equal((await elsewhere.get('/account/keys')).status, 303, 'logged out everywhere')
    } finally {
      await other.close()
    }
  })

  it('store only a hash of the cookie’s token', async () => {
    const visitor = await signedUp()
    const token = visitor.cookie('hortus_session')!
    const rows = await t.store.db.selectFrom('sessions').select('token_hash').execute()
    assert.ok(rows.length > 0)
    assert.ok(rows.every((row) => row.token_hash !== token && !row.token_hash.includes(token)))
  })
})
