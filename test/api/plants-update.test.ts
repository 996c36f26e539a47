import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

describe('PUT /plants/<id>', () => {
  it('updates the given fields, adds exactly 1 to version and answers 200 with the whole plant', async () => {
    const plant = await createPlant(t, { description: 'old' })
    const response = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 1,
      note: 'fix',
      description: 'new',
    })
    assert.equal(response.status, 200, response.text)
    assert.equal(response.body.version, 2)
    assert.equal(response.body.description, 'new')
    assert.equal(response.body.name, plant.name)
    assert.equal(response.body.created_at, plant.created_at)
    assert.ok(response.body.updated_at >= plant.updated_at)
    assert.deepEqual((await t.request('GET', `/api/plants/${plant.id}`)).body, response.body)
  })

  it('merges data: keeps keys not sent, replaces sent keys, adds new ones, never deletes', async () => {
    const plant = await createPlant(t, {
      data: [
        { key: 'Edible', value: 'false' },
        { key: 'Family', value: 'Rosaceae' },
      ],
    })
    const response = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 1,
      note: 'edibility checked',
      data: [
        { key: 'Edible', value: 'true' },
        { key: 'Layer', value: 'Shrubs' },
      ],
    })
    assert.equal(response.status, 200, response.text)
    assert.deepEqual(response.body.data, [
      { key: 'Edible', value: 'true' },
      { key: 'Family', value: 'Rosaceae' },
      { key: 'Layer', value: 'Shrubs' },
    ])
  })

  it('answers 422 version mismatch for a stale version, and changes nothing', async () => {
    const plant = await createPlant(t)
    await t.request('PUT', `/api/plants/${plant.id}`, { version: 1, note: 'first', name: 'First rename' })
    const stale = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 1,
      note: 'second',
      name: 'Second rename',
    })
    assertError(stale, 422, 'version mismatch')
    const current = await t.request('GET', `/api/plants/${plant.id}`)
    assert.equal(current.body.name, 'First rename')
    assert.equal(current.body.version, 2)
  })

  it('lets exactly one of 20 concurrent updates of the same version win', async () => {
    const plant = await createPlant(t)
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('PUT', `/api/plants/${plant.id}`, { version: 1, note: `racer ${i}`, name: `Racer ${i}` }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','))
    const losers = responses.filter((r) => r.status !== 200)
    assert.equal(losers.length, 19)
    for (const loser of losers) assertError(loser, 422, 'version mismatch')
    const winner = responses.find((r) => r.status === 200)!
    const current = await t.request('GET', `/api/plants/${plant.id}`)
    assert.equal(current.body.version, 2)
    assert.equal(current.body.name, winner.body.name)
    const revisions = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    assert.equal(revisions.body.pagination.total, 2)
  })

  it('requires version and note, and at least one changed field', async () => {
    const plant = await createPlant(t)
    assertError(await t.request('PUT', `/api/plants/${plant.id}`, { name: 'x' }), 422, 'validation failed', [
      'version',
      'note',
    ])
    assertError(
      await t.request('PUT', `/api/plants/${plant.id}`, { version: 1, note: 'nothing' }),
      422,
      'validation failed',
    )
    assertError(
      await t.request('PUT', `/api/plants/${plant.id}`, { version: 1, note: 'same', name: plant.name }),
      422,
      'validation failed',
      ['nothing changed'],
    )
    assertError(
      await t.request('PUT', `/api/plants/${plant.id}`, { version: '1', note: 'n', name: 'x' }),
      422,
      'validation failed',
      ['version'],
    )
  })

  it('refuses fields that only the service sets', async () => {
    const plant = await createPlant(t)
    for (const field of ['id', 'slug', 'link', 'created_at', 'updated_at']) {
      assertError(
        await t.request('PUT', `/api/plants/${plant.id}`, { version: 1, note: 'n', name: 'x', [field]: 'y' }),
        422,
        'validation failed',
        [field],
      )
    }
  })

  it('answers 404 for an unknown plant', async () => {
    assertError(
      await t.request('PUT', '/api/plants/99999999', { version: 1, note: 'n', name: 'x' }),
      404,
      'not found',
    )
  })

  it('keeps the slug on rename unless a new one is asked for', async () => {
    const plant = await createPlant(t, { scientific_name: 'Ficus carica', name: 'Fig' })
    const renamed = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 1,
      note: 'rename',
      name: 'Common fig',
    })
    assert.equal(renamed.body.slug, 'ficus-carica-fig')
    const reslugged = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 2,
      note: 'new slug',
      regenerate_slug: true,
    })
    assert.equal(reslugged.status, 200, reslugged.text)
    assert.equal(reslugged.body.slug, 'ficus-carica-common-fig')
    assert.equal(reslugged.body.link, '/plants/ficus-carica-common-fig')
  })

  it('enforces the parent rules: required for a Variety, never itself, dropped when becoming a Plant', async () => {
    const parent = await createPlant(t)
    const plant = await createPlant(t)
    assertError(
      await t.request('PUT', `/api/plants/${plant.id}`, { version: 1, note: 'n', type: 'Variety' }),
      422,
      'validation failed',
      ['parent_id'],
    )
    assertError(
      await t.request('PUT', `/api/plants/${plant.id}`, {
        version: 1,
        note: 'n',
        type: 'Variety',
        parent_id: plant.id,
      }),
      422,
      'validation failed',
      ['parent_id'],
    )
    const variety = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 1,
      note: 'n',
      type: 'Variety',
      parent_id: parent.id,
    })
    assert.equal(variety.status, 200, variety.text)
    assert.equal(variety.body.parent_id, parent.id)
    const back = await t.request('PUT', `/api/plants/${plant.id}`, { version: 2, note: 'n', type: 'Plant' })
    assert.equal(back.status, 200, back.text)
    assert.equal(back.body.parent_id, null)
    assertError(
      await t.request('PUT', `/api/plants/${parent.id}`, { version: 1, note: 'n', parent_id: plant.id }),
      422,
      'validation failed',
      ['parent_id'],
    )
  })
})

describe('GET /plants/<id>/revisions', () => {
  it('lists every save newest first with note, author, time and what changed', async () => {
    const plant = await createPlant(t, { name: 'Before', data: [{ key: 'Edible', value: 'false' }] })
    await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 1,
      note: 'Renamed after checking the RHS database',
      name: 'After',
      data: [{ key: 'Edible', value: 'true' }],
    })
    const response = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    assert.equal(response.status, 200)
    const [newest, oldest] = response.body.revisions
    assert.equal(newest.version, 2)
    assert.equal(newest.note, 'Renamed after checking the RHS database')
    assert.deepEqual(newest.changes, [
      { field: 'name', from: 'Before', to: 'After' },
      { field: 'data.Edible', from: 'false', to: 'true' },
    ])
    assert.equal(oldest.version, 1)
    assert.deepEqual(response.body.pagination, { page: 1, per_page: 100, total: 2, total_pages: 1 })
    const paged = await t.request('GET', `/api/plants/${plant.id}/revisions?per_page=1&page=2`)
    assert.equal(paged.body.revisions[0].version, 1)
  })

  it('answers 404 for an unknown plant', async () => {
    assertError(await t.request('GET', '/api/plants/99999999/revisions'), 404, 'not found')
  })
})
