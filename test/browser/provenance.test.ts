// Where a value came from, on the plant page in Chromium: the small mark by an imported value opens its
// dataset source with the licence; after a member's edit, the mark by that value names them and the
// version, which opens the change; the links' notes are credited by source; the pests and diseases page
// opens each to what to do about it. Works without JavaScript: the marks are <details>.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { importDataset } from '../../src/transfer/import.ts'
import type { Page } from 'playwright-core'
import { screenshot, useBrowser } from './browser.ts'

const dataset = [
  {
    hortus_dataset: 1,
    license: 'CC BY-SA 4.0',
    license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    attribution: 'test',
    sources: [
      { id: 'usda-plants', name: 'USDA PLANTS', url: 'https://plants.usda.gov', license: 'public domain' },
      {
        id: 'cropgraph',
        name: 'CropGraph',
        url: 'https://github.com/Cropgraph/cropgraph',
        license: 'CC BY 4.0',
      },
    ],
  },
  {
    type: 'Plant',
    scientific_name: 'Solanum lycopersicum',
    name: 'Tomato',
    source: 'usda-plants',
    data: [
      { key: 'Family', value: 'Solanaceae' },
      { key: 'Days to maturity', value: '55-90', source: 'cropgraph' },
    ],
    links: [
      {
        type: 'companion-to',
        scientific_name: 'Ocimum basilicum',
        name: 'Basil',
        note: 'Basil repels thrips; moderate evidence.',
        source: 'cropgraph',
      },
    ],
    problems: [
      {
        name: 'Tomato hornworm',
        type: 'pest',
        severity: 'high',
        management: ['Handpick into soapy water.'],
        source: 'cropgraph',
      },
    ],
  },
  { type: 'Plant', scientific_name: 'Ocimum basilicum', name: 'Basil' },
]

let t: TestApp
let tomato: { id: number; link: string; version: number }
before(async () => {
  t = await buildTestApp()
  async function* lines() {
    for (const line of dataset) yield JSON.stringify(line)
  }
  const summary = await importDataset(t.store, lines(), { source: 'test', images: false })
  assert.deepEqual(summary.rejected, [])
  const found = await t.request('GET', '/api/plants?name=Tomato')
  tomato = found.body.plants[0]
})
after(async () => t.close())
const browser = useBrowser()

/** Opens the mark by a value (or link) and answers what it says. */
async function openMark(page: Page, about: string): Promise<string> {
  const mark = page.locator('details.source-mark').filter({ hasText: `Where ${about} came from` })
  await mark.locator('summary').click()
  await mark.locator('.source-text').waitFor()
  return (await mark.locator('.source-text').innerText()).trim()
}

describe('where a value came from, on the plant page', () => {
  it('opens the source of an imported value, a link and the pests, then names the member who edits', async (c) => {
    const page = await browser.newPage(c)
    await page.goto(`${t.baseUrl}${tomato.link}`)
    assert.equal(await openMark(page, 'Family'), 'From USDA PLANTS (public domain) in version 1')
    assert.equal(await openMark(page, 'Days to maturity'), 'From CropGraph (CC BY 4.0) in version 1')
    await page.getByText('Why, and where each companion comes from').click()
    const credit = page.locator('details.link-notes p.link-source')
    assert.equal((await credit.innerText()).trim(), 'From CropGraph (CC BY 4.0):')
    await page
      .locator('details.link-notes li', { hasText: 'Basil: Basil repels thrips; moderate evidence.' })
      .waitFor()
    await screenshot(page, 'provenance-imported')
    await page.getByRole('link', { name: /What each looks like, what to do about it/ }).click()
    await page.waitForURL((url) => url.pathname === `${tomato.link}/problems`)
    await page.getByText('Tomato hornworm').click()
    await page.getByText('Handpick into soapy water.').waitFor()
    await page.goto(`${t.baseUrl}${tomato.link}`)

    const current = await t.request('GET', `/api/plants/${tomato.id}`)
    const saved = await t.request('PUT', `/api/plants/${tomato.id}`, {
      version: current.body.version,
      note: 'Early varieties in my garden',
      data: [{ key: 'Days to maturity', value: '50-85' }],
    })
    assert.equal(saved.status, 200, saved.text)
    await page.reload()
    assert.equal(
      await openMark(page, 'Days to maturity'),
      `Saved by ${await authorOf(tomato.id)} in version ${saved.body.version}`,
    )
    assert.equal(await openMark(page, 'Family'), 'From USDA PLANTS (public domain) in version 1')
    await page.getByRole('link', { name: `version ${saved.body.version}` }).click()
    await page.waitForURL((url) => url.pathname === `${tomato.link}/diff`)
    await page.getByText('50-85').first().waitFor()
  })
})

const authorOf = async (id: number): Promise<string> =>
  (await t.request('GET', `/api/plants/${id}/revisions`)).body.revisions[0].author
