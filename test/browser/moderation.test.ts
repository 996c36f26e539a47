// A moderator's story in Chromium: a new member vandalises a plant through the API; the moderator logs in,
// finds the edit in Recent changes (highlighted, "new contributor"), opens its diff, restores the version
// before with a note, and blocks the account from its contributions page; the member's key then gets 403
// from the API. Screenshots of each page at 1280 and 390 px go to test-results/<dialect>/.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { signUp } from '../../src/accounts/account.service.ts'
import { createKeyPair } from '../../src/accounts/api-keys.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { screenshot, structureProblems, useBrowser } from './browser.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())
const browser = useBrowser()

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

/** The page at both widths: a screenshot of each, labels and headings in order, nothing wider than a phone. */
async function lookAt(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, name)
  assert.deepEqual(await structureProblems(page), [], `${name}: labels and headings`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-phone`)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert.ok(overflow <= 0, `${name} is ${overflow}px wider than a phone`)
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** What `fetch` in the page gets from GET /api/plants with this key. */
const apiStatus = (page: Page, keyId: string, secret: string) =>
  page.evaluate(
    async ([id, key]) =>
      (
        await fetch('/api/plants?per_page=1', {
          headers: { 'x-service-key-id': id!, 'x-service-key-secret': key! },
        })
      ).status,
    [keyId, secret],
  )

describe('a moderator in the browser', { timeout: 90_000 }, () => {
  it('finds a new member’s vandalism, restores the version before and blocks the account', async (test) => {
    const tomato = await createPlant(t, {
      scientific_name: 'Solanum lycopersicum',
      name: 'Tomato',
      description: 'A tender perennial grown as an annual; it needs a long, warm season and support.',
      note: 'from the seed catalogue',
      data: [
        { key: 'Light requirement', value: 'Full sun' },
        { key: 'Water requirement', value: 'Moist' },
        { key: 'Height', value: '1.5' },
      ],
    })
    const basil = await createPlant(t, { scientific_name: 'Ocimum basilicum', name: 'Basil' })
    await link(t, tomato.id, basil.id, 'companion-to', 'basil beside tomatoes')

    // The member's edit, through the API with their own key, as their app would make it.
    const key = await createKeyPair(t.store, 'weeds@example.org', '', 'Weed Lover')
    const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
    const vandalism = await t.request(
      'PUT',
      `/api/plants/${tomato.id}`,
      {
        version: 2,
        note: 'tomatoes grow best in the dark lol',
        description: 'A tender perennial grown in a cupboard; it needs no light at all.',
        data: [{ key: 'Light requirement', value: 'Darkness' }],
        remove_data: ['Height'],
      },
      headers,
    )
    assert.equal(vandalism.status, 200, vandalism.text)

    assert.deepEqual(
      await signUp(t.store, {
        email: 'iris@example.org',
        name: 'Iris Moderator',
        password: 'patrol-the-beds-2026',
      }),
      {},
    )
    await t.store.db
      .updateTable('accounts')
      .set({ role: 'moderator' })
      .where('email', '=', 'iris@example.org')
      .execute()

    const page = await browser.newPage(test)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${t.baseUrl}/login`)
    await page.getByLabel('Email').fill('iris@example.org')
    await page.getByLabel('Password').fill('patrol-the-beds-2026')
    await page.getByRole('button', { name: 'Log in' }).click()
    await waitForPath(page, '/account/keys')

    // 1. Recent changes: the edit is on top, highlighted and marked as a new contributor's.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recent changes' }).click()
    await waitForPath(page, '/changes')
    await lookAt(page, 'recent-changes')
    const row = page.locator('table.recent tbody tr').first()
    assert.match(await row.innerText(), /Tomato[\s\S]*version 3[\s\S]*Weed Lover[\s\S]*new contributor/)
    assert.equal(await row.getAttribute('class'), 'flagged')
    await row.getByRole('button', { name: 'Mark version 3 of Tomato patrolled' }).waitFor()

    // 2. Its diff: the description word by word, the light changed, the height removed.
    await row.getByRole('link', { name: /^diff/ }).click()
    await page.waitForURL((url) => url.pathname === `${tomato.link}/diff`)
    await lookAt(page, 'diff')
    assert.equal(
      await page.getByRole('heading', { level: 1 }).innerText(),
      'What version 3 of Tomato changed',
    )
    const light = page.locator('table.version-diff tr', { hasText: 'Light requirement' })
    assert.match(await light.innerText(), /Full sun\s+Darkness/)
    assert.match(
      await page.locator('table.version-diff tr', { hasText: 'Height' }).innerText(),
      /removed\s+1\.5\s+\(none\)/,
    )
    assert.equal(await page.locator('table.version-diff del').first().innerText(), 'as an annual;')

    // 3. Restore the version before, with a note: back on the history page, which says so.
    await page.getByRole('link', { name: 'Restore version 2' }).click()
    await page.waitForURL((url) => url.pathname === `${tomato.link}/restore`)
    await lookAt(page, 'restore')
    await page.getByLabel('Why restore this version?').fill('Undo vandalism: tomatoes need full sun')
    await page.getByRole('button', { name: 'Restore version 2' }).click()
    await waitForPath(page, `${tomato.link}/history`)
    await page.getByText('Version 2 is restored: the plant is now at version 4.').waitFor()
    await lookAt(page, 'history')
    const restored = (await t.request('GET', `/api/plants/${tomato.id}`)).body
    assert.deepEqual(restored.data, tomato.data, 'the attributes as they were')
    assert.equal(restored.description, tomato.description)

    // 4. The member's contributions page, from the history: block with a reason.
    await page.locator('#v3').getByRole('link', { name: 'Weed Lover' }).click()
    await waitForPath(page, '/people/Weed%20Lover')
    await lookAt(page, 'person')
    assert.ok(!(await page.content()).includes('weeds@example.org'), 'never the email')
    await page.getByLabel('Why block this account?').fill('Vandalised Tomato')
    await page.getByRole('button', { name: 'Block Weed Lover' }).click()
    await page
      .getByText('Weed Lover is blocked: logged out, and their API keys are refused from now on.')
      .waitFor()
    await page.getByText('This account is blocked: Vandalised Tomato').waitFor()

    // 5. The member's key is refused at once.
    assert.equal(await apiStatus(page, key.key_id, key.key_secret), 403)

    // 6. The moderation log says who did it and why.
    await page.goto(`${t.baseUrl}/moderation/log`)
    await lookAt(page, 'moderation-log')
    assert.match(
      await page.locator('table.recent tbody tr').first().innerText(),
      /Iris Moderator\s+block\s+Weed Lover\s+Vandalised Tomato/,
    )
  })
})
