// What /search reads in q (constraints, soft words, partial matches, companions), ranges on numeric
// attributes, and browsing without q: over a few plants made here, so every expectation is worked out by
// hand. The starter dataset's figures are in test/search/understanding.test.ts.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
const p: Record<string, any> = {}

before(async () => {
  t = await buildTestApp()
  p.clover = await createPlant(t, {
    scientific_name: 'Trifolium repens',
    name: 'White clover',
    data: [
      { key: 'Layer', value: 'Ground cover' },
      { key: 'Light requirement', value: 'Full sun, partial sun/shade' },
      { key: 'Nitrogen Fixing', value: 'High' },
      { key: 'Height', value: '0.2' },
      { key: 'Soil pH', value: '5.5-7.0' },
      { key: 'USDA Hardiness zone', value: '3' },
    ],
  })
  p.thyme = await createPlant(t, {
    scientific_name: 'Thymus serpyllum',
    name: 'Creeping thyme',
    data: [
      { key: 'Layer', value: 'Ground cover' },
      { key: 'Light requirement', value: 'Full sun' },
      { key: 'Water requirement', value: 'Dry' },
      { key: 'Height', value: '0.1' },
      { key: 'Soil pH', value: '6.5-8.0' },
      { key: 'USDA Hardiness zone', value: '5' },
    ],
  })
  p.oak = await createPlant(t, {
    scientific_name: 'Quercus robur',
    name: 'English oak',
    data: [
      { key: 'Layer', value: 'Tall trees' },
      { key: 'Light requirement', value: 'Full sun' },
      { key: 'Height', value: '35' },
      { key: 'Soil pH', value: '4.5-7.5' },
      { key: 'USDA Hardiness zone', value: '4' },
    ],
  })
  p.tomato = await createPlant(t, {
    scientific_name: 'Solanum lycopersicum',
    name: 'Tomato',
    description: 'A plant for full sun; grow it with basil.',
    data: [
      { key: 'Light requirement', value: 'Full sun' },
      { key: 'Height', value: '1.5' },
      { key: 'Life cycle', value: 'Annual' },
    ],
  })
  p.basil = await createPlant(t, { scientific_name: 'Ocimum basilicum', name: 'Basil' })
  p.borage = await createPlant(t, {
    scientific_name: 'Borago officinalis',
    name: 'Borage',
    description: 'A good companion plant for tomato.',
  })
  p.alyssum = await createPlant(t, {
    scientific_name: 'Lobularia maritima',
    name: 'Sweet alyssum',
    description: 'A creeping edging plant.',
    data: [{ key: 'Life cycle', value: 'Annual' }],
  })
  p.nasturtium = await createPlant(t, { scientific_name: 'Tropaeolum spp.', name: 'Nasturtium' })
  await link(t, p.tomato.id, p.basil.id)
  await link(t, p.borage.id, p.tomato.id)
})
after(async () => t.close())

const names = (body: { plants: { name: string }[] }) => body.plants.map((plant) => plant.name)
const search = async (query: string) => {
  const response = await t.request('GET', `/api/search?${query}`)
  assert.equal(response.status, 200, response.text)
  return response.body
}
const q = (text: string, more = '') => search(`q=${encodeURIComponent(text)}${more}`)

describe('words in q', () => {
  it('reads attribute values as constraints and says so', async () => {
    const body = await q('full sun ground cover')
    assert.deepEqual(names(body), ['White clover', 'Creeping thyme'])
    assert.deepEqual(body.pagination.total, 2)
    assert.deepEqual(body.interpretation, {
      constraints: [
        { kind: 'value', key: 'Light requirement', values: ['Full sun'], words: 'full sun' },
        { kind: 'value', key: 'Layer', values: ['Ground cover'], words: 'ground cover' },
      ],
      name_words: [],
      dropped_words: [],
      unmatched_words: [],
      ignored_parameters: [],
    })
  })

  it('reads keys, gardeners’ phrases, plurals and hyphens', async () => {
    assert.deepEqual(names(await q('Nitrogen fixers')), ['White clover'])
    assert.deepEqual(names(await q('drought-tolerant groundcovers')), ['Creeping thyme'])
    assert.deepEqual(names(await q('trees')), ['English oak'])
  })

  it('reads zones, sizes with units and soil words as ranges', async () => {
    assert.deepEqual(names(await q('hardy to zone 4')), ['White clover', 'English oak'])
    const tall = await q('taller than 30 m')
    assert.deepEqual(names(tall), ['English oak'])
    assert.deepEqual(tall.interpretation.constraints, [
      { kind: 'range', key: 'Height', min: 30, max: null, unit: 'm', words: 'taller than 30 m' },
    ])
    assert.deepEqual(names(await q('under 6 inches')), ['Creeping thyme'])
    assert.deepEqual(names(await q('plants under 1 ft for alkaline soil')), ['Creeping thyme'])
    assert.deepEqual(names(await q('ph 4 to 5')), ['English oak'])
  })

  it('reads typos in phrase words, a value before its key, and winter lows', async () => {
    assert.deepEqual(names(await q('drough tolerent ground cover')), ['Creeping thyme'])
    const high = await q('high nitrogen fixers')
    assert.deepEqual(names(high), ['White clover'])
    assert.deepEqual(high.interpretation.constraints, [
      { kind: 'value', key: 'Nitrogen Fixing', values: ['High'], words: 'high nitrogen fixers' },
    ])
    // −35 °F is in zone 3 (−40 to −30 °F); −30 °C is −22 °F, zone 4.
    assert.deepEqual(names(await q('hardy to -35 degrees')), ['White clover'])
    assert.deepEqual(names(await q('hardy to -30c')), ['White clover', 'English oak'])
  })

  it('answers companion questions with that plant’s companions', async () => {
    const body = await q('what grows well with tomatoes')
    assert.deepEqual(names(body).sort(), ['Basil', 'Borage'])
    assert.equal(body.interpretation.constraints[0].kind, 'companions')
    assert.equal(body.interpretation.constraints[0].plant.id, p.tomato.id)
    assert.deepEqual(names(await q('companion plants for tomato')).sort(), ['Basil', 'Borage'])
  })

  it('drops soft words, and puts the plant named first', async () => {
    const body = await q('tomato plant')
    assert.equal(names(body)[0], 'Tomato')
    assert.deepEqual(body.interpretation.name_words, ['tomato'])
    assert.deepEqual(body.interpretation.dropped_words, ['plant'])
    assert.equal(names(await q('how to grow basil'))[0], 'Basil')
  })

  it('ranks the plants meeting the constraints first among name matches', async () => {
    // Creeping thyme has the word in its name, Sweet alyssum only in its description, but it is the annual;
    // the other annuals come next (they meet what was asked), the names that are no annual last.
    const body = await q('creeping annuals')
    assert.deepEqual(names(body), ['Sweet alyssum', 'Tomato', 'Creeping thyme'])
    assert.deepEqual(body.interpretation.name_words, ['creeping'])
  })

  it('finds nothing for a q without words, as before', async () => {
    for (const text of ['..', '!?', ' - ']) assert.equal((await q(text)).pagination.total, 0, text)
  })

  it('finds the plants matching most words when none matches all of them', async () => {
    const body = await q('Tropaeolum majus')
    assert.deepEqual(names(body), ['Nasturtium'])
    assert.deepEqual(body.interpretation.unmatched_words, ['majus'])
  })
})

