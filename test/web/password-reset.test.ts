// "Forgot your password?" over real HTTP, with the mail caught by a real SMTP server on 127.0.0.1: the link
// arrives, works once within the hour, sets a password that ends every session, and the form says the same
// words whatever the address. Without mail, the page says how to reach the operator.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { MailCatcher } from '../helpers/mail-catcher.ts'
import { textOf, Visitor } from '../helpers/visitor.ts'
import { LINK_SENT } from '../../src/web/account/password-reset.tsx'

const PASSWORD = 'correct horse battery'
const RESET = /new password/
const NEW_PASSWORD = 'staple tomato trellis'

async function signUp(baseUrl: string, email: string): Promise<Visitor> {
  const visitor = new Visitor(baseUrl)
  await visitor.get('/signup')
  const name = `Gardener ${Math.random().toString(36).slice(2, 8)}`
  const signup = await visitor.post('/signup', { email, name, password: PASSWORD })
  assert.equal(signup.status, 303, textOf(signup.html))
  return visitor
}

async function logIn(visitor: Visitor, email: string, password: string): Promise<number> {
  await visitor.get('/login')
  return (await visitor.post('/login', { email, password })).status
}

const linkIn = (text: string): string => {
  const match = /(http:\/\/127\.0\.0\.1:\d+)(\/reset-password\?token=[\w-]+)/.exec(text)
  assert.ok(match, `no link in: ${text}`)
  return match[2]!
}

describe('password reset by mail', () => {
  let catcher: MailCatcher
  let t: TestApp
  before(async () => {
    catcher = await MailCatcher.start()
    t = await buildTestApp({
      config: { smtpUrl: catcher.url, mailFrom: 'Hortus <plants@example.org>' },
      mailTiming: { pollMs: 50, retrySeconds: 0.2 },
    })
  })
  after(async () => {
    await t.close()
    await catcher.close()
  })

  it('sends a link that sets a new password once, ends every session, and lets only the new one in', async () => {
    const email = 'forgetful@example.org'
    const visitor = await signUp(t.baseUrl, email)
    assert.equal(await logIn(visitor, email, PASSWORD), 303)
    const elsewhere = new Visitor(t.baseUrl)
    assert.equal(await logIn(elsewhere, email, PASSWORD), 303)

    const stranger = new Visitor(t.baseUrl)
    const login = await stranger.get('/login')
    assert.match(login.html, /<a href="\/forgot-password">Forgot your password\?<\/a>/)
    await stranger.get('/forgot-password')
    const asked = await stranger.post('/forgot-password', { email: 'Forgetful@Example.org ' })
    assert.equal(asked.status, 303)
    assert.equal(asked.location, '/forgot-password?sent=1')
    assert.ok(textOf((await stranger.get(asked.location)).html).includes(LINK_SENT))

    const mail = await catcher.waitFor(email, { subject: RESET })
    assert.equal(mail.from, '"Hortus" <plants@example.org>')
    assert.equal(mail.html, false, 'plain text only')
    assert.match(mail.subject, /Hortus/)
    assert.match(mail.text, /within an hour/)
    assert.match(mail.text, new RegExp(`Hortus, the community plant database at ${t.baseUrl}`))
    const link = linkIn(mail.text)

    const form = await stranger.get(link)
    assert.equal(form.status, 200)
    assert.equal(form.headers.get('cache-control'), 'no-store')
    const token = new URL(link, t.baseUrl).searchParams.get('token')!
    const short = await stranger.post('/reset-password', { token, password: 'short' })
    assert.equal(short.status, 422)
    assert.match(textOf(short.html), /The password needs/)
    const set = await stranger.post('/reset-password', { token, password: NEW_PASSWORD })
    assert.equal(set.status, 303)
    assert.equal(set.location, '/login?reset=1')

    // Every session of the account ended; the old password fails, the new one works.
    for (const session of [visitor, elsewhere]) {
      const keys = await session.get('/account/keys')
      assert.equal(keys.status, 303, 'logged out')
    }
    assert.equal(await logIn(new Visitor(t.baseUrl), email, PASSWORD), 401)
    assert.equal(await logIn(new Visitor(t.baseUrl), email, NEW_PASSWORD), 303)

    // The link worked once.
    const again = await new Visitor(t.baseUrl).get(link)
    assert.match(textOf(again.html), /This link no longer works/)
    const reused = await stranger.post('/reset-password', { token, password: 'another long password' })
    assert.equal(reused.status, 422)
    assert.equal(await logIn(new Visitor(t.baseUrl), email, 'another long password'), 401)
  })

  it('answers an address without an account with the same words, and sends nothing', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300)) // the last test's mails are all in
    const before = catcher.mails.length
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/forgot-password')
    const asked = await visitor.post('/forgot-password', { email: 'nobody@example.org' })
    assert.equal(asked.location, '/forgot-password?sent=1')
    await new Promise((resolve) => setTimeout(resolve, 500))
    assert.equal(catcher.mails.length, before)
  })

  it('sends one address at most three links an hour, and a refused mail is sent again', async () => {
    const email = 'impatient@example.org'
    await signUp(t.baseUrl, email)
    catcher.refuse(2)
    const visitor = new Visitor(t.baseUrl)
    for (let i = 0; i < 5; i++) {
      await visitor.get('/forgot-password')
      assert.equal((await visitor.post('/forgot-password', { email })).location, '/forgot-password?sent=1')
    }
    await catcher.waitFor(email, { after: 2, subject: RESET })
    await new Promise((resolve) => setTimeout(resolve, 800))
    assert.equal(catcher.to(email, RESET).length, 3)
    assert.ok(catcher.refused >= 2, `${catcher.refused} refused`)
  })
})

describe('password reset without mail', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ config: { contact: 'operator@example.org' } })
  })
  after(async () => t.close())

  it('says to ask the operator, and shows no form', async () => {
    const page = await new Visitor(t.baseUrl).get('/forgot-password')
    assert.equal(page.status, 200)
    assert.match(textOf(page.html), /This service sends no mail.*Ask the operator at operator@example.org/)
    assert.doesNotMatch(page.html, /action="\/forgot-password"/)
  })
})
