// A gardener who does not know what to search for, in Chromium: from the home page's categories to ground
// covers, narrowed to what survives a zone 4 winter, a card opened, its "Grow it" read in words, and a
// companion opened from its chip. Screenshots at 1280 and 390 px go to test-results/<dialect>/.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { screenshot, useBrowser } from './browser.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
  const clover = await createPlant(t, {
    name: 'White clover',
    scientific_name: 'Trifolium repens',
    data: [
      { key: 'Layer', value: 'Ground cover' },
      { key: 'USDA Hardiness zone', value: '3' },
      { key: 'Light requirement', value: 'Full sun, partial sun/shade' },
      { key: 'Height', value: '0.2' },
      { key: 'Life cycle', value: 'Perennial' },
    ],
  })
  await createPlant(t, {
    name: 'Creeping thyme',
    scientific_name: 'Thymus praecox',
    data: [
      { key: 'Layer', value: 'Ground cover' },
      { key: 'USDA Hardiness zone', value: '5' },
    ],
  })
  const apple = await createPlant(t, { name: 'Apple', scientific_name: 'Malus domestica' })
  await link(t, clover.id, apple.id, 'companion-to', 'White clover feeds the apple tree nitrogen.')
})
after(async () => t.close())
const browser = useBrowser()

const cardNames = (page: Page) => page.locator('ol.cards h2.card-name a').allInnerTexts()

describe('a gardener browsing', () => {
  it('goes from a category to a zone filter, a card, its Grow it and a companion', async (c) => {
    const page = await browser.newPage(c)
    await page.goto(`${t.baseUrl}/`)
    await page.getByRole('link', { name: 'Ground covers' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/search' && url.searchParams.get('Layer') === 'Ground cover',
    )
    assert.deepEqual((await cardNames(page)).sort(), ['Creeping thyme', 'White clover'])
    await screenshot(page, 'walk-category')

    await page.getByLabel('Hardy to zone').selectOption('4')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL((url) => url.searchParams.get('hardy_to_zone') === '4')
    assert.equal(
      new URL(page.url()).searchParams.get('Layer'),
      'Ground cover',
      'the address keeps every filter',
    )
    assert.deepEqual(await cardNames(page), ['White clover'])
    const card = page.locator('li.card', { hasText: 'White clover' })
    assert.match(await card.innerText(), /Hardiness\s+Zone 3 \(\u221240 °C\)/)
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'walk-zone-phone')
    await page.setViewportSize({ width: 1280, height: 900 })

    await card.getByRole('link', { name: 'White clover' }).click()
    await page.getByRole('heading', { level: 1, name: 'White clover' }).waitFor()
    const growIt = page.locator('section.grow-it')
    assert.equal(
      (await growIt.innerText()).replace(/\s+/g, ' ').trim(),
      'Grow it Light Full sun to partial shade Hardiness Hardy to zone 3 (\u221240 °C / \u221240 °F) ' +
        'Size Grows to 20 cm (8 in) Life cycle Perennial',
    )
    await screenshot(page, 'walk-plant')

    const companions = page.locator('section', { has: page.getByRole('heading', { name: 'Companions' }) })
    await companions.locator('li.chip', { hasText: 'feeds the apple tree nitrogen' }).waitFor()
    await companions.getByRole('link', { name: 'Apple' }).click()
    await page.getByRole('heading', { level: 1, name: 'Apple' }).waitFor()
  })
})
