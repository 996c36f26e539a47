// Pictures in Chromium: a member adds a photo of Tomato from its page ("Add a picture": the file, who may
// use it in plain words, who took it, a note); a file that is not a picture comes back with the message and
// what was typed; the photo then shows at the top of the plant page with its credit under it. A moderator
// removes it from the plant's Pictures page with a reason, and the plant page shows no picture, and no
// broken one. Screenshots at 1280 and 390 px wide go to test-results/<dialect>/.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { signUp } from '../../src/accounts/account.service.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { screenshot, structureProblems, useBrowser } from './browser.ts'
import { tomatoPhoto } from '../helpers/photos.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())
const browser = useBrowser()

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

/** The page at both widths: screenshots, labels and headings in order, nothing wider than a phone. */
async function lookAt(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, name)
  assert.deepEqual(await structureProblems(page), [], `${name}: labels and headings`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-phone`)
  await screenshot(page, `${name}-phone-top`, { fullPage: false })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert.ok(overflow <= 0, `${name} is ${overflow}px wider than a phone`)
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${t.baseUrl}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await waitForPath(page, '/account/keys')
}

/** Whether the picture `name` has arrived and been drawn (a broken image has no natural width). */
const drawn = (page: Page, name: string) =>
  page
    .getByRole('img', { name, exact: true })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)

describe('pictures in the browser', { timeout: 90_000 }, () => {
  it('a member adds a photo, sees it with its credit, and a moderator removes it', async (test) => {
    const tomato = await createPlant(t, {
      scientific_name: 'Solanum lycopersicum',
      name: 'Tomato',
      description: 'A tender perennial grown as an annual; it needs a long, warm season and support.',
      data: [
        { key: 'Light requirement', value: 'Full sun' },
        { key: 'Water requirement', value: 'Moist' },
        { key: 'Height', value: '1.5' },
      ],
    })
    const member = { email: `rosa.${process.pid}@example.org`, name: `Rosa Allotment ${process.pid}` }
    const moderator = { email: `iris.${process.pid}@example.org`, name: `Iris Moderator ${process.pid}` }
    const password = 'tomatoes-need-sun-2026'
    for (const person of [member, moderator])
      assert.deepEqual(await signUp(t.store, { ...person, password }), {})
    await t.store.db
      .updateTable('accounts')
      .set({ role: 'moderator' })
      .where('email', '=', moderator.email)
      .execute()

    // A plant without a picture shows none, and no broken one.
    const page = await browser.newPage(test)
    await page.goto(`${t.baseUrl}${tomato.link}`)
    assert.equal(await page.locator('img').count(), 0)

    // 1. The member adds a picture from the plant page.
    await logIn(page, member.email, password)
    await page.goto(`${t.baseUrl}${tomato.link}`)
    await page.getByRole('link', { name: 'Add a picture' }).click()
    await waitForPath(page, `${tomato.link}/pictures/new`)
    await page.getByRole('heading', { name: 'Add a picture of Tomato' }).waitFor()
    assert.equal(await page.getByLabel('Who took the photo?').inputValue(), member.name)
    await lookAt(page, 'picture-form')

    // A file that is not a picture: the form comes back with the message and what was typed.
    await page.getByLabel('The picture').setInputFiles({
      name: 'tomato.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('my sowing notes, saved with the wrong name'),
    })
    await page.getByLabel('CC BY-SA 4.0 — credit me, and share alike').check()
    await page.getByLabel('What does it show?').fill('Ripe fruit in August, on the allotment')
    await page.getByRole('button', { name: 'Add the picture' }).click()
    await page
      .getByText('The file is not a picture Hortus can read: send a JPEG, PNG or WebP image.')
      .waitFor()
    assert.ok(await page.getByLabel('CC BY-SA 4.0 — credit me, and share alike').isChecked())
    assert.equal(
      await page.getByLabel('What does it show?').inputValue(),
      'Ripe fruit in August, on the allotment',
    )
    await lookAt(page, 'picture-form-refused')

    await page.getByLabel('The picture').setInputFiles({
      name: 'tomato.jpg',
      mimeType: 'image/jpeg',
      buffer: await tomatoPhoto(),
    })
    await page.getByRole('button', { name: 'Add the picture' }).click()
    await waitForPath(page, tomato.link)

    // 2. The plant page shows it at the top, title size, with its credit right under it.
    await page.getByRole('img', { name: 'Photo of Tomato', exact: true }).waitFor()
    assert.ok(await drawn(page, 'Photo of Tomato'), 'the picture is drawn')
    const caption = page.locator('figure.plant-picture figcaption')
    assert.equal(await caption.innerText(), `Photo: ${member.name}, CC BY-SA 4.0`)
    assert.equal(
      await caption.getByRole('link', { name: 'CC BY-SA 4.0' }).getAttribute('href'),
      'https://creativecommons.org/licenses/by-sa/4.0/',
    )
    await lookAt(page, 'plant-with-picture')
    const [image] = (await t.request('GET', `/api/plants/${tomato.id}/images`)).body.images
    assert.equal(image.author, member.name)

    // 3. A moderator removes it from the Pictures page, with a reason.
    const second = await browser.newPage(test)
    await logIn(second, moderator.email, password)
    await second.goto(`${t.baseUrl}${tomato.link}`)
    await second.getByRole('link', { name: 'About this picture' }).click()
    await waitForPath(second, `${tomato.link}/pictures`)
    const card = second.locator(`#picture-${image.id}`)
    await card.getByText('Shown on the plant page').waitFor()
    await card.getByText(`Remove picture ${image.id}`).click()
    await lookAt(second, 'pictures-moderator')
    await card.getByLabel('Why remove it?').fill('Taken at a garden show: not the member’s photo')
    await card.getByRole('button', { name: 'Remove this picture' }).click()
    await second.getByText(`Picture ${image.id} is removed: its files are deleted.`).waitFor()
    await second.getByText('No pictures of Tomato yet.').waitFor()

    // 4. The plant page shows no picture, and no broken one; the history says what happened.
    await page.goto(`${t.baseUrl}${tomato.link}`)
    assert.equal(await page.locator('img').count(), 0)
    const history = page.locator('table.history tbody tr').first()
    assert.match(
      await history.innerText(),
      new RegExp(`Taken at a garden show[\\s\\S]*Removed picture ${image.id}[\\s\\S]*Shows no picture now`),
    )
  })
})
