// Every page of the website through axe-core in Chromium: 0 serious or critical problems, at 1280 and 390
// px wide, in the light and the dark palette. Each page's screenshot at each of the four goes to
// test-results/<dialect>/a11y-<page>-<width>-<scheme>.png, to look at after a run. What axe does not check
// (one h1, heading levels, a label on every field, nothing wider than a phone, tap targets of 44 px on a
// phone) is checked beside it.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { axeProblems, screenshot, smallTapTargets, structureProblems, useBrowser } from './browser.ts'

/** A few plants of the starter dataset, Tomato with its photo, its companions and varieties among them. */
const STARTER = new URL('../../data/plants.jsonl', import.meta.url).pathname
const CHOSEN = /^(Tomato|Basil|Carrot|Parsley|Roma tomato|Brandywine tomato|Marigold|Borage|Creeping thyme)$/

let t: TestApp
let tomato: { link: string }
before(async () => {
  t = await buildTestApp()
  async function* chosen() {
    let header = true
    for await (const line of readLines(STARTER)) {
      if (header || CHOSEN.test((JSON.parse(line) as { name: string }).name)) yield line
      header = false
    }
  }
  const summary = await importDataset(t.store, chosen(), {
    source: 'test',
    baseDir: new URL('../../data/', import.meta.url).pathname,
  })
  assert.ok(summary.created >= 7, `imported ${summary.created}`)
  tomato = (await t.request('GET', '/api/plants?name=Tomato')).body.plants[0]
})
after(async () => t.close())
const browser = useBrowser()

async function logIn(page: Page): Promise<void> {
  const email = `axe.${process.pid}@example.org`
  await page.goto(`${t.baseUrl}/signup`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Display name').fill(`Accessible Gardener ${process.pid}`)
  await page.getByLabel('Password').fill('beans-and-marigolds')
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL((url) => url.pathname === '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('beans-and-marigolds')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => url.pathname === '/account/keys')
}

/** Every page at both widths and in both palettes: what axe finds, and what it does not check. */
async function check(page: Page, name: string, path: string): Promise<string[]> {
  const problems: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      const response = await page.goto(`${t.baseUrl}${path}`)
      assert.ok(response && response.status() < 400, `${path}: ${response?.status()}`)
      // The API docs are too long for a whole-page picture on a busy machine: what is on screen.
      await screenshot(page, `a11y-${name}-${width}-${scheme}`, { fullPage: name !== 'docs' })
      const where = `${name} at ${width} px, ${scheme}`
      problems.push(...(await axeProblems(page)).map((problem) => `${where}: ${problem}`))
      problems.push(...(await structureProblems(page)).map((problem) => `${where}: ${problem}`))
      if (width === 390)
        problems.push(
          ...(await smallTapTargets(page)).map((target) => `${where}: tap target under 44 px: ${target}`),
        )
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      if (overflow > 0) problems.push(`${where}: ${overflow} px wider than the window`)
    }
  }
  return problems
}

describe('accessibility, measured by axe-core', () => {
  it('finds nothing serious on the pages a visitor sees', async (c) => {
    const page = await browser.newPage(c)
    const pages: [string, string][] = [
      ['home', '/'],
      ['search', '/search'],
      ['search-results', '/search?q=tomato'],
      ['search-filtered', '/search?q=full+sun&Life+cycle=Annual'],
      ['plant', tomato.link],
      ['history', `${tomato.link}/history`],
      ['pictures', `${tomato.link}/pictures`],
      ['problems', `${tomato.link}/problems`],
      ['varieties', `${tomato.link}/varieties`],
      ['sow-now', '/sow-now'],
      ['recent-changes', '/changes'],
      ['login', '/login'],
      ['signup', '/signup'],
      ['docs', '/docs'],
    ]
    const problems: string[] = []
    for (const [name, path] of pages) problems.push(...(await check(page, name, path)))
    assert.deepEqual(problems, [])
  })

  it('finds nothing serious on the pages of a member who is logged in', async (c) => {
    const page = await browser.newPage(c)
    await logIn(page)
    const pages: [string, string][] = [
      ['keys', '/account/keys'],
      ['edit', `${tomato.link}/edit`],
      ['links-edit', `${tomato.link}/links`],
      ['new-plant', '/plants/new'],
      ['new-picture', `${tomato.link}/pictures/new`],
    ]
    const problems: string[] = []
    for (const [name, path] of pages) problems.push(...(await check(page, name, path)))
    assert.deepEqual(problems, [])
  })
})
