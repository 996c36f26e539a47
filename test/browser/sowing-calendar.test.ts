// A gardener's sowing calendar in Chromium: on the Tomato page they enter their frost dates once (month
// and day selects in the fieldsets "Last spring frost" and "First fall frost (optional)", a GET form that
// keeps them in a cookie), see the windows as dates in a list beside a 12-month strip, download the
// windows as an .ics file and open "Sow now", which lists Tomato this week. The frost dates are chosen
// from today, so the sowing window is open whenever the test runs.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { screenshot, structureProblems, useBrowser } from './browser.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())
const browser = useBrowser()

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'].concat(
  ['October', 'November', 'December'],
)
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000)
const short = (iso: string) => `${Number(iso.slice(8))} ${MONTHS[Number(iso.slice(5, 7)) - 1]!.slice(0, 3)}`

describe('the sowing calendar in the browser', { timeout: 60_000 }, () => {
  it('enters frost dates on the Tomato page, sees dated windows, downloads the .ics, opens Sow now', async (test) => {
    const tomato = await createPlant(t, {
      scientific_name: 'Solanum lycopersicum',
      name: 'Tomato',
      data: [
        { key: 'When to sow (indoors)', value: '6-8 weeks before the last frost' },
        { key: 'When to plant (transplant)', value: '2-4 weeks after the last frost' },
        { key: 'Days to maturity', value: '60-80' },
      ],
    })
    // The last frost seven weeks from today: sowing indoors (six to eight weeks before it) is open now.
    const lastFrost = day(49)
    const firstFrost = day(49 + 180)

    const page = await browser.newPage(test)
    await page.goto(`${t.baseUrl}${new URL(tomato.link, t.baseUrl).pathname}`)
    const sowing = page.locator('section.sowing')
    await sowing.getByText('6-8 weeks before the last frost').waitFor()
    const last = page.getByRole('group', { name: 'Last spring frost' })
    await last.getByLabel('Month').selectOption(String(lastFrost.getUTCMonth() + 1))
    await last.getByLabel('Day').selectOption(String(lastFrost.getUTCDate()))
    const first = page.getByRole('group', { name: 'First fall frost (optional)' })
    await first.getByLabel('Month').selectOption(String(firstFrost.getUTCMonth() + 1))
    await first.getByLabel('Day').selectOption(String(firstFrost.getUTCDate()))
    await screenshot(page, 'sowing-frost-form')
    assert.deepEqual(await structureProblems(page), [], 'plant page: labels and headings')
    await page.getByRole('button', { name: 'Show the dates' }).click()
    await page.waitForURL((url) => url.pathname === new URL(tomato.link, t.baseUrl).pathname)

    // The windows as dates: the same the API gives for that season.
    await sowing
      .getByText(`For your last spring frost on ${lastFrost.getUTCDate()} ${MONTHS[lastFrost.getUTCMonth()]}`)
      .waitFor()
    await screenshot(page, 'sowing-dated')
    const year = lastFrost.getUTCFullYear()
    const lastText = lastFrost.toISOString().slice(5, 10)
    const firstText = firstFrost.toISOString().slice(5, 10)
    const api = await t.request(
      'GET',
      `/api/plants/${tomato.id}/calendar?last_frost=${lastText}&first_frost=${firstText}&year=${year}`,
    )
    const [indoors, transplant] = api.body.windows
    const items = await sowing.locator('ul.dated li').allInnerTexts()
    assert.match(
      items[0]!,
      new RegExp(`^Sow indoors: ${short(indoors.from)}.* – ${short(indoors.to)} \\d{4}`),
    )
    assert.match(items[0]!, /open now/)
    assert.match(
      items[1]!,
      new RegExp(`^Plant out: ${short(transplant.from)}.* – ${short(transplant.to)} \\d{4}`),
    )
    assert.match(items[2]!, /^Harvest: about /)
    assert.equal(await sowing.locator('.strip .strip-label').count(), 3, 'a bar for each, named')
    await sowing.getByText('local frost dates matter more than any hardiness zone').waitFor()

    // The .ics file: one all-day event per window, in CRLF lines.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sowing.getByRole('link', { name: 'Add to my calendar (.ics)' }).click(),
    ])
    const ics = readFileSync(await download.path(), 'utf8')
    assert.ok(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:'), ics.slice(0, 80))
    assert.ok(ics.trimEnd().endsWith('END:VCALENDAR'))
    assert.equal(ics.match(/\r\nBEGIN:VEVENT\r\n/g)?.length, 2)
    assert.ok(ics.includes('SUMMARY:Sow Tomato indoors\r\n'))
    assert.ok(ics.includes('SUMMARY:Transplant Tomato\r\n'))
    assert.ok(ics.includes(`DTSTART;VALUE=DATE:${indoors.from.replace(/-/g, '')}\r\n`))
    const unfolded = ics.replace(/\r\n /g, '')
    assert.match(unfolded, /DESCRIPTION:6-8 weeks before the last frost\.\\n.*typical windows/)

    // Sow now, from the plant page: Tomato is to be sown indoors this week.
    await sowing.getByRole('link', { name: 'What else to sow now' }).click()
    await page.waitForURL((url) => url.pathname === '/sow-now')
    await screenshot(page, 'sowing-sow-now')
    assert.deepEqual(await structureProblems(page), [], 'sow now: labels and headings')
    const week = page.locator('section', { has: page.getByRole('heading', { name: /^This week/ }) })
    await week.getByRole('link', { name: 'Tomato' }).waitFor()
    assert.match(await week.locator('ul.sow-list > li').first().innerText(), /Sow indoors: /)
  })
})
