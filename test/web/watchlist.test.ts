// Watchlists over real HTTP, with the mails caught by a real SMTP server on 127.0.0.1: a member watches a
// plant from its page, another member changes it, the first gets one mail (at most one per plant an hour)
// and sees the change on /watchlist; the member's own edits never notify them; the one-click unsubscribe
// link works without a login; a daily digest lists the day's changes.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createKeyPair } from '../../src/accounts/api-keys.ts'
import { createPlant } from '../helpers/factories.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { MailCatcher } from '../helpers/mail-catcher.ts'
import { textOf, Visitor } from '../helpers/visitor.ts'

const PASSWORD = 'correct horse battery'

let catcher: MailCatcher
let t: TestApp
before(async () => {
  catcher = await MailCatcher.start()
  t = await buildTestApp({
    config: { smtpUrl: catcher.url, mailFrom: 'plants@example.org' },
    mailTiming: { pollMs: 50 },
    watchTiming: { pollMs: 50, digestSeconds: 2 },
  })
})
after(async () => {
  await t.close()
  await catcher.close()
})

/** A member who signed up on the website and confirmed the address from the mail, logged in. */
async function member(email: string, name: string): Promise<Visitor> {
  const visitor = new Visitor(t.baseUrl)
  await visitor.get('/signup')
  await visitor.post('/signup', { email, name, password: PASSWORD })
  const mail = await catcher.waitFor(email, { subject: /Confirm/ })
  await visitor.get(/\/confirm-email\?token=[\w-]+/.exec(mail.text)![0])
  await visitor.get('/login')
  assert.equal((await visitor.post('/login', { email, password: PASSWORD })).status, 303)
  return visitor
}

async function edit(key: { key_id: string; key_secret: string }, id: number, description: string) {
  const current = await t.request('GET', `/api/plants/${id}`)
  const response = await fetch(`${t.baseUrl}/api/plants/${id}`, {
    method: 'PUT',
    headers: {
      'x-service-key-id': key.key_id,
      'x-service-key-secret': key.key_secret,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ version: current.body.version, description, note: `described: ${description}` }),
  })
  assert.equal(response.status, 200, await response.text())
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 600))

describe('a watchlist', () => {
  it('mails a watcher once an hour per plant when others change it, never for their own edits', async () => {
    const tomato = await createPlant(t, { scientific_name: 'Solanum lycopersicum', name: 'Tomato' })
    const email = 'watcher@example.org'
    const watcher = await member(email, 'Tomato Watcher')

    const plantPage = await watcher.get(tomato.link)
    assert.match(textOf(plantPage.html), /Watch this plant/)
    const watchPage = await watcher.get(`${tomato.link}/watch`)
    assert.match(textOf(watchPage.html), /Watch Tomato\?/)
    assert.equal((await watcher.post(`${tomato.link}/watch`, { watch: 'on' })).location, tomato.link)
    assert.match(textOf((await watcher.get(tomato.link)).html), /Watching: stop/)
    assert.equal((await watcher.post('/watchlist/mail', { mail: 'instant' })).location, '/watchlist?saved=1')

    // The member's own edit: listed, never mailed.
    const own = await createKeyPair(t.store, email, 'own')
    await edit(own, tomato.id, 'my own words')
    await quiet()
    assert.equal(catcher.to(email, /was changed/).length, 0)

    // Another member's edit: one mail, with the diff and the one-click unsubscribe link.
    const other = await createKeyPair(t.store, 'other@example.org', 'other', 'Other Gardener')
    await edit(other, tomato.id, 'red fruit on a vine')
    const mail = await catcher.waitFor(email, { subject: /Tomato was changed on Hortus/ })
    assert.match(
      mail.text,
      /Tomato, on your watchlist, was changed by Other Gardener: "described: red fruit on a vine"/,
    )
    assert.match(mail.text, new RegExp(`See what changed: ${t.baseUrl}${tomato.link}/diff\\?to=3`))
    assert.match(mail.text, /You get this mail because you watch Tomato/)
    const unsubscribe = /\/watchlist\/unsubscribe\?token=[\w-]+/.exec(mail.text)![0]

    // A second change within the hour: no second mail; both are on the watchlist page.
    await edit(other, tomato.id, 'red fruit, tall vine')
    await quiet()
    assert.equal(catcher.to(email, /was changed/).length, 1)
    const list = textOf((await watcher.get('/watchlist')).html)
    assert.match(list, /Watched plants \(1\) Tomato/)
    assert.match(
      list,
      /described: red fruit, tall vine.*described: red fruit on a vine.*described: my own words/,
    )

    // One click, no login.
    const stopped = await new Visitor(t.baseUrl).get(unsubscribe)
    assert.equal(stopped.status, 200)
    assert.match(textOf(stopped.html), /You will get no more mails about your watched plants/)
    assert.match((await watcher.get('/watchlist')).html, /id="mail-none" name="mail" value="none" checked/)
    const basil = await createPlant(t, { scientific_name: 'Ocimum basilicum', name: 'Basil' })
    await watcher.post(`${basil.link}/watch`, { watch: 'on' })
    await edit(other, basil.id, 'fragrant leaves')
    await quiet()
    assert.equal(catcher.to(email, /was changed/).length, 1)
    assert.equal((await new Visitor(t.baseUrl).get('/watchlist/unsubscribe?token=nonsense')).status, 404)
  })

  it('sends a daily digest of the changes, when there are any', async () => {
    const mint = await createPlant(t, { scientific_name: 'Mentha spicata', name: 'Spearmint' })
    const email = 'digest@example.org'
    const reader = await member(email, 'Digest Reader')
    await reader.post(`${mint.link}/watch`, { watch: 'on' })
    await reader.post('/watchlist/mail', { mail: 'daily' })
    const other = await createKeyPair(t.store, 'third@example.org', 'third', 'Third Gardener')
    await edit(other, mint.id, 'spreads by runners')
    const digest = await catcher.waitFor(email, { subject: /Changes to your watched plants/ })
    assert.match(digest.text, /- Spearmint, version 2, by Third Gardener: "described: spreads by runners"/)
    assert.match(digest.text, /daily digest/)
    assert.match(digest.text, /\/watchlist\/unsubscribe\?token=/)
    // No change since: no empty digest.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    assert.equal(catcher.to(email, /Changes to your watched plants/).length, 1)
  })

  it('asks a visitor to log in first', async () => {
    const page = await new Visitor(t.baseUrl).get('/watchlist')
    assert.equal(page.status, 303)
    assert.match(page.location ?? '', /^\/login\?next=/)
  })
})
