// GET /plants/<id>/calendar: windows written as a plant's attributes, turned into dates for a place's
// frost dates, in either hemisphere; a variety inherits; bad dates are a 400 naming the parameter.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
const p: Record<string, any> = {}
before(async () => {
  t = await buildTestApp()
  p.tomato = await createPlant(t, {
    name: 'Tomato',
    scientific_name: 'Solanum lycopersicum',
    data: [
      { key: 'When to sow (indoors)', value: '6-8 weeks before the last frost' },
      { key: 'When to plant (transplant)', value: '2-4 weeks after the last frost' },
      { key: 'Days to maturity', value: '85-90' },
    ],
  })
  p.roma = await createPlant(t, {
    name: 'Roma',
    scientific_name: 'Solanum lycopersicum',
    type: 'Variety',
    parent_id: p.tomato.id,
  })
  p.lettuce = await createPlant(t, {
    name: 'Lettuce',
    scientific_name: 'Lactuca sativa',
    data: [
      {
        key: 'When to sow (outdoors)',
        value: '4 weeks before to 1 week after the last frost; 8-10 weeks before the first frost',
      },
      { key: 'Days to maturity', value: '45' },
    ],
  })
  p.garlic = await createPlant(t, {
    name: 'Garlic',
    scientific_name: 'Allium sativum',
    data: [{ key: 'When to plant (division)', value: 'at the first frost' }],
  })
  p.oak = await createPlant(t, { name: 'English oak', scientific_name: 'Quercus robur' })
})
after(async () => t.close())

const calendar = async (id: number, query: string) => {
  const response = await t.request('GET', `/api/plants/${id}/calendar?${query}`)
  assert.equal(response.status, 200, response.text)
  return response.body
}

describe('a plant calendar', () => {
  it('dates the windows of a northern season and the harvest after planting out', async () => {
    const body = await calendar(p.tomato.id, 'last_frost=04-15&first_frost=10-20&year=2026')
    assert.deepEqual(body, {
      plant_id: p.tomato.id,
      year: 2026,
      last_frost: '2026-04-15',
      first_frost: '2026-10-20',
      windows: [
        {
          action: 'sow_indoors',
          from: '2026-02-18',
          to: '2026-03-04',
          note: '6-8 weeks before the last frost',
          source: null,
        },
        {
          action: 'transplant',
          from: '2026-04-29',
          to: '2026-05-13',
          note: '2-4 weeks after the last frost',
          source: null,
        },
      ],
      harvest: { from: '2026-07-23', to: '2026-08-11' },
      from_parent: false,
      notes: [],
    })
  })

  it('puts fall windows in the next year of a southern season, and leaves them out without first_frost', async () => {
    const south = await calendar(p.lettuce.id, 'last_frost=09-20&first_frost=05-01&year=2026')
    assert.equal(south.first_frost, '2027-05-01')
    assert.deepEqual(
      south.windows.map(({ from, to }: { from: string; to: string }) => [from, to]),
      [
        ['2026-08-23', '2026-09-27'],
        ['2027-02-20', '2027-03-06'],
      ],
    )
    assert.deepEqual(south.harvest, { from: '2026-10-07', to: '2027-04-20' })
    const noFall = await calendar(p.lettuce.id, 'last_frost=09-20&year=2026')
    assert.equal(noFall.first_frost, null)
    assert.equal(noFall.windows.length, 1)
    assert.match(noFall.notes[0], /first_frost/)
    const garlic = await calendar(p.garlic.id, 'last_frost=03-30&first_frost=10-15&year=2026')
    assert.deepEqual(garlic.windows, [
      { action: 'plant', from: '2026-10-15', to: '2026-10-15', note: 'at the first frost', source: null },
    ])
  })

  it("gives a variety without windows its parent's, and a plant without data none", async () => {
    const roma = await calendar(p.roma.id, 'last_frost=04-15&year=2026')
    assert.equal(roma.from_parent, true)
    assert.equal(roma.windows.length, 2)
    const oak = await calendar(p.oak.id, 'last_frost=04-15')
    assert.deepEqual([oak.windows, oak.harvest, oak.from_parent], [[], null, false])
    assert.equal(oak.year, new Date().getUTCFullYear())
  })

  it('answers bad dates with a 400 naming the parameter, an unknown plant with a 404', async () => {
    const cases: [string, string][] = [
      ['last_frost=13-45', 'last_frost'],
      ['last_frost=02-30', 'last_frost'],
      ['last_frost=spring', 'last_frost'],
      ['last_frost=4-15', 'last_frost'],
      ['last_frost=02-29&year=2027', 'last_frost'],
      ['last_frost=04-15&first_frost=00-10', 'first_frost'],
      ['last_frost=04-15&year=1800', 'year'],
      ['last_frost=04-15&year=x', 'year'],
      ['', 'last_frost'],
    ]
    for (const [query, name] of cases) {
      assertError(
        await t.request('GET', `/api/plants/${p.tomato.id}/calendar?${query}`),
        400,
        'bad request',
        [name],
      )
    }
    assert.equal((await calendar(p.tomato.id, 'last_frost=02-29&year=2028')).last_frost, '2028-02-29')
    assert.equal((await t.request('GET', '/api/plants/99999999/calendar?last_frost=04-15')).status, 404)
  })
})
