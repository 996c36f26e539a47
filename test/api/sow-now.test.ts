// GET /calendar: what to sow or plant on a date, for a place's frost dates, in either hemisphere; the
// window index follows every save; action, type and facets narrow the list; bad input is a 400 naming it.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, unique } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
const p: Record<string, any> = {}
// A family of its own, so the list can be narrowed to this file's plants whatever else the database holds.
const family = unique('Sowfamily')
before(async () => {
  t = await buildTestApp()
  const plant = (name: string, data: { key: string; value: string }[], more = {}) =>
    createPlant(t, { name, data: [{ key: 'Family', value: family }, ...data], ...more })
  p.tomato = await plant('Tomato', [
    { key: 'When to sow (indoors)', value: '6-8 weeks before the last frost' },
    { key: 'When to plant (transplant)', value: '2-4 weeks after the last frost' },
  ])
  p.roma = await plant('Roma', [], { type: 'Variety', parent_id: p.tomato.id })
  p.lettuce = await plant('Lettuce', [
    { key: 'Light requirement', value: 'Partial sun' },
    {
      key: 'When to sow (outdoors)',
      value: '4 weeks before to 2 weeks after the last frost; 8-10 weeks before the first frost',
    },
  ])
  p.garlic = await plant('Garlic', [
    { key: 'When to plant (division)', value: '0-3 weeks after the first frost' },
  ])
  p.oak = await plant('English oak', [])
})
after(async () => t.close())

const sowNow = async (query: string) => {
  const response = await t.request('GET', `/api/calendar?Family=${encodeURIComponent(family)}&${query}`)
  assert.equal(response.status, 200, response.text)
  return response.body
}
const names = (body: any) => body.plants.map((plant: { name: string }) => plant.name)

