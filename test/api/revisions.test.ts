// Removing attributes, a plant as it was at any version, revert: what an editor and a moderator see.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

const update = (id: number, body: Record<string, unknown>) =>
  t.request('PUT', `/api/plants/${id}`, { note: 'an edit', ...body })

describe('PUT /plants/<id> with remove_data', () => {
  it('removes the keys named in any case, keeps the rest, and records each as a change to null', async () => {
    // Another plant keeps Warning a key in use, so that it stays a facet.
    await createPlant(t, { data: [{ key: 'Warning', value: 'Toxic' }] })
    const plant = await createPlant(t, {
      data: [
        { key: 'Family', value: 'Rosaceae' },
        { key: 'Light requirement', value: 'Full sun' },
        { key: 'Warning', value: 'Toxic' },
      ],
    })
    // By id: the other plant's name may match the words too ("Test plant 23456-1" has "2…" for the "2" of
    // "Test plant 23456-2"), and it keeps the facet.
    const foundByFacet = async () => {
      const search = await t.request('GET', `/api/search?q=${encodeURIComponent(plant.name)}&Warning=Toxic`)
      return search.body.plants.some((found: { id: number }) => found.id === plant.id)
    }
    assert.equal(await foundByFacet(), true)
    const response = await update(plant.id, { version: 1, remove_data: ['warning', ' LIGHT  requirement'] })
    assert.equal(response.status, 200, response.text)
    assert.deepEqual(response.body.data, [{ key: 'Family', value: 'Rosaceae' }])
    assert.equal(response.body.version, 2)
    const history = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    assert.deepEqual(history.body.revisions[0].changes, [
      { field: 'data.Light requirement', from: 'Full sun', to: null },
      { field: 'data.Warning', from: 'Toxic', to: null },
    ])
    // The facet no longer finds it.
    assert.equal(await foundByFacet(), false)
  })

  it('sets and removes in one save; a key both set and removed is a 422', async () => {
    const plant = await createPlant(t, { data: [{ key: 'Height', value: '1' }] })
    const both = await update(plant.id, {
      version: 1,
      data: [{ key: 'Height', value: '2' }],
      remove_data: ['height'],
    })
    assertError(both, 422, 'validation failed', ['remove_data[0]', 'also in data'])
    const fine = await update(plant.id, {
      version: 1,
      data: [{ key: 'Width', value: '0.5' }],
      remove_data: ['Height'],
    })
    assert.deepEqual(fine.body.data, [{ key: 'Width', value: '0.5' }])
  })

  it('answers 422 when the only keys to remove are not there (nothing changed)', async () => {
    const plant = await createPlant(t, { data: [{ key: 'Height', value: '1' }] })
    assertError(await update(plant.id, { version: 1, remove_data: ['Width'] }), 422, 'validation failed', [
      'nothing changed',
    ])
    assertError(await update(plant.id, { version: 1, remove_data: [''] }), 422, 'validation failed', [
      'remove_data[0]',
    ])
  })
})

describe('GET /plants/<id>/revisions/<version>', () => {
  it('answers the whole plant exactly as it was served at each version', async () => {
    const other = await createPlant(t)
    const seen: unknown[] = []
    const plant = await createPlant(t, {
      description: 'first',
      data: [
        { key: 'Family', value: 'Rosaceae' },
        { key: 'Height', value: '1' },
      ],
    })
    seen.push(plant)
    const steps = [
      { description: 'second', data: [{ key: 'Height', value: '2' }] },
      { remove_data: ['Family'], data: [{ key: 'Layer', value: 'Shrubs' }] },
      { name: `${plant.name} renamed`, data: [{ key: 'Family', value: 'Rosaceae' }] },
      { regenerate_slug: true, type: 'Plant' as const, data: [{ key: 'Height', value: '3' }] },
    ]
    for (const step of steps) {
      const response = await update(plant.id, { version: seen.length, ...step })
      assert.equal(response.status, 200, response.text)
      seen.push(response.body)
    }
    await link(t, plant.id, other.id)
    seen.push((await t.request('GET', `/api/plants/${plant.id}`)).body)
    for (const [index, served] of seen.entries()) {
      const version = await t.request('GET', `/api/plants/${plant.id}/revisions/${index + 1}`)
      assert.equal(version.status, 200, version.text)
      assert.deepEqual(version.body, served, `version ${index + 1}`)
    }
  })

  it('answers 404 for a version the plant has not reached, and for an unknown plant', async () => {
    const plant = await createPlant(t)
    assertError(await t.request('GET', `/api/plants/${plant.id}/revisions/2`), 404, 'not found', [
      'Version 2',
    ])
    assertError(await t.request('GET', `/api/plants/${plant.id}/revisions/0`), 404, 'not found')
    assertError(await t.request('GET', `/api/plants/${plant.id}/revisions/x`), 404, 'not found')
    assertError(await t.request('GET', '/api/plants/999999/revisions/1'), 404, 'not found', ['Plant 999999'])
  })
})

