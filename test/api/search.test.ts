import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
const p: Record<string, any> = {}

before(async () => {
  t = await buildTestApp()
  // Created in this order so that id order differs from relevance order.
  p.sauce = await createPlant(t, {
    scientific_name: 'Allium cepa',
    name: 'Onion',
    description: 'Good in tomato sauce.',
  })
  p.tomatillo = await createPlant(t, { scientific_name: 'Physalis philadelphica', name: 'Tomatillo' })
  p.cherry = await createPlant(t, {
    scientific_name: 'Solanum lycopersicum var. cerasiforme',
    name: 'Cherry tomato',
  })
  p.tomato = await createPlant(t, {
    scientific_name: 'Solanum lycopersicum',
    name: 'Tomato',
    data: [
      { key: 'Light requirement', value: 'Full sun, Partial sun/shade' },
      { key: 'Edible', value: 'true' },
      { key: 'Family', value: 'Solanaceae' },
    ],
  })
  p.roma = await createPlant(t, {
    scientific_name: 'Solanum lycopersicum',
    name: 'Roma',
    type: 'Variety',
    parent_id: p.tomato.id,
    data: [{ key: 'Light requirement', value: 'Full sun' }],
  })
  p.quenzel = await createPlant(t, {
    scientific_name: 'Fictus quenzelii',
    name: 'Quenzelberry',
    data: [
      { key: 'Light requirement', value: 'Partial sun/shade' },
      { key: 'Edible', value: 'false' },
    ],
  })
  p.jalapeno = await createPlant(t, { scientific_name: 'Capsicum annuum', name: 'Jalapeño' })
})
after(async () => t.close())

const names = (body: { plants: { name: string }[] }) => body.plants.map((plant) => plant.name)

