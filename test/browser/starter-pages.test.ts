// The starter dataset's pages in Chromium, as a gardener meets them. The Tomato page (60 companions, 16
// antagonists, 73 varieties, 50 pests and diseases) is at most 2,600 px tall at 1280 px: each long list
// shows its first few and "Show all N …", which opens in place to the whole list; it is axe-clean at 1280
// and 390 px, light and dark, folded and opened. Screenshots go to test-results/<dialect>/tomato-*.png.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { seedIfEmpty } from '../../src/transfer/seed.ts'
import { axeProblems, screenshot, smallTapTargets, structureProblems, useBrowser } from './browser.ts'

/** The limit for the Tomato page at 1280 px; it was 4,030 px with every list open. */
const MAX_HEIGHT = 2_600
/** How many of a long list show before "Show all" (src/web/pages/show-all.tsx). */
const FIRST_SHOWN = 6

let t: TestApp
let tomato: { id: number; link: string }
before(async () => {
  t = await buildTestApp()
  const summary = await seedIfEmpty(t.store)
  assert.ok(summary && summary.rejected.length === 0, JSON.stringify(summary?.rejected.slice(0, 3)))
  tomato = (await t.request('GET', '/api/search?q=tomato&per_page=1')).body.plants[0]
})
after(async () => t.close())
const browser = useBrowser()

/** The <section> whose heading starts with `name`. */
const section = (page: Page, name: string) =>
  page.locator('section', { has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) })

const visibleCount = (items: Locator) =>
  items.evaluateAll((elements) => elements.filter((element) => element.checkVisibility()).length)

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight)

/** Opens every "Show all …" on the page; the page stays where it is. */
async function openAll(page: Page): Promise<void> {
  for (const summary of await page.locator('details.show-all > summary').all()) await summary.click()
}

describe('the Tomato page of the starter dataset', { timeout: 300_000 }, () => {
  it('is at most 2,600 px tall at 1280 px, each long list folded after its first few, with its count', async (c) => {
    const page = await browser.newPage(c)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${t.baseUrl}${tomato.link}`)
    const height = await pageHeight(page)
    await screenshot(page, 'tomato-1280')
    c.diagnostic(`Tomato page at 1280 px: ${height} px tall`)
    assert.ok(height <= MAX_HEIGHT, `the Tomato page is ${height} px tall at 1280 px, over ${MAX_HEIGHT}`)

    const links = (await t.request('GET', `/api/plants/${tomato.id}/links?per_page=100`)).body.links as {
      type: string
    }[]
    const varieties = (await t.request('GET', `/api/plants/${tomato.id}/varieties?per_page=1`)).body
    const problems = (await t.request('GET', `/api/plants/${tomato.id}/problems`)).body.problems as {
      type: string
      name: string
    }[]
    const lists = [
      ['Companions', 'companions', links.filter((link) => link.type === 'companion-to').length, 'li.chip a'],
      [
        'Antagonists',
        'antagonists',
        links.filter((link) => link.type === 'antagonist-to').length,
        'li.chip a',
      ],
      ['Varieties', 'varieties', varieties.pagination.total, 'ul.variety-grid a'],
    ] as const
    for (const [heading, noun, total, items] of lists) {
      assert.ok(total > FIRST_SHOWN, `${heading}: ${total}`)
      const shown = section(page, heading)
      assert.equal(await visibleCount(shown.locator(items)), FIRST_SHOWN, `${heading}: the first few`)
      const summary = shown.getByText(`Show all ${total} ${noun}`, { exact: true })
      await summary.click()
      // Opened in place: the same page, the whole list under the first few, and a way to fold it again.
      assert.equal(new URL(page.url()).pathname, tomato.link)
      assert.equal(await visibleCount(shown.locator(items)), total, `${heading}: all ${total} once open`)
      await shown.getByText(`Show fewer ${noun}`, { exact: true }).waitFor()
    }

    const troubles = section(page, 'Pests and diseases')
    for (const [kind, type] of [
      ['pests', 'pest'],
      ['diseases', 'disease'],
    ] as const) {
      const names = problems.filter((problem) => problem.type === type).map((problem) => problem.name)
      assert.ok(names.length > FIRST_SHOWN, `${kind}: ${names.length}`)
      const before = await troubles.innerText()
      assert.ok(before.includes(names.slice(0, FIRST_SHOWN).join(', ')), `${kind}: the most severe first`)
      assert.ok(!before.includes(names.at(-1)!), `${kind}: the rest folded`)
      await troubles.getByText(`Show all ${names.length} ${kind}`, { exact: true }).click()
      const opened = await troubles.innerText()
      for (const name of names) assert.ok(opened.includes(name), `${kind}: ${name} once open`)
    }
    await screenshot(page, 'tomato-1280-open')
    c.diagnostic(`Tomato page at 1280 px with every list open: ${await pageHeight(page)} px tall`)
  })

  it('finds nothing serious with axe at 1280 and 390 px, light and dark, folded and open', async (c) => {
    const page = await browser.newPage(c)
    const problems: string[] = []
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
        await page.goto(`${t.baseUrl}${tomato.link}`)
        await screenshot(page, scheme === 'light' ? `tomato-${width}` : `tomato-${width}-${scheme}`)
        c.diagnostic(`Tomato page at ${width} px, ${scheme}: ${await pageHeight(page)} px tall`)
        for (const state of ['folded', 'open']) {
          if (state === 'open') await openAll(page)
          const where = `Tomato at ${width} px, ${scheme}, ${state}`
          problems.push(...(await axeProblems(page)).map((problem) => `${where}: ${problem}`))
          problems.push(...(await structureProblems(page)).map((problem) => `${where}: ${problem}`))
          if (width === 390)
            problems.push(...(await smallTapTargets(page)).map((target) => `${where}: tap target ${target}`))
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          if (overflow > 0) problems.push(`${where}: ${overflow} px wider than the window`)
        }
      }
    }
    assert.deepEqual(problems, [])
  })
})