describe('POST /plants/<id>/revert', () => {
  const revert = (id: number, body: Record<string, unknown>) =>
    t.request('POST', `/api/plants/${id}/revert`, { note: 'vandalism undone', ...body })

  it('restores names, description and the attributes exactly, after keys were added and removed', async () => {
    const plant = await createPlant(t, {
      description: 'Good text.',
      data: [
        { key: 'Family', value: 'Rosaceae' },
        { key: 'Edible parts', value: 'Fruit' },
        { key: 'Height', value: '1' },
      ],
    })
    await update(plant.id, {
      version: 1,
      name: 'Spam',
      description: 'Buy now',
      data: [
        { key: 'Height', value: '99' },
        { key: 'Spam', value: 'yes' },
      ],
      remove_data: ['Edible parts'],
    })
    const response = await revert(plant.id, { version: 2, to_version: 1 })
    assert.equal(response.status, 200, response.text)
    const restored = { ...response.body, data: [...response.body.data].sort(byKey) }
    assert.equal(restored.version, 3)
    assert.deepEqual(
      { ...restored, version: 1, updated_at: plant.updated_at },
      { ...plant, data: [...plant.data].sort(byKey) },
    )
    const history = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    assert.equal(history.body.revisions[0].note, 'vandalism undone')
    assert.deepEqual(history.body.revisions[0].changes.map((c: { field: string }) => c.field).sort(), [
      'data.Edible parts',
      'data.Height',
      'data.Spam',
      'description',
      'name',
    ])
    // The new version is itself a version like any other.
    const three = await t.request('GET', `/api/plants/${plant.id}/revisions/3`)
    assert.deepEqual(three.body, response.body)
    assert.deepEqual((await t.request('GET', `/api/plants/${plant.id}`)).body, response.body)
  })

  it('leaves links alone', async () => {
    const [plant, other] = [await createPlant(t), await createPlant(t)]
    await update(plant.id, { version: 1, description: 'changed' })
    await link(t, plant.id, other.id)
    const response = await revert(plant.id, { version: 3, to_version: 1 })
    assert.equal(response.status, 200, response.text)
    assert.equal(response.body.description, '')
    const links = await t.request('GET', `/api/plants/${plant.id}/links`)
    assert.deepEqual(
      links.body.links.map((l: { plant_id: number }) => l.plant_id),
      [other.id],
    )
  })

  it('answers 422 for a stale version, 404 for an unknown to_version, 422 when nothing would change', async () => {
    const plant = await createPlant(t)
    await update(plant.id, { version: 1, description: 'changed' })
    assertError(await revert(plant.id, { version: 1, to_version: 1 }), 422, 'version mismatch', ['version 2'])
    assertError(await revert(plant.id, { version: 2, to_version: 5 }), 404, 'not found', ['Version 5'])
    assertError(await revert(plant.id, { version: 2, to_version: 2 }), 422, 'validation failed', [
      'already as it was at version 2',
    ])
    assertError(await revert(plant.id, { version: 2, to_version: 1, note: ' ' }), 422, 'validation failed', [
      'note',
    ])
    assertError(await revert(999_999, { version: 1, to_version: 1 }), 404, 'not found')
  })

  it('needs a key', async () => {
    const plant = await createPlant(t)
    const response = await fetch(`${t.baseUrl}/api/plants/${plant.id}/revert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, to_version: 1, note: 'x' }),
    })
    assert.equal(response.status, 401)
  })
})

const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key)