describe('GET /search', () => {
  it('ranks exact names, then names starting with the query, then name words, then descriptions', async () => {
    const response = await t.request('GET', '/api/search?q=tomato')
    assert.equal(response.status, 200)
    assert.deepEqual(names(response.body), ['Tomato', 'Cherry tomato', 'Onion'])
    const prefix = await t.request('GET', '/api/search?q=tom')
    assert.deepEqual(names(prefix.body), ['Tomatillo', 'Tomato', 'Cherry tomato', 'Onion'])
  })

  it('finds a plant by a word prefix, case-insensitively, and by scientific name', async () => {
    assert.deepEqual(names((await t.request('GET', '/api/search?q=quenz')).body), ['Quenzelberry'])
    assert.deepEqual(names((await t.request('GET', '/api/search?q=QUENZELBERRY')).body), ['Quenzelberry'])
    assert.deepEqual(names((await t.request('GET', '/api/search?q=physalis')).body), ['Tomatillo'])
  })

  it('folds diacritics', async () => {
    assert.deepEqual(names((await t.request('GET', '/api/search?q=jalapeno')).body), ['Jalapeño'])
    assert.deepEqual(
      names((await t.request('GET', `/api/search?q=${encodeURIComponent('JALAPEÑO')}`)).body),
      ['Jalapeño'],
    )
  })

  it('searches text that full-text syntax would choke on literally, never failing', async () => {
    for (const q of [
      '"',
      'AND',
      'NEAR(',
      '*',
      '(',
      ':',
      'tomato AND',
      '"tomato',
      'name:tomato',
      '-tomato',
      '^',
      '\\',
      "'",
      '{name}: x',
      'OR OR',
      '&|!',
    ]) {
      const response = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`)
      assert.equal(response.status, 200, `${q}: ${response.text}`)
    }
    // No plant has "near": the plants matching the other word come, and the answer says which was left out.
    const near = await t.request('GET', `/api/search?q=${encodeURIComponent('"tomato" NEAR')}`)
    assert.deepEqual(names(near.body), ['Tomato', 'Cherry tomato', 'Onion'])
    assert.deepEqual(near.body.interpretation.unmatched_words, ['near'])
    assert.deepEqual(names((await t.request('GET', `/api/search?q=${encodeURIComponent('(quenz*')}`)).body), [
      'Quenzelberry',
    ])
  })

  it('restricts by type: Plant (alias Species) or Variety', async () => {
    assert.deepEqual(names((await t.request('GET', '/api/search?q=solanum&type=Variety')).body), ['Roma'])
    assert.deepEqual(names((await t.request('GET', '/api/search?q=solanum&type=Species')).body), [
      'Cherry tomato',
      'Tomato',
    ])
    assert.deepEqual(names((await t.request('GET', '/api/search?q=solanum&type=Plant')).body), [
      'Cherry tomato',
      'Tomato',
    ])
    assertError(await t.request('GET', '/api/search?q=solanum&type=Tree'), 400, 'bad request', ['type'])
  })

  it('filters by a facet: whole value or one element of a list, case-insensitively', async () => {
    const partial = await t.request(
      'GET',
      `/api/search?q=e&Light%20requirement=${encodeURIComponent('partial sun/shade')}`,
    )
    assert.deepEqual(names(partial.body), [])
    const everything = await t.request(
      'GET',
      `/api/search?q=s&Light%20requirement=${encodeURIComponent('partial sun/shade')}`,
    )
    assert.deepEqual(names(everything.body), ['Tomato'])
    const wholeList = await t.request(
      'GET',
      `/api/search?q=solanum&Light%20requirement=${encodeURIComponent('Full sun, Partial sun/shade')}`,
    )
    assert.deepEqual(names(wholeList.body), ['Tomato'])
    const notAnElement = await t.request(
      'GET',
      `/api/search?q=quenzelberry&Light%20requirement=${encodeURIComponent('Partial sun')}`,
    )
    assert.deepEqual(names(notAnElement.body), [])
  })

  it('matches repeated facet values as OR and several facets as AND', async () => {
    const either = await t.request(
      'GET',
      '/api/search?q=solanum&Light%20requirement=Full%20sun&Light%20requirement=nothing',
    )
    assert.deepEqual(names(either.body), ['Tomato', 'Roma'])
    const both = await t.request('GET', '/api/search?q=solanum&Light%20requirement=Full%20sun&Edible=true')
    assert.deepEqual(names(both.body), ['Tomato'])
  })

  it('pages with the offset shape', async () => {
    const response = await t.request('GET', '/api/search?q=tom&per_page=2&page=2')
    assert.deepEqual(names(response.body), ['Cherry tomato', 'Onion'])
    assert.deepEqual(response.body.pagination, { page: 2, per_page: 2, total: 4, total_pages: 2 })
    assert.equal((await t.request('GET', '/api/search?q=tom&per_page=1000')).body.pagination.per_page, 100)
  })

  it('requires q, with a 400 naming it', async () => {
    assertError(await t.request('GET', '/api/search'), 400, 'bad request', ['q'])
    assertError(await t.request('GET', '/api/search?q=a&page=0'), 400, 'bad request', ['page'])
  })
})

describe('POST /search', () => {
  it('takes the same parameters as a JSON body, with arrays as OR', async () => {
    const response = await t.request('POST', '/api/search', {
      q: 'solanum',
      type: 'Plant',
      'Light requirement': ['Full sun', 'nothing'],
      per_page: 10,
    })
    assert.equal(response.status, 200, response.text)
    assert.deepEqual(names(response.body), ['Tomato'])
    assert.deepEqual(response.body.pagination, { page: 1, per_page: 10, total: 1, total_pages: 1 })
  })

  it('matches exactly on scientific_name and type, optionally name', async () => {
    const plants = await t.request('POST', '/api/search', {
      scientific_name: 'Solanum lycopersicum',
      type: 'Plant',
    })
    assert.deepEqual(plants.body, { plants: [p.tomato] })
    const varieties = await t.request('POST', '/api/search', {
      scientific_name: 'Solanum lycopersicum',
      type: 'Variety',
      name: 'Roma',
    })
    assert.deepEqual(names(varieties.body), ['Roma'])
    const caseSensitive = await t.request('POST', '/api/search', {
      scientific_name: 'solanum lycopersicum',
      type: 'Plant',
    })
    assert.deepEqual(caseSensitive.body, { plants: [] })
  })

  it('refuses a body with both q and scientific_name, or the exact form without type', async () => {
    assertError(
      await t.request('POST', '/api/search', { q: 'x', scientific_name: 'y', type: 'Plant' }),
      422,
      'validation failed',
      ['q', 'scientific_name'],
    )
    assertError(await t.request('POST', '/api/search', { scientific_name: 'y' }), 422, 'validation failed', [
      'type',
    ])
    assertError(await t.request('POST', '/api/search', {}), 422, 'validation failed', ['q'])
    assertError(await t.request('POST', '/api/search', { q: 'x', Edible: 5 }), 422, 'validation failed', [
      'Edible',
    ])
  })
})
