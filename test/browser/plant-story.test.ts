// A visitor finds a plant in Chromium: the home page's search form (input labelled "Search plants", button
// "Search") → /search?q=… (results are links in <ol class="results">) → the plant page (<h1> name; sections
// "Growing conditions" with a <dl>, "Companions" with links, "History" with a table of revisions).
// Screenshots of the three pages go to test-results/<dialect>/.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { screenshot, useBrowser } from './browser.ts'

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

describe('finding a plant in the browser', { timeout: 30_000 }, () => {
  it('searches from the home page, opens the plant and sees its conditions, companions and history', async (test) => {
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
    assert.equal(home?.status(), 200, 'GET / answers 200')

    await page.getByLabel('Search plants').fill('tomato')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'tomato')
    await screenshot(page, 'search')
    await page.locator('ol.results').getByRole('link', { name: 'Tomato', exact: true }).click()

    await waitForPath(page, tomato.link)
    await screenshot(page, 'plant')
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Tomato')

    const conditions = section(page, 'Growing conditions')
    await conditions.locator('dl dd', { hasText: /^Full sun$/ }).waitFor()
    await conditions.locator('dl dd', { hasText: /^Moist$/ }).waitFor()

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
  })
})
