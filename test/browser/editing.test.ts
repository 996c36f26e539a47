// A new member edits plants in Chromium, as a gardener would: from the plant page's "Edit this plant"
// button to the form (each attribute's value labelled with its key, "Remove <key>" checkboxes, the note
// "What did you change, and where is it from?") and back to the plant page, whose History shows the note;
// the conflict page when a second tab saved first, and its "Save my change on top"; a companion added on
// "Companions and antagonists" with the suggestion box. Screenshots at 1280 and 390 px wide go to
// test-results/<dialect>/.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, unique } from '../helpers/factories.ts'
import { screenshot, structureProblems, useBrowser } from './browser.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())
const browser = useBrowser()

const section = (page: Page, name: string) =>
  page.locator('section', { has: page.getByRole('heading', { name, exact: true }) })
const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)
const NOTE = 'What did you change, and where is it from?'

let members = 0
/** Signs a new member up and logs them in through the pages. */
async function newMember(page: Page): Promise<string> {
  members += 1
  const name = `Kitchen Gardener ${members} ${process.pid}`
  const email = `kitchen${members}.${process.pid}@example.org`
  await page.goto(`${t.baseUrl}/signup`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Display name').fill(name)
  await page.getByLabel('Password').fill('beans-and-marigolds')
  await page.getByRole('button', { name: 'Create account' }).click()
  await waitForPath(page, '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('beans-and-marigolds')
  await page.getByRole('button', { name: 'Log in' }).click()
  await waitForPath(page, '/account/keys')
  return name
}

/** Looks at the page as it is, at 1280 and at 390 px wide: its screenshots, labels, headings, and nothing
 * wider than a phone. */
async function lookAt(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, name)
  assert.deepEqual(await structureProblems(page), [], `${name}: labels and headings`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-phone`)
  // What a phone shows first, at its own size (the whole page is too long to read shrunk).
  await screenshot(page, `${name}-phone-top`, { fullPage: false })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert.ok(overflow <= 0, `${name} is ${overflow}px wider than a phone`)
  await page.setViewportSize({ width: 1280, height: 900 })
}

const tomatoData = [
  { key: 'Light requirement', value: 'Full sun' },
  { key: 'Water requirement', value: 'Moist' },
  { key: 'Height', value: '1.5' },
  { key: 'Life cycle', value: 'Annual' },
  { key: 'Family', value: 'Solanaceae' },
]

describe('a new member editing plants in the browser', { timeout: 90_000 }, () => {
  it('edits an attribute from the plant page and sees it in the History with the note', async (test) => {
    const plant = await createPlant(t, {
      name: unique('Tomato'),
      scientific_name: 'Solanum lycopersicum',
      description: 'A tender perennial grown as an annual.',
      data: tomatoData,
    })
    const page = await browser.newPage(test)
    const name = await newMember(page)
    await page.goto(`${t.baseUrl}${plant.link}`)
    await page.getByRole('link', { name: 'Edit this plant' }).click()
    await waitForPath(page, `${plant.link}/edit`)
    await lookAt(page, 'edit-form')

    await page.getByLabel('Water requirement', { exact: true }).fill('Moist, never waterlogged')
    await page.getByLabel(NOTE).fill('Watering advice from the RHS grow guide')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await waitForPath(page, plant.link)

    const conditions = section(page, 'Growing conditions')
    await conditions.locator('dd .value', { hasText: /^Moist, never waterlogged$/ }).waitFor()
    const row = section(page, 'History').locator('tr', { hasText: 'Watering advice from the RHS grow guide' })
    await row.waitFor()
    assert.match(await row.innerText(), new RegExp(name))
    assert.match(await row.innerText(), /Water requirement: Moist → Moist, never waterlogged/)
    // The member is now the value's source; the values they did not touch keep theirs.
    const version = (await t.request('GET', `/api/plants/${plant.id}`)).body.version
    const mark = conditions.locator('details.source-mark', { hasText: 'Where Water requirement came from' })
    await mark.locator('summary').click()
    assert.equal(
      (await mark.locator('.source-text').innerText()).trim(),
      `Saved by ${name} in version ${version}`,
    )
    const light = conditions.locator('details.source-mark', { hasText: 'Where Light requirement came from' })
    await light.locator('summary').click()
    assert.doesNotMatch(await light.locator('.source-text').innerText(), new RegExp(name))
  })

  it('meets the conflict page when a second tab saved first, and saves on top', async (test) => {
    const plant = await createPlant(t, { name: unique('Courgette'), data: tomatoData })
    const first = await browser.newPage(test)
    await newMember(first)
    const second = await first.context().newPage()
    for (const tab of [first, second]) await tab.goto(`${t.baseUrl}${plant.link}/edit`)

    await second.getByLabel('Light requirement', { exact: true }).fill('Full sun, Partial sun/shade')
    await second.getByLabel(NOTE).fill('Crops in half shade too (my allotment)')
    await second.getByRole('button', { name: 'Save changes' }).click()
    await waitForPath(second, plant.link)

    await first.getByLabel('Height, in metres').fill('0.9')
    await first.getByLabel(NOTE).fill('Height from the seed packet')
    const answer = first.waitForResponse((response) => response.request().method() === 'POST')
    await first.getByRole('button', { name: 'Save changes' }).click()
    assert.equal((await answer).status(), 409)
    await first.getByRole('heading', { level: 1, name: /was changed while you were editing it/ }).waitFor()
    await lookAt(first, 'conflict')

    const theirs = section(first, 'What changed since you started')
    await theirs.getByText('Crops in half shade too (my allotment)').waitFor()
    await theirs.getByText(/by you, in another tab or window/).waitFor()
    await theirs
      .locator('tr', { hasText: 'Light requirement' })
      .getByText('Full sun, Partial sun/shade')
      .waitFor()
    const yours = section(first, 'Your change')
    await yours.locator('tr', { hasText: 'Height' }).getByText('0.9').waitFor()
    assert.equal(
      await first.getByLabel('Light requirement', { exact: true }).inputValue(),
      'Full sun, Partial sun/shade',
    )
    assert.equal(await first.getByLabel(NOTE).inputValue(), 'Height from the seed packet')

    // The button beside the changes: one click, without scrolling through the form.
    await section(first, 'Your change').getByRole('button', { name: 'Save my change on top' }).click()
    await waitForPath(first, plant.link)
    const conditions = section(first, 'Growing conditions')
    await conditions.locator('dd .value', { hasText: /^Full sun, Partial sun\/shade$/ }).waitFor()
    await conditions.locator('dd .value', { hasText: /^90 cm \(35 in\)$/ }).waitFor()
  })

  it('removes an attribute, told to tick Remove when only its value was emptied', async (test) => {
    const plant = await createPlant(t, { name: unique('Runner bean'), data: tomatoData })
    const page = await browser.newPage(test)
    await newMember(page)
    await page.goto(`${t.baseUrl}${plant.link}`)
    await page.getByRole('link', { name: 'Edit this plant' }).click()
    // Emptying the value is not enough: the form says to tick Remove, keeping the note.
    await page.getByLabel('Family', { exact: true }).fill('')
    await page.getByLabel(NOTE).fill('Family belongs to the tomato, not the bean')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Empty: type a value, or tick “Remove” to delete this attribute.').waitFor()
    await lookAt(page, 'edit-form-problem')
    assert.equal(await page.getByLabel(NOTE).inputValue(), 'Family belongs to the tomato, not the bean')
    await page.getByLabel('Remove Family').check()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await waitForPath(page, plant.link)
    await section(page, 'History').locator('tr', { hasText: 'Family belongs to the tomato' }).waitFor()
    assert.equal(await page.locator('dl.attributes dt', { hasText: /^Family$/ }).count(), 0)
  })

  it('adds a companion with a note, choosing it with the suggestion box, and removes it', async (test) => {
    const marigold = await createPlant(t, {
      name: unique('French marigold'),
      scientific_name: 'Tagetes patula',
    })
    const plant = await createPlant(t, { name: unique('Cabbage') })
    const page = await browser.newPage(test)
    await newMember(page)
    await page.goto(`${t.baseUrl}${plant.link}`)
    await page.getByRole('link', { name: 'Companions and antagonists' }).click()
    await waitForPath(page, `${plant.link}/links`)

    await page.getByLabel('Other plant').pressSequentially('French mari')
    await page.locator(`#other-suggestions option[value="${marigold.name}"]`).waitFor({ state: 'attached' })
    await page.getByLabel('Other plant').fill(marigold.name)
    await page.getByLabel('A companion: they grow well together').check()
    await page.getByLabel('Why, and where is it from?').fill('Marigolds draw aphids away (Garden Organic)')
    await lookAt(page, 'links-form')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await waitForPath(page, plant.link)

    const companions = section(page, 'Companions')
    await companions.getByRole('link', { name: marigold.name }).first().waitFor()
    // The chips name the plants; why, in the member's words, is one click away.
    await companions.getByText('Why, and where each companion comes from').click()
    await companions.getByText('Marigolds draw aphids away (Garden Organic)').waitFor()

    // Back on the page, the companion is listed with a Remove that asks why.
    await page.getByRole('link', { name: 'Companions and antagonists' }).click()
    await page.getByText(`Remove ${marigold.name}…`).click()
    await page.getByLabel(`Why remove ${marigold.name}?`).fill('Tested for three years: no difference')
    await lookAt(page, 'links-remove')
    await page.getByRole('button', { name: `Remove ${marigold.name}` }).click()
    await waitForPath(page, plant.link)
    await section(page, 'Companions').getByText('No companions recorded.').waitFor()
  })

  it('shows a plant page with the edit buttons to a member, and “Log in to edit” to a visitor', async (test) => {
    const plant = await createPlant(t, { name: unique('Leek'), data: tomatoData })
    const page = await browser.newPage(test)
    await page.goto(`${t.baseUrl}${plant.link}`)
    await page.getByRole('link', { name: 'Log in to edit' }).waitFor()
    assert.equal(await page.getByRole('link', { name: 'Edit this plant' }).count(), 0)
    await newMember(page)
    await page.goto(`${t.baseUrl}${plant.link}`)
    await lookAt(page, 'plant-member')
    await page.goto(`${t.baseUrl}/plants/new?parent=${plant.slug}`)
    await lookAt(page, 'new-variety')
  })
})
