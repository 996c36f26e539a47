// Where mail is sent, a new account confirms its address before its first edit: it reads, logs in and
// makes keys at once; an edit on the website or through the API is refused with what to do; the link in
// the mail (caught by a real SMTP server) or another one sent from the account page confirms it.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { MailCatcher } from '../helpers/mail-catcher.ts'
import { textOf, Visitor } from '../helpers/visitor.ts'

const PASSWORD = 'correct horse battery'

describe('confirming a new account’s address', () => {
  let catcher: MailCatcher
  let t: TestApp
  before(async () => {
    catcher = await MailCatcher.start()
    t = await buildTestApp({
      config: { smtpUrl: catcher.url, mailFrom: 'plants@example.org' },
      mailTiming: { pollMs: 50 },
    })
  })
  after(async () => {
    await t.close()
    await catcher.close()
  })

  it('refuses the first edit until the address is confirmed, then allows it', async () => {
    const email = 'new.gardener@example.org'
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/signup')
    assert.equal(
      (await visitor.post('/signup', { email, name: 'New Gardener', password: PASSWORD })).status,
      303,
    )
    const mail = await catcher.waitFor(email)
    assert.equal(mail.subject, 'Confirm your address for Hortus')
    const link = /\/confirm-email\?token=[\w-]+/.exec(mail.text)?.[0]
    assert.ok(link, mail.text)

    await visitor.get('/login')
    assert.equal((await visitor.post('/login', { email, password: PASSWORD })).status, 303)
    const account = await visitor.get('/account/keys')
    assert.match(textOf(account.html), /Confirm your email address Before you edit plants/)

    // Keys work for reading; a write through the API is refused with what to do.
    const created = await visitor.post('/account/keys', { label: 'planner', terms: 'accepted' })
    assert.equal(created.status, 201)
    const keyId = /hk_[0-9a-f]+/.exec(created.html)![0]
    const secret = /x-service-key-secret: ([\w-]+)/.exec(textOf(created.html))![1]!
    const headers = {
      'x-service-key-id': keyId,
      'x-service-key-secret': secret,
      'content-type': 'application/json',
    }
    const write = () =>
      fetch(`${t.baseUrl}/api/plants`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          scientific_name: 'Borago officinalis',
          name: `Borage ${Math.random()}`,
          type: 'Plant',
          note: 'from my garden',
        }),
      })
    const refused = await write()
    assert.equal(refused.status, 403)
    const body = (await refused.json()) as { error: string; msg: string }
    assert.equal(body.error, 'forbidden')
    assert.match(body.msg, /Confirm your email address first/)
    assert.equal((await fetch(`${t.baseUrl}/api/plants?per_page=1`, { headers })).status, 200)

    // On the website too, with the way out in words.
    await visitor.get('/plants/new')
    const page = await visitor.post('/plants/new', {
      scientific_name: 'Borago officinalis',
      name: 'Borage',
      type: 'Plant',
    })
    assert.equal(page.status, 403)
    assert.match(textOf(page.html), /Confirm your email address first/)

    // Another link on request; either confirms.
    const resent = await visitor.post('/account/confirm')
    assert.equal(resent.location, '/account/keys?confirm=sent')
    const second = await catcher.waitFor(email, { after: 1 })
    assert.match(second.text, /\/confirm-email\?token=/)
    const confirmed = await visitor.get(link)
    assert.equal(confirmed.status, 200)
    assert.match(textOf(confirmed.html), /your address is confirmed/)
    assert.doesNotMatch(textOf((await visitor.get('/account/keys')).html), /Confirm your email address/)
    assert.equal((await write()).status, 201)

    // The link is spent: the other one, too.
    const spent = await visitor.get(/\/confirm-email\?token=[\w-]+/.exec(second.text)![0])
    assert.equal(spent.status, 404)
  })

  it('lets an account the operator made with the CLI edit at once', async () => {
    const response = await t.request('POST', '/api/plants', {
      scientific_name: 'Calendula officinalis',
      name: 'Pot marigold',
      type: 'Plant',
      note: 'from my garden',
    })
    assert.equal(response.status, 201, response.text)
  })
})
