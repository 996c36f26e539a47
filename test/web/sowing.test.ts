// The website's sowing calendar over real HTTP, without a browser: the frost dates form keeps the dates in
// a cookie and goes back (never to another site), a wrong date is a page saying what to fix, the plant page
// shows the windows dated, a variety its plant's, the .ics file is RFC 5545 text, and "Sow now" lists what
// is open this week.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { Visitor, textOf } from '../helpers/visitor.ts'

let t: TestApp
const p: Record<string, any> = {}
before(async () => {
  t = await buildTestApp()
  p.garlic = await createPlant(t, {
    name: 'Garlic',
    scientific_name: 'Allium sativum',
    data: [{ key: 'When to plant (division)', value: '0-3 weeks after the first frost' }],
  })
  p.music = await createPlant(t, { name: 'Music garlic', type: 'Variety', parent_id: p.garlic.id })
  p.oak = await createPlant(t, { name: 'Oak', scientific_name: 'Quercus robur' })
})
after(async () => t.close())

const path = (plant: { link: string }) => new URL(plant.link, t.baseUrl).pathname

describe('the frost dates form', () => {
  it('keeps the dates in a cookie and goes back to the page, never to another site', async () => {
    const visitor = new Visitor(t.baseUrl)
    const back = path(p.garlic)
    const set = await visitor.get(
      `/frost-dates?last_month=4&last_day=15&first_month=10&first_day=20&back=${encodeURIComponent(back)}`,
    )
    assert.equal(set.status, 303)
    assert.equal(set.location, back)
    assert.equal(visitor.cookie('hortus_frost'), '04-15_10-20')
    assert.match(set.cookies[0]!, /HttpOnly/i)
    assert.match(set.cookies[0]!, /SameSite=Lax/i)
    const away = await visitor.get('/frost-dates?last_month=4&last_day=15&back=%2F%2Fevil.example')
    assert.equal(away.location, '/sow-now')
    assert.equal(visitor.cookie('hortus_frost'), '04-15')
    const cleared = await visitor.get('/frost-dates?clear=1&back=/sow-now')
    assert.equal(cleared.status, 303)
    assert.equal(visitor.cookie('hortus_frost'), undefined)
  })

  it('answers a date that does not exist with a page saying what to fix', async () => {
    const visitor = new Visitor(t.baseUrl)
    const cases: [string, RegExp][] = [
      ['last_month=2&last_day=30', /February has no day 30/],
      ['last_month=4&last_day=15&first_month=9&first_day=31', /First fall frost: September has no day 31/],
      ['last_month=4', /Last spring frost: choose both a month and a day/],
      ['', /Choose the month and day of your last spring frost/],
    ]
    for (const [query, message] of cases) {
      const answer = await visitor.get(`/frost-dates?${query}`)
      assert.equal(answer.status, 400, query)
      assert.match(answer.headers.get('content-type') ?? '', /text\/html/)
      assert.match(textOf(answer.html), message)
      assert.equal(visitor.cookie('hortus_frost'), undefined)
    }
  })
})

describe('the plant page and its calendar file', () => {
  it('asks for frost dates, then shows the windows as dates; a variety its plant’s', async () => {
    const visitor = new Visitor(t.baseUrl)
    const before = textOf((await visitor.get(path(p.garlic))).html)
    assert.match(before, /When to sow and plant Plant ?: 0-3 weeks after the first frost/)
    assert.match(before, /Last spring frost/)
    assert.match(before, /typical windows/)
    visitor.setCookie('hortus_frost', '03-30_10-15')
    const dated = textOf((await visitor.get(path(p.garlic))).html)
    assert.match(dated, /For your last spring frost on 30 March and first fall frost on 15 October ?:/)
    assert.match(dated, /Plant ?: 15 Oct – 5 Nov \d{4} \(0-3 weeks after the first frost\)/)
    assert.match(dated, /Add to my calendar \(\.ics\)/)
    assert.match(dated, /local frost dates matter more than any hardiness zone/)
    const variety = textOf((await visitor.get(path(p.music))).html)
    assert.match(variety, /This variety follows the windows of Garlic/)
    assert.match(variety, /Plant ?: 15 Oct – 5 Nov/)
    const oak = textOf((await visitor.get(path(p.oak))).html)
    assert.match(oak, /No sowing or planting windows are recorded for this plant/)
  })

  it('serves the windows as an iCalendar file, and a bad or missing date as a 400 page', async () => {
    const response = await fetch(
      `${t.baseUrl}${path(p.garlic)}/calendar.ics?last_frost=03-30&first_frost=10-15&year=2026`,
    )
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'text/calendar; charset=utf-8')
    const ics = await response.text()
    const lines = ics.replace(/\r\n /g, '').split('\r\n')
    assert.deepEqual(lines.slice(0, 2), ['BEGIN:VCALENDAR', 'VERSION:2.0'])
    assert.ok(lines.includes('DTSTART;VALUE=DATE:20261015'))
    assert.ok(lines.includes('DTEND;VALUE=DATE:20261106'))
    assert.ok(lines.includes('SUMMARY:Plant Garlic'))
    for (const query of [
      'last_frost=13-45',
      'last_frost=02-30',
      'last_frost=spring',
      '',
      'last_frost=04-15&first_frost=x',
    ]) {
      const bad = await fetch(`${t.baseUrl}${path(p.garlic)}/calendar.ics?${query}`)
      assert.equal(bad.status, 400, query)
      assert.match(textOf(await bad.text()), /(last|first)_frost/)
    }
    assert.equal((await fetch(`${t.baseUrl}/plants/no-such-plant/calendar.ics?last_frost=04-15`)).status, 404)
  })
})

describe('Sow now', () => {
  it('asks for the frost dates, then lists what to plant this week', async () => {
    const visitor = new Visitor(t.baseUrl)
    assert.match(textOf((await visitor.get('/sow-now')).html), /Tell us your average frost dates once/)
    // The first frost a week ago: garlic goes in now.
    const firstFrost = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(5, 10)
    const lastFrost = firstFrost === '04-15' ? '04-16' : '04-15'
    visitor.setCookie('hortus_frost', `${lastFrost}_${firstFrost}`)
    const page = textOf((await visitor.get('/sow-now')).html)
    assert.match(page, /This week: .* Garlic Allium sativum Plant ?: /)
    assert.doesNotMatch(page, /Music garlic/)
    assert.match(page, /local frost dates matter more than any hardiness zone/)
    const planting = textOf((await visitor.get('/sow-now?action=plant')).html)
    assert.match(planting, /This week: .* Garlic/)
    const sowing = textOf((await visitor.get('/sow-now?action=sow_indoors')).html)
    assert.match(sowing, /Nothing has a window open this week/)
    const wrong = await visitor.get('/sow-now?action=harvest')
    assert.equal(wrong.status, 400)
    assert.match(textOf(wrong.html), /There is no “harvest” list/)
    assert.match(
      textOf((await visitor.get('/')).html),
      /Browse Sow now what to sow and plant this week, for your frost dates/,
    )
  })
})
