// A new visitor's story in Chromium: sign up and log in, create a key on "My API keys" and use it with
// fetch against GET /api/plants, find a plant from the home page's search (input labelled "Search plants")
// → /search?q=… (results are cards in <ol class="cards">, each name a link) → the plant page (<h1> name; sections "Growing
// conditions" with a <dl>, "Companions" with links, "History" with a table of revisions), then revoke the
// key and see the API refuse it. Screenshots of the pages go to test-results/<dialect>/.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { screenshot, structureProblems, useBrowser } from './browser.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())
const browser = useBrowser()

/** The <section> whose heading is `name`. */
const section = (page: Page, name: string) =>
  page.locator('section', { has: page.getByRole('heading', { name, exact: true }) })

/** Waits (bounded by the page's default timeout) until the page's path is `path`. */
const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

/** What `fetch` in the page gets from GET /api/plants with this key: the status and the first plant's name. */
const fetchPlants = (page: Page, keyId: string, secret: string) =>
  page.evaluate(
    async ([id, key]) => {
      const response = await fetch('/api/plants?per_page=1', {
        headers: { 'x-service-key-id': id!, 'x-service-key-secret': key! },
      })
      const body = (await response.json()) as { plants?: { name: string }[] }
      return { status: response.status, first: body.plants?.[0]?.name ?? null }
    },
    [keyId, secret],
  )

describe('a new visitor in the browser', { timeout: 60_000 }, () => {
  it('signs up, creates a key, uses it, finds a plant and its page, and revokes the key', async (test) => {
    const tomato = await createPlant(t, {
      scientific_name: 'Solanum lycopersicum',
      name: 'Tomato',
      note: 'Tomato from the seed catalogue',
      data: [
        { key: 'Light requirement', value: 'Full sun' },
        { key: 'Water requirement', value: 'Moist' },
      ],
    })
    const basil = await createPlant(t, { scientific_name: 'Ocimum basilicum', name: 'Basil' })
    await link(t, tomato.id, basil.id, 'companion-to', 'basil beside tomatoes')

    // Each page's screenshot comes before the assertions on it, so a failing run shows what was on screen.
    const page = await browser.newPage(test)
    const home = await page.goto(`${t.baseUrl}/`)
    await screenshot(page, 'home')
    assert.deepEqual(await structureProblems(page), [], 'home page: labels and headings')
    assert.equal(home?.status(), 200, 'GET / answers 200')

    // 1. Sign up and log in.
    await page.getByRole('navigation').getByRole('link', { name: 'Sign up' }).click()
    await waitForPath(page, '/signup')
    await page.getByLabel('Email').fill('rosa@example.org')
    await page.getByLabel('Display name').fill('Rosa Gallica')
    await page.getByLabel('Password').fill('roses-and-thyme-2026')
    await screenshot(page, 'signup')
    assert.deepEqual(await structureProblems(page), [], 'signup page: labels and headings')
    await page.getByRole('button', { name: 'Create account' }).click()
    await waitForPath(page, '/login')
    await page.getByLabel('Email').fill('rosa@example.org')
    await page.getByLabel('Password').fill('roses-and-thyme-2026')
    await page.getByRole('button', { name: 'Log in' }).click()
    await waitForPath(page, '/account/keys')
    await page.getByText('Logged in as Rosa Gallica').waitFor()

    // 2. Create a key: a label, the non-commercial terms, and the secret shown once.
    await page.getByLabel('Label').fill('my garden planner')
    await page.getByLabel(/non-commercial purposes only/).check()
    await page.getByRole('button', { name: 'Create key' }).click()
    await page.getByRole('heading', { name: 'Your new key' }).waitFor()
    await screenshot(page, 'keys')
    assert.deepEqual(await structureProblems(page), [], 'keys page: labels and headings')
    const keyId = await page.locator('#new-key-id').innerText()
    const secret = await page.locator('#new-key-secret').innerText()
    assert.match(keyId, /^hk_/)
    assert.ok(secret.length >= 40, 'a long random secret')

    // 3. Use it with fetch against GET /api/plants.
    assert.deepEqual(await fetchPlants(page, keyId, secret), { status: 200, first: 'Tomato' })

    // 4. Search for a plant and follow the result to its page.
    await page.getByRole('link', { name: 'Hortus', exact: true }).click()
    await waitForPath(page, '/')

    await page.getByLabel('Search plants').fill('tomato')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'tomato')
    await screenshot(page, 'search')
    assert.deepEqual(await structureProblems(page), [], 'search page: labels and headings')
    await page.locator('ol.cards').getByRole('link', { name: 'Tomato', exact: true }).click()

    // 5. Its growing conditions, companions and history.
    await waitForPath(page, tomato.link)
    await screenshot(page, 'plant')
    assert.deepEqual(await structureProblems(page), [], 'plant page: labels and headings')
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Tomato')

    const conditions = section(page, 'Growing conditions')
    await conditions.locator('dl dd .value', { hasText: /^Full sun$/ }).waitFor()
    await conditions.locator('dl dd .value', { hasText: /^Moist$/ }).waitFor()

    const toBasil = section(page, 'Companions').getByRole('link', { name: 'Basil', exact: true })
    const href = await toBasil.getAttribute('href')
    assert.equal(new URL(href ?? '', page.url()).pathname, basil.link)

    const created = section(page, 'History').locator('table tr', {
      hasText: 'Tomato from the seed catalogue',
    })
    await created.waitFor()
    assert.ok(
      (await created.locator('td').count()) > 0,
      'the creation is a row of the table, not its heading',
    )

    // Readable on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'plant-phone')
    assert.deepEqual(await structureProblems(page), [], 'plant-phone page: labels and headings')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `the plant page is ${overflow}px wider than a phone`)

    // 6. Revoke the key and see the API refuse it.
    await page.getByRole('navigation').getByRole('link', { name: 'My API keys' }).click()
    await waitForPath(page, '/account/keys')
    assert.ok(!(await page.content()).includes(secret), 'the secret is never shown again')
    await page.getByRole('button', { name: `Revoke key ${keyId}` }).click()
    await page.getByText(`Key ${keyId} is revoked`).waitFor()
    await screenshot(page, 'keys-revoked')
    assert.deepEqual(await structureProblems(page), [], 'keys-revoked page: labels and headings')
    assert.equal((await fetchPlants(page, keyId, secret)).status, 401)
  })
})

describe('the page structure check', () => {
  it('finds an unlabelled input, a second h1 and a skipped heading level', async (test) => {
    const page = await browser.newPage(test)
    await page.setContent('<h1>a</h1><h3>b</h3><h1>c</h1><label>ok <input name="x"></label><input name="y">')
    const problems = await structureProblems(page)
    assert.equal(problems.length, 3, problems.join('; '))
    assert.match(problems.join('; '), /no label for <input name="y">.*not exactly one h1.*h1 followed by h3/)
  })
})
