// A gardener's search in Chromium, over the starter dataset: type "full sun ground cover" in the search box,
// see what the search read as chips ("Light: Full sun ×", "Layer: Ground cover ×") above results that are all
// full-sun ground covers, then remove the ground-cover chip with its × and see the search without those words. The pages
// are screenshotted at 1280 and 390 px wide into test-results/<dialect>/.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { seedIfEmpty } from '../../src/transfer/seed.ts'
import { screenshot, structureProblems, useBrowser } from './browser.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
  await seedIfEmpty(t.store)
})
after(async () => t.close())
const browser = useBrowser()

/** What the chips say, in order. */
const chipTexts = async (page: Page) =>
  (await page.locator('li.chip').allInnerTexts()).map((chip) => chip.replace(/\s*×\s*$/, '').trim())

/** The names of the results on the page, in order. */
const resultNames = (page: Page) => page.locator('ol.cards h2.card-name a').allInnerTexts()

/** Whether a plant's value of `key` names `value`, whole or as one of its comma-separated elements. */
const has = (plant: { data: { key: string; value: string }[] }, key: string, value: string) =>
  plant.data.some(
    (attribute) =>
      attribute.key === key &&
      attribute.value.split(',').some((element) => element.trim().toLowerCase() === value.toLowerCase()),
  )

describe('a gardener’s search in the browser', { timeout: 60_000 }, () => {
  it('types "full sun ground cover", sees the chips and full-sun ground covers, and removes a chip', async (test) => {
    const page = await browser.newPage(test)
    await page.goto(`${t.baseUrl}/search`)
    await page.getByLabel('Search plants').fill('full sun ground cover')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === 'full sun ground cover',
    )
    await screenshot(page, 'search-understanding')
    assert.deepEqual(await structureProblems(page), [], 'search page: labels and headings')

    // What the search read, each with a × that is a link.
    await page.getByText('Searched for:').waitFor()
    assert.deepEqual(await chipTexts(page), ['Light: Full sun', 'Layer: Ground cover'])
    await page.getByRole('link', { name: 'Remove Light: Full sun', exact: true }).waitFor()
    const removeLayer = page.getByRole('link', { name: 'Remove Layer: Ground cover', exact: true })
    await removeLayer.waitFor()

    // The results are the API's, and every one of them is a full-sun ground cover.
    const shown = await resultNames(page)
    const api = await t.request('GET', '/api/search?q=full%20sun%20ground%20cover&per_page=20')
    const plants = api.body.plants as { name: string; data: { key: string; value: string }[] }[]
    assert.deepEqual(
      shown,
      plants.map((plant) => plant.name),
    )
    assert.ok(shown.length >= 10, `a page of full-sun ground covers, not ${shown.length}`)
    for (const plant of plants) {
      assert.ok(has(plant, 'Light requirement', 'Full sun'), `${plant.name} likes full sun`)
      assert.ok(has(plant, 'Layer', 'Ground cover'), `${plant.name} is a ground cover`)
    }

    // Readable on a phone: the chips wrap, nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'search-understanding-phone', { fullPage: false })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `the search page is ${overflow}px wider than a phone`)
    await page.setViewportSize({ width: 1280, height: 900 })

    // Remove "Layer: Ground cover" (every ground cover of the starter dataset likes full sun): the same search
    // without those words, every plant in full sun.
    await removeLayer.click()
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'full sun')
    await screenshot(page, 'search-understanding-removed')
    assert.equal(await page.getByLabel('Search plants').inputValue(), 'full sun')
    assert.deepEqual(await chipTexts(page), ['Light: Full sun'])
    assert.equal(await page.getByRole('link', { name: 'Remove Layer: Ground cover' }).count(), 0)
    const fullSun = await t.request('GET', '/api/search?q=full%20sun&per_page=20')
    assert.deepEqual(
      await resultNames(page),
      fullSun.body.plants.map((plant: { name: string }) => plant.name),
    )
    assert.ok(fullSun.body.pagination.total > api.body.pagination.total, 'more plants without ground cover')
  })

  it('browses by height and hardiness zone without words', async (test) => {
    const page = await browser.newPage(test)
    await page.goto(`${t.baseUrl}/search`)
    await page.getByLabel('Height from (m)').fill('1')
    await page.getByLabel('Height to (m)').fill('3')
    await page.getByLabel('Hardy to zone').selectOption('4')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL((url) => url.searchParams.get('hardy_to_zone') === '4')
    await screenshot(page, 'search-ranges')
    const url = new URL(page.url())
    assert.equal(url.searchParams.get('height_from'), '1')
    assert.equal(url.searchParams.get('height_to'), '3')
    const api = await t.request('GET', '/api/search?Height=1..3&USDA%20Hardiness%20zone=..4&per_page=20')
    assert.ok(api.body.plants.length > 0)
    assert.deepEqual(
      await resultNames(page),
      api.body.plants.map((plant: { name: string }) => plant.name),
    )
    assert.equal(await page.getByLabel('Height from (m)').inputValue(), '1')
    assert.equal(await page.getByLabel('Hardy to zone').inputValue(), '4')
  })
})