describe('ranges and browsing', () => {
  it('filters a numeric attribute by overlapping range, either side open', async () => {
    assert.deepEqual(names(await search('Height=1..3')), ['Tomato'])
    assert.deepEqual(names(await search('height=20..')), ['English oak'])
    assert.deepEqual(names(await search('Height=..0.15')), ['Creeping thyme'])
    // A stored range counts as its span: 6.5-8.0 and 4.5-7.5 overlap 7.5..9, 5.5-7.0 does not.
    assert.deepEqual(names(await search('Soil%20pH=7.6..9')), ['Creeping thyme'])
    assert.deepEqual(names(await search('Soil%20pH=7.5..9')), ['Creeping thyme', 'English oak'])
    assert.deepEqual(names(await search('USDA%20Hardiness%20zone=..4&Layer=Ground%20cover')), [
      'White clover',
    ])
  })

  it('browses by filters without q, in id order, with exact totals', async () => {
    const body = await search('Light%20requirement=full%20sun&per_page=2')
    assert.deepEqual(names(body), ['White clover', 'Creeping thyme'])
    assert.deepEqual(body.pagination, { page: 1, per_page: 2, total: 4, total_pages: 2 })
    assert.deepEqual(names(await search('q=&Layer=Tall%20trees')), ['English oak'])
    const posted = await t.request('POST', '/api/search', { Height: '..0.15' })
    assert.deepEqual(names(posted.body), ['Creeping thyme'])
  })

  it('refuses a malformed range with a 400 naming the parameter', async () => {
    for (const value of ['..', '1..x', '5..1', '1e400..', 'NaN..1', '99999999999999999999..', '1...2']) {
      assertError(
        await t.request('GET', `/api/search?Height=${encodeURIComponent(value)}`),
        400,
        'bad request',
        ['Height'],
      )
    }
    assertError(await t.request('GET', '/api/search?Height=1..2&Height=3..4'), 400, 'bad request', ['Height'])
    assertError(await t.request('GET', '/api/search?Height=1..2&Height=3'), 400, 'bad request', ['Height'])
    assertError(await t.request('GET', '/api/search?Layer=1..2'), 400, 'bad request', ['Layer', 'numeric'])
    assertError(await t.request('GET', '/api/search'), 400, 'bad request', ['q'])
  })

  it('lists which keys are numeric, with their smallest and largest numbers', async () => {
    const { attributes } = (await t.request('GET', '/api/attributes')).body
    const height = attributes.find((attribute: { key: string }) => attribute.key === 'Height')
    assert.deepEqual([height.numeric, height.min, height.max], [true, 0.1, 35])
    const ph = attributes.find((attribute: { key: string }) => attribute.key === 'Soil pH')
    assert.deepEqual([ph.numeric, ph.min, ph.max], [true, 4.5, 8])
    const layer = attributes.find((attribute: { key: string }) => attribute.key === 'Layer')
    assert.deepEqual([layer.numeric, layer.min, layer.max], [false, undefined, undefined])
  })

  it('reads a value as soon as a plant has it', async () => {
    assert.deepEqual(names(await q('succulent')), [])
    const aloe = await createPlant(t, {
      scientific_name: 'Aloe vera',
      name: 'Aloe',
      data: [{ key: 'Habit', value: 'Succulent' }],
    })
    const body = await q('succulents')
    assert.deepEqual(names(body), ['Aloe'])
    assert.deepEqual(body.interpretation.constraints, [
      { kind: 'value', key: 'Habit', values: ['Succulent'], words: 'succulents' },
    ])
    assert.ok(aloe.id)
  })
})
