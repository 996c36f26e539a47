// The API docs in Chromium: /docs opens, a link of the table of contents leads to its operation's section
// with the example request, and on a phone's width the page itself never scrolls sideways (code blocks and
// tables do). Screenshots of what is on screen (the whole page is some 30,000 pixels tall):
// test-results/<dialect>/docs.png and docs-phone.png.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { screenshot, useBrowser } from './browser.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())
const browser = useBrowser()

/** Whether the top of the element is on screen. */
const onScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const top = element.getBoundingClientRect().top
    return top >= 0 && top < window.innerHeight
  })

describe('the API docs in the browser', { timeout: 30_000 }, () => {
  it('follows a table-of-contents link to the operation and its example request', async (test) => {
    const page = await browser.newPage(test)
    await page.setViewportSize({ width: 1280, height: 900 })
    const response = await page.goto(`${t.baseUrl}/docs`)
    assert.equal(response?.status(), 200)
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'API docs')

    const contents = page.getByRole('navigation', { name: 'Contents' })
    await contents.getByRole('link', { name: /GET \/plants\/\{id\} Read one plant/ }).click()
    await page.waitForURL((url) => url.hash === '#getPlant')
    await screenshot(page, 'docs', { fullPage: false })
    assert.ok(await onScreen(page, '#getPlant'), 'the operation’s heading is on screen')

    const operation = page.locator('section.operation', { has: page.locator('#getPlant') })
    const example = operation.locator('pre', { hasText: 'curl' })
    const curl = await example.innerText()
    assert.match(curl, new RegExp(`curl '${t.baseUrl}/api/plants/\\d+'`))
    assert.match(curl, /-H 'x-service-key-id: YOUR_KEY_ID'/)
    assert.match(curl, /-H 'x-service-key-secret: YOUR_KEY_SECRET'/)
  })

  it('fits a phone’s width: only code blocks and tables scroll sideways', async (test) => {
    const page = await browser.newPage(test)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(`${t.baseUrl}/docs#createPlant`)
    await screenshot(page, 'docs-phone', { fullPage: false })
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }))
    assert.ok(
      widths.page <= widths.window,
      `the page is ${widths.page}px wide on a ${widths.window}px screen`,
    )
  })
})
