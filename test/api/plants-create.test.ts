import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, unique } from '../helpers/factories.ts'
import { ISO_MILLIS, PLANT_FIELDS, assertError } from '../helpers/assertions.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

describe('POST /plants', () => {
  it('creates a plant at version 1 and answers 201 with the whole plant', async () => {
    const response = await t.request('POST', '/api/plants', {
      scientific_name: 'Morus alba',
      name: 'White mulberry',
      note: 'From a field guide',
      description: 'A fast-growing tree.',
      data: [
        { key: 'Edible', value: 'true' },
        { key: 'Light requirement', value: 'Full sun, Partial sun/shade' },
      ],
    })
    assert.equal(response.status, 201, response.text)
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
    const plant = response.body
    assert.deepEqual(Object.keys(plant), PLANT_FIELDS)
    assert.equal(plant.type, 'Plant')
    assert.equal(plant.version, 1)
    assert.equal(plant.parent_id, null)
    assert.equal(plant.description, 'A fast-growing tree.')
    assert.equal(plant.slug, 'morus-alba-white-mulberry')
    assert.equal(plant.link, '/plants/morus-alba-white-mulberry')
    assert.deepEqual(plant.images, { thumb: null, title: null })
    assert.match(plant.created_at, ISO_MILLIS)
    assert.equal(plant.updated_at, plant.created_at)
    assert.deepEqual(plant.data, [
      { key: 'Edible', value: 'true' },
      { key: 'Light requirement', value: 'Full sun, Partial sun/shade' },
    ])
    const read = await t.request('GET', `/api/plants/${plant.id}`)
    assert.deepEqual(read.body, plant)
  })

  it('gives a second plant with identical names a distinct slug', async () => {
    const first = await createPlant(t, { scientific_name: 'Rubus idaeus', name: 'Raspberry' })
    const second = await createPlant(t, { scientific_name: 'Rubus idaeus', name: 'Raspberry' })
    assert.equal(first.slug, 'rubus-idaeus-raspberry')
    assert.equal(second.slug, 'rubus-idaeus-raspberry-2')
    assert.notEqual(first.id, second.id)
  })

  it('transliterates diacritics in slugs', async () => {
    const plant = await createPlant(t, { scientific_name: 'Capsicum annuum', name: 'Jalapeño Größe' })
    assert.equal(plant.slug, 'capsicum-annuum-jalapeno-grosse')
  })

  it('creates a Variety under an existing parent, and infers Variety from parent_id', async () => {
    const parent = await createPlant(t)
    const variety = await createPlant(t, { type: 'Variety', parent_id: parent.id })
    assert.equal(variety.type, 'Variety')
    assert.equal(variety.parent_id, parent.id)
    const inferred = await createPlant(t, { parent_id: parent.id })
    assert.equal(inferred.type, 'Variety')
  })

  it('accepts Species as another name for Plant', async () => {
    const plant = await createPlant(t, { type: 'Species' })
    assert.equal(plant.type, 'Plant')
  })

  it('refuses a Variety without parent_id, or with a parent that does not exist', async () => {
    assertError(
      await t.request('POST', '/api/plants', {
        scientific_name: 'A b',
        name: unique('x'),
        note: 'n',
        type: 'Variety',
      }),
      422,
      'validation failed',
      ['parent_id'],
    )
    assertError(
      await t.request('POST', '/api/plants', {
        scientific_name: 'A b',
        name: unique('x'),
        note: 'n',
        type: 'Variety',
        parent_id: 99999999,
      }),
      422,
      'validation failed',
      ['parent_id', '99999999'],
    )
  })

  it('refuses a Variety whose parent is itself a Variety', async () => {
    const parent = await createPlant(t)
    const variety = await createPlant(t, { parent_id: parent.id })
    assertError(
      await t.request('POST', '/api/plants', {
        scientific_name: 'A b',
        name: 'c',
        note: 'n',
        parent_id: variety.id,
      }),
      422,
      'validation failed',
      ['parent_id'],
    )
  })

  it('names every failing field', async () => {
    const response = await t.request('POST', '/api/plants', {
      name: '',
      data: [{ key: 'Edible', value: 5 }],
      colour: 'red',
    })
    assertError(response, 422, 'validation failed', [
      'scientific_name',
      'note',
      'name',
      'data[0].value',
      'colour',
    ])
  })

  it('refuses fields that only the service sets', async () => {
    for (const field of ['id', 'version', 'created_at', 'updated_at', 'slug', 'link']) {
      const response = await t.request('POST', '/api/plants', {
        scientific_name: 'A b',
        name: 'c',
        note: 'n',
        [field]: 1,
      })
      assertError(response, 422, 'validation failed', [field])
    }
  })

  it('refuses attribute values that are not strings, and blank notes', async () => {
    for (const value of [5, true, null, ['a'], { a: 1 }]) {
      const response = await t.request('POST', '/api/plants', {
        scientific_name: 'A b',
        name: 'c',
        note: 'n',
        data: [{ key: 'Edible', value }],
      })
      assertError(response, 422, 'validation failed', ['data[0].value'])
    }
    assertError(
      await t.request('POST', '/api/plants', { scientific_name: 'A b', name: 'c', note: '   ' }),
      422,
      'validation failed',
      ['note'],
    )
  })

  it('refuses the same attribute key twice in one request', async () => {
    const response = await t.request('POST', '/api/plants', {
      scientific_name: 'A b',
      name: 'c',
      note: 'n',
      data: [
        { key: 'Edible', value: 'true' },
        { key: 'Edible', value: 'false' },
      ],
    })
    assertError(response, 422, 'validation failed', ['data[1].key'])
  })

  it('keeps a plant within its size limits: 200 attributes, lists of 100, 20,000-character descriptions', async () => {
    const base = { scientific_name: 'Magnus plantus', name: 'Big plant', note: 'n' }
    const list = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`).join(', ')
    const attributes = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: 'x' }))
    const tooLong = await t.request('POST', '/api/plants', {
      ...base,
      data: [{ key: 'Uses', value: list(101) }],
    })
    assertError(tooLong, 422, 'validation failed', ['data[0].value'])
    assert.match(tooLong.body.msg, /at most 100 elements, not 101/)
    assertError(
      await t.request('POST', '/api/plants', { ...base, data: attributes(201) }),
      422,
      'validation failed',
      ['data'],
    )
    assertError(
      await t.request('POST', '/api/plants', { ...base, description: 'x'.repeat(20_001) }),
      422,
      'validation failed',
      ['description'],
    )
    const biggest = await t.request('POST', '/api/plants', {
      ...base,
      description: 'x'.repeat(20_000),
      data: [...attributes(199), { key: 'Uses', value: list(100) }],
    })
    assert.equal(biggest.status, 201, biggest.text)
  })

  it('refuses a body that is not a JSON object', async () => {
    assertError(await t.request('POST', '/api/plants', [1, 2]), 422, 'validation failed')
    assertError(await t.request('POST', '/api/plants', '"text"'), 422, 'validation failed')
  })

  it('records the creation as revision 1 with the note and author', async () => {
    const plant = await createPlant(t, { note: 'Planted from seed catalogue' })
    const revisions = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    assert.equal(revisions.body.revisions.length, 1)
    assert.equal(revisions.body.revisions[0].version, 1)
    assert.equal(revisions.body.revisions[0].note, 'Planted from seed catalogue')
    assert.match(revisions.body.revisions[0].author, /^tester-/)
  })
})