describe('GET /calendar', () => {
  it('lists the plants to sow on a date with their open windows dated, in id order', async () => {
    const body = await sowNow('last_frost=04-15&first_frost=10-20&date=2026-03-01')
    assert.deepEqual(names(body), ['Tomato'])
    assert.equal(body.date, '2026-03-01')
    assert.deepEqual(body.notes, [])
    assert.deepEqual(body.windows, {
      [p.tomato.id]: [
        {
          action: 'sow_indoors',
          from: '2026-02-18',
          to: '2026-03-04',
          note: '6-8 weeks before the last frost',
          source: null,
        },
      ],
    })
    assert.deepEqual(body.pagination, { page: 1, per_page: 100, total: 1, total_pages: 1 })
    const april = await sowNow('last_frost=04-15&first_frost=10-20&date=2026-04-20')
    assert.deepEqual(names(april), ['Lettuce'])
    assert.deepEqual(april.windows[p.lettuce.id], [
      {
        action: 'sow_outdoors',
        from: '2026-03-18',
        to: '2026-04-29',
        note: '4 weeks before to 2 weeks after the last frost',
        source: null,
      },
    ])
    const may = await sowNow('last_frost=04-15&first_frost=10-20&date=2026-05-01')
    assert.deepEqual(names(may), ['Tomato'])
    assert.equal(may.windows[p.tomato.id][0].action, 'transplant')
  })

  it('dates fall windows from the first frost, in the next year of a southern season', async () => {
    const fall = await sowNow('last_frost=04-15&first_frost=10-20&date=2026-08-20')
    assert.deepEqual(names(fall), ['Lettuce'])
    assert.deepEqual(
      fall.windows[p.lettuce.id].map((window: any) => [window.from, window.to]),
      [['2026-08-11', '2026-08-25']],
    )
    // Garlic goes in just after the first frost; in January that was last year's.
    const garlic = await sowNow('last_frost=04-15&first_frost=12-20&date=2027-01-05')
    assert.deepEqual(names(garlic), ['Garlic'])
    assert.deepEqual(
      garlic.windows[p.garlic.id].map((window: any) => [window.from, window.to]),
      [['2026-12-20', '2027-01-10']],
    )
    // South: the last frost in September, the first in May of the next year.
    const south = await sowNow('last_frost=09-20&first_frost=05-01&date=2027-03-01')
    assert.deepEqual(names(south), ['Lettuce'])
    assert.deepEqual(
      south.windows[p.lettuce.id].map((window: any) => [window.from, window.to]),
      [['2027-02-20', '2027-03-06']],
    )
    const southSpring = await sowNow('last_frost=09-20&first_frost=05-01&date=2026-08-01')
    assert.deepEqual(names(southSpring), ['Tomato'])
  })

  it('leaves out windows set from the first frost without first_frost, and says so', async () => {
    const body = await sowNow('last_frost=04-15&date=2026-08-20')
    assert.deepEqual(names(body), [])
    assert.match(body.notes[0], /first_frost/)
  })

  it('narrows by action (a comma list), type and facets, and pages', async () => {
    const both = await sowNow('last_frost=04-15&first_frost=10-20&date=2026-03-25')
    assert.deepEqual(names(both), ['Lettuce'])
    const all = await sowNow('last_frost=04-15&first_frost=10-20&date=2026-04-29')
    assert.deepEqual(names(all), ['Tomato', 'Lettuce'])
    const outdoors = await sowNow('last_frost=04-15&first_frost=10-20&date=2026-04-29&action=sow_outdoors')
    assert.deepEqual(names(outdoors), ['Lettuce'])
    const list = await sowNow(
      'last_frost=04-15&first_frost=10-20&date=2026-04-29&action=transplant,%20sow_outdoors',
    )
    assert.deepEqual(names(list), ['Tomato', 'Lettuce'])
    const sun = await sowNow('last_frost=04-15&date=2026-04-29&Light%20requirement=Partial%20sun')
    assert.deepEqual(names(sun), ['Lettuce'])
    assert.deepEqual(names(await sowNow('last_frost=04-15&date=2026-04-29&type=Variety')), [])
    const second = await sowNow('last_frost=04-15&date=2026-04-29&page=2&per_page=1')
    assert.deepEqual(names(second), ['Lettuce'])
    assert.deepEqual(Object.keys(second.windows), [String(p.lettuce.id)])
    assert.deepEqual(second.pagination, { page: 2, per_page: 1, total: 2, total_pages: 2 })
  })

  it('lists a plant for its own windows: a variety without any follows its plant and is not listed', async () => {
    const body = await sowNow('last_frost=04-15&date=2026-03-01')
    assert.ok(!names(body).includes('Roma'))
    const roma = await t.request('GET', `/api/plants/${p.roma.id}/calendar?last_frost=04-15&year=2026`)
    assert.equal(roma.body.from_parent, true)
  })

  it('follows every save: an edit that adds, changes or removes a window', async () => {
    const date = 'last_frost=04-15&date=2026-06-10'
    assert.deepEqual(names(await sowNow(date)), [])
    const edited = await t.request('PUT', `/api/plants/${p.oak.id}`, {
      version: p.oak.version,
      note: 'sown in acorns',
      data: [{ key: 'When to sow (outdoors)', value: '7-9 weeks after the last frost' }],
    })
    assert.equal(edited.status, 200, edited.text)
    assert.deepEqual(names(await sowNow(date)), ['English oak'])
    const moved = await t.request('PUT', `/api/plants/${p.oak.id}`, {
      version: edited.body.version,
      note: 'later',
      data: [{ key: 'When to sow (outdoors)', value: '20 weeks after the last frost' }],
    })
    assert.equal(moved.status, 200, moved.text)
    assert.deepEqual(names(await sowNow(date)), [])
    const reverted = await t.request('POST', `/api/plants/${p.oak.id}/revert`, {
      version: moved.body.version,
      to_version: edited.body.version,
      note: 'back to June',
    })
    assert.equal(reverted.status, 200, reverted.text)
    assert.deepEqual(names(await sowNow(date)), ['English oak'])
  })

  it('answers bad dates, actions and facets with a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['last_frost=13-45', 'last_frost'],
      ['last_frost=02-30', 'last_frost'],
      ['last_frost=spring', 'last_frost'],
      ['last_frost=04-15&first_frost=00-10', 'first_frost'],
      ['last_frost=04-15&date=2026-02-30', 'date'],
      ['last_frost=04-15&date=2026-13-01', 'date'],
      ['last_frost=04-15&date=tomorrow', 'date'],
      ['last_frost=04-15&date=1800-01-01', 'date'],
      ['last_frost=04-15&action=sow', 'action'],
      ['last_frost=04-15&action=sow_indoors,,', 'action'],
      ['last_frost=04-15&Family=1..3', 'Family'],
      ['', 'last_frost'],
    ]
    for (const [query, name] of cases)
      assertError(await t.request('GET', `/api/calendar?${query}`), 400, 'bad request', [name])
    const strict = await t.request('GET', '/api/calendar?last_frost=04-15&Famly=x', undefined, {
      prefer: 'handling=strict',
    })
    assertError(strict, 400, 'bad request', ['"Famly"', 'for /calendar', '"Famly" → "Family"'])
    const lenient = await t.request('GET', `/api/calendar?last_frost=04-15&date=2026-03-01&Famly=x`)
    assert.equal(lenient.status, 200)
    assert.match(lenient.headers.get('hortus-ignored-parameters') ?? '', /Famly \(did you mean Family\?\)/)
    // A frost on 02-29 is a date of some years: taken as 02-28 in the others, never an error.
    assert.equal((await t.request('GET', '/api/calendar?last_frost=02-29&date=2027-03-01')).status, 200)
  })

  it('defaults the date to today', async () => {
    const body = await sowNow('last_frost=04-15')
    assert.equal(body.date, new Date().toISOString().slice(0, 10))
  })
})
