// The starter dataset's pages in Chromium, as a gardener meets them. The Tomato page (60 companions, 16
// antagonists, 73 varieties, 50 pests and diseases) is at most 2,800 px tall at 1280 px: each long list
// shows its first few and "Show all N …", which opens in place to the whole list; it is axe-clean at 1280
// and 390 px, light and dark, folded and opened. On a results page, a card without a photo shows the crop's
// FarmBot icon (a loaded image, from this site) or a drawn sprout, never an empty band. Screenshots go to
// test-results/<dialect>/tomato-*.png and results-icons-*.png.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { seedIfEmpty } from '../../src/transfer/seed.ts'
import { axeProblems, screenshot, smallTapTargets, structureProblems, useBrowser } from './browser.ts'

/** The limit for the Tomato page at 1280 px; it was 4,030 px with every list open. It was 2,600 px when
 * the tomato had 18 attributes (2,522 px); issue 40's uses, synonyms and needs gave it 11 more, which
 * take about 250 px in three columns of growing conditions and two half-width groups: 2,800 px. */
const MAX_HEIGHT = 2_800
/** How many of a long list show before "Show all" (src/web/plant/show-all.tsx). */
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

/** Each look a visitor may have, light and dark, at 1280 and 390 px: the page set to it, then `look`. */
async function inEveryLook(
  page: Page,
  look: (scheme: 'light' | 'dark', width: number) => Promise<void>,
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await look(scheme, width)
    }
  }
}

/** Opens every "Show all …" on the page; the page stays where it is. */
async function openAll(page: Page): Promise<void> {
  for (const summary of await page.locator('details.show-all > summary').all()) await summary.click()
}

describe('the Tomato page of the starter dataset', { timeout: 300_000 }, () => {
  it('is at most 2,800 px tall at 1280 px, each long list folded after its first few, with its count', async (c) => {
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
    await inEveryLook(page, async (scheme, width) => {
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
    })
    assert.deepEqual(problems, [])
  })
})

describe('the cards of a results page', { timeout: 300_000 }, () => {
  it("shows the crop's icon or a drawn sprout where a plant has no photo", async (c) => {
    const page = await browser.newPage(c)
    const problems: string[] = []
    await inEveryLook(page, async (scheme, width) => {
      await page.goto(`${t.baseUrl}/search?q=pepper`)
      // Every card's picture on screen: the icons load eagerly, the photos lazily.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('img.card-icon')].every((img) => img.complete),
      )
      await page.evaluate(() => window.scrollTo(0, 0))
      await screenshot(
        page,
        scheme === 'light' ? `results-icons-${width}` : `results-icons-${width}-${scheme}`,
      )
      const cards = await page.locator('ol.cards > li.card').evaluateAll((elements) =>
        elements.map((card) => {
          const icon = card.querySelector<HTMLImageElement>('img.card-icon')
          return {
            name: card.querySelector('h2')?.textContent ?? '',
            photo: card.querySelector('img.card-picture') !== null,
            icon: icon && {
              src: icon.getAttribute('src'),
              alt: icon.getAttribute('alt'),
              width: icon.naturalWidth,
            },
            mark: card.querySelector('svg.card-mark') !== null,
          }
        }),
      )
      const where = `pepper results at ${width} px, ${scheme}`
      assert.equal(cards.length, 20, where)
      for (const card of cards.filter((each) => !each.photo)) {
        assert.ok(card.icon || card.mark, `${where}: ${card.name} has an icon or the drawn sprout`)
        if (card.icon) {
          assert.ok(card.icon.width > 0, `${where}: ${card.name}'s icon loaded`)
          assert.equal(card.icon.alt, '', `${where}: ${card.name}'s icon says nothing the card does not`)
          assert.match(card.icon.src ?? '', /^\/static\/crop-icons\/[a-z0-9-]+\.webp$/)
        }
      }
      const aleppo = cards.find((card) => card.name === 'Aleppo pepper')
      assert.equal(aleppo?.icon?.src, '/static/crop-icons/aleppo-pepper.webp', where)
      assert.ok(
        cards.some((card) => card.mark),
        `${where}: a plant without a photo or an icon has the sprout`,
      )
      problems.push(...(await axeProblems(page)).map((problem) => `${where}: ${problem}`))
      problems.push(...(await structureProblems(page)).map((problem) => `${where}: ${problem}`))
    })
    assert.deepEqual(problems, [])
  })

  it('serves the icons from its own static route, and no other file', async () => {
    const icon = await fetch(`${t.baseUrl}/static/crop-icons/aleppo-pepper.webp`)
    assert.equal(icon.status, 200)
    assert.equal(icon.headers.get('content-type'), 'image/webp')
    assert.equal(
      Buffer.from(await icon.arrayBuffer())
        .subarray(8, 12)
        .toString('latin1'),
      'WEBP',
    )
    for (const path of [
      '/static/crop-icons/no-such-crop.webp',
      '/static/crop-icons/%2e%2e/images/tomato.webp',
    ]) {
      assert.equal((await fetch(`${t.baseUrl}${path}`)).status, 404, path)
    }
  })
})
