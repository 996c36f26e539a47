// The harness itself, on a document the server has always had: Chromium loads /api/openapi.json from the
// test app and shows the same JSON the API sends.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { useBrowser } from './browser.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())
const browser = useBrowser()

describe('the browser harness', { timeout: 30_000 }, () => {
  it('shows /api/openapi.json as its JSON text', async (test) => {
    const page = await browser.newPage(test)
    const response = await page.goto(`${t.baseUrl}/api/openapi.json`)
    assert.ok(response)
    assert.equal(response.status(), 200)
    assert.match(response.headers()['content-type'] ?? '', /^application\/json/)

    // Chromium shows a JSON response as plain text in a <pre>.
    const shown = await page.locator('pre').innerText()
    const document = JSON.parse(shown)
    assert.equal(document.info.title, 'Hortus plant API')
    assert.deepEqual(document, (await t.request('GET', '/api/openapi.json')).body)
  })
})
