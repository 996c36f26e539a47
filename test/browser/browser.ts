// The browser for test/browser/: Debian's Chromium (scripts/browser/ensure-chromium.sh installs it), driven
// headless by playwright-core, which never downloads a browser of its own. One browser per test file; each
// test gets a fresh context and page, closed when the test ends.
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, type TestContext } from 'node:test'
import { chromium, type Browser, type Page } from 'playwright-core'
import { TEST_DIALECT } from '../helpers/test-database.ts'

/** Debian's Chromium (its launcher script, which passes our flags through); HORTUS_CHROMIUM overrides it. */
export const CHROMIUM = process.env.HORTUS_CHROMIUM ?? '/usr/bin/chromium'

/** The longest any action, wait or navigation may take; pages are served from 127.0.0.1. */
export const WAIT_MS = 5_000
/** A cold start on a busy machine is slower than a page load. */
const LAUNCH_MS = 15_000

const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url))
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: run scripts/browser/ensure-chromium.sh (as root, it installs it)`,
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: LAUNCH_MS,
    // Chromium's sandbox cannot start as root (CI runs as root in a container) and needs user namespaces
    // that containers often lack; the pages are our own, from 127.0.0.1. Playwright then passes --no-sandbox.
    chromiumSandbox: false,
    // Containers often give /dev/shm 64 MB, which Chromium outgrows and crashes; this uses /tmp instead.
    args: ['--disable-dev-shm-usage'],
  })
}

export interface BrowserUnderTest {
  /** A fresh page in its own context (no cookies or storage from another test), closed when `t` ends. */
  newPage(t: TestContext): Promise<Page>
}

/**
 * Launches Chromium before this file's tests and closes it after them; call at the top level of a test file.
 * A test fails when its page throws an uncaught error or asks for anything outside 127.0.0.1 (the suite has
 * no network, so such a request could only hang or break the page).
 */
export function useBrowser(): BrowserUnderTest {
  let browser: Browser | undefined
  before(async () => {
    browser = await launch()
  })
  after(async () => browser?.close())

  return {
    async newPage(t) {
      if (!browser) throw new Error('useBrowser(): the browser has not started')
      const context = await browser.newContext()
      context.setDefaultTimeout(WAIT_MS)
      context.setDefaultNavigationTimeout(WAIT_MS)
      const problems: string[] = []
      await context.route(
        (url) => !LOOPBACK.has(url.hostname),
        async (route) => {
          problems.push(`request outside 127.0.0.1: ${route.request().url()}`)
          await route.abort('blockedbyclient')
        },
      )
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`uncaught error in the page: ${error.message}`))
      t.after(async () => {
        await context.close()
        if (problems.length > 0) throw new Error(problems.join('\n'))
      })
      return page
    },
  }
}

/**
 * Saves a full-page screenshot as test-results/<dialect>/<name>.png (overwritten on each run) and returns
 * its path: the pages as a person would see them, to look at after a run. `fullPage: false` keeps what is
 * on screen, for a page too long to look at whole.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  const dir = join(RESULTS, TEST_DIALECT)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, `${name}.png`)
  await page.screenshot({ path, fullPage, timeout: WAIT_MS })
  return path
}

/**
 * What a screen-reader user would trip over on the page in view: an input, select or textarea without a
 * label (or aria-label), no single h1, or a heading that skips a level (h2 → h4). Empty when all is well.
 */
export async function structureProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([type="hidden"]), select, textarea',
    )
    for (const field of fields) {
      if ((field.labels?.length ?? 0) === 0 && !field.getAttribute('aria-label'))
        problems.push(`no label for ${field.outerHTML.slice(0, 80)}`)
    }
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]))
    if (levels.filter((level) => level === 1).length !== 1) problems.push('not exactly one h1')
    levels.forEach((level, index) => {
      const previous = index === 0 ? 0 : levels[index - 1]!
      if (level > previous + 1) problems.push(`h${previous} followed by h${level}`)
    })
    return problems
  })
}

/** axe-core's engine, from npm: injected through the DevTools protocol, which the page's CSP does not
 * govern (the site allows no inline script, rightly). */
const AXE_SOURCE = createRequire(import.meta.url)('axe-core').source as string

/**
 * The serious and critical problems axe-core finds on the page as it is now (WCAG 2.2 A and AA rules and
 * axe's best practices), one line each: the rule, what it says, and where. Empty when there are none.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe
    const results = await axe.run({ resultTypes: ['violations'] })
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }))
  })
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, impact, help, targets }) => `${impact} ${id}: ${help} (${targets.join('; ')})`)
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
}

/** What a phone user taps: controls, and links that stand alone (not inside a sentence). */
const TAP_TARGETS = [
  'header.site nav a',
  'button',
  'select',
  'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])',
  'summary',
  'ul.plant-chips a',
  'ul.categories a',
  'ul.variety-grid a',
  'ol.cards li.card',
  'nav.paging a',
].join(', ')

/** Tap targets on the page in view smaller than 44 × 44 px (height, and width for the small square
 * ones), one line each; empty when all are big enough. */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue // not shown (a closed disclosure's content)
      if (box.height < 43.5 || box.width < 24)
        small.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
    }
    return small
  }, TAP_TARGETS)
}
