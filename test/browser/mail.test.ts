// Mail in Chromium, with a real SMTP server on 127.0.0.1 catching what Hortus sends: a member who forgot the
// password asks for a link, opens it from the mail, sets a new password and logs in with it while the old
// one fails; a new member confirms the address from the mail before the first edit. Screenshots go to
// test-results/<dialect>/mail-*.png.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { MailCatcher } from '../helpers/mail-catcher.ts'
import { createPlant } from '../helpers/factories.ts'
import { screenshot, structureProblems, useBrowser } from './browser.ts'

let catcher: MailCatcher
let t: TestApp
before(async () => {
  catcher = await MailCatcher.start()
  t = await buildTestApp({
    config: { smtpUrl: catcher.url, mailFrom: 'Hortus <plants@example.org>' },
    mailTiming: { pollMs: 50 },
  })
})
after(async () => {
  await t.close()
  await catcher.close()
})
const browser = useBrowser()

const PASSWORD = 'first long password'

async function signUp(page: Page, email: string, name: string): Promise<void> {
  await page.goto(`${t.baseUrl}/signup`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Display name').fill(name)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL((url) => url.pathname === '/login')
}

async function logIn(page: Page, email: string, password: string): Promise<string> {
  await page.goto(`${t.baseUrl}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForLoadState()
  return new URL(page.url()).pathname
}

const linkIn = (text: string, path: string): string => {
  const match = new RegExp(`${path}\\?token=[\\w-]+`).exec(text)
  assert.ok(match, `no ${path} link in: ${text}`)
  return `${t.baseUrl}${match[0]}`
}

describe('mail in the browser', { timeout: 60_000 }, () => {
  it('sets a new password from the mailed link; the old one then fails', async (test) => {
    const email = 'forgot@example.org'
    const page = await browser.newPage(test)
    await signUp(page, email, 'Forgetful Gardener')
    await catcher.waitFor(email) // the confirmation

    await page.goto(`${t.baseUrl}/login`)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await screenshot(page, 'mail-forgot')
    assert.deepEqual(await structureProblems(page), [])
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send me a link' }).click()
    assert.match(await page.getByRole('status').innerText(), /If an account has that address, a link/)

    const mail = await catcher.waitFor(email, { after: 1 })
    await page.goto(linkIn(mail.text, '/reset-password'))
    await screenshot(page, 'mail-reset')
    assert.deepEqual(await structureProblems(page), [])
    await page.getByLabel('New password').fill('second long password')
    await page.getByRole('button', { name: 'Set the new password' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    assert.match(await page.getByRole('status').innerText(), /Your new password is set/)

    assert.equal(await logIn(page, email, PASSWORD), '/login', 'the old password fails')
    assert.equal(await logIn(page, email, 'second long password'), '/account/keys')
  })

  it('confirms a new member’s address from the mail before the first edit', async (test) => {
    const plant = await createPlant(t, { scientific_name: 'Borago officinalis', name: 'Borage' })
    const email = 'newcomer@example.org'
    const page = await browser.newPage(test)
    await signUp(page, email, 'Keen Newcomer')
    const mail = await catcher.waitFor(email)
    assert.equal(await logIn(page, email, PASSWORD), '/account/keys')
    await screenshot(page, 'mail-unconfirmed')
    await assert.doesNotReject(page.getByRole('heading', { name: 'Confirm your email address' }).waitFor())

    // The edit is refused, saying what to do.
    await page.goto(`${t.baseUrl}${plant.link}/edit`)
    await page.getByLabel('Description', { exact: true }).fill('Blue flowers that bees visit all summer.')
    await page.getByLabel('What did you change, and where is it from?').fill('adding what I know')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForLoadState()
    assert.match(await page.locator('main').innerText(), /Confirm your email address first/)

    await page.goto(linkIn(mail.text, '/confirm-email'))
    assert.match(await page.locator('main').innerText(), /your address is confirmed/)
    await page.goto(`${t.baseUrl}${plant.link}/edit`)
    await page.getByLabel('Description', { exact: true }).fill('Blue flowers that bees visit all summer.')
    await page.getByLabel('What did you change, and where is it from?').fill('adding what I know')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL((url) => url.pathname === plant.link)
    assert.match(await page.locator('main').innerText(), /Blue flowers that bees visit/)
  })
})

describe('a watchlist in the browser', { timeout: 60_000 }, () => {
  it('watches Tomato, gets a mail when another member edits it, sees the change, and unsubscribes', async (test) => {
    const tomato = await createPlant(t, { scientific_name: 'Solanum lycopersicum', name: 'Tomato' })
    const email = 'watcher@example.org'
    const page = await browser.newPage(test)
    await signUp(page, email, 'Tomato Watcher')
    await page.goto(linkIn((await catcher.waitFor(email)).text, '/confirm-email'))
    await logIn(page, email, PASSWORD)

    await page.goto(`${t.baseUrl}${tomato.link}`)
    await page.getByRole('link', { name: 'Watch this plant' }).click()
    await page.getByRole('button', { name: 'Watch Tomato' }).click()
    await page.waitForURL((url) => url.pathname === tomato.link)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).click()
    await page.getByLabel('A mail when a watched plant changes (at most one per plant an hour)').check()
    await page.getByRole('button', { name: 'Save' }).click()
    assert.match(await page.getByRole('status').innerText(), /Saved/)

    const current = await t.request('GET', `/api/plants/${tomato.id}`)
    const edited = await t.request('PUT', `/api/plants/${tomato.id}`, {
      version: current.body.version,
      description: 'Red fruit on a climbing vine.',
      note: 'described from the seed packet',
    })
    assert.equal(edited.status, 200, edited.text)
    const mail = await catcher.waitFor(email, { subject: /Tomato was changed/ })

    await page.goto(`${t.baseUrl}/watchlist`)
    await screenshot(page, 'mail-watchlist')
    assert.deepEqual(await structureProblems(page), [])
    assert.match(await page.locator('main').innerText(), /described from the seed packet/)

    const visitor = await browser.newPage(test)
    await visitor.goto(linkIn(mail.text, '/watchlist/unsubscribe'))
    assert.match(
      await visitor.locator('main').innerText(),
      /You will get no more mails about your watched plants/,
    )
    await page.reload()
    assert.equal(await page.getByLabel('No mail: I look at this page').isChecked(), true)
  })
})
