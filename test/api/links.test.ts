import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

describe('POST /plants/<id>/links', () => {
  it('creates a symmetric link that both plants list with its type and note', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const created = await t.request('POST', `/api/plants/${a.id}/links`, {
      plant_id: b.id,
      type: 'antagonist-to',
      note: 'Wikipedia: avoid',
    })
    assert.equal(created.status, 201, created.text)
    assert.equal(created.body.plant_id, b.id)
    assert.equal(created.body.type, 'antagonist-to')
    assert.equal(created.body.note, 'Wikipedia: avoid')
    const fromB = await t.request('GET', `/api/plants/${b.id}/links`)
    assert.equal(fromB.body.links.length, 1)
    assert.equal(fromB.body.links[0].plant_id, a.id)
    assert.equal(fromB.body.links[0].name, a.name)
    assert.equal(fromB.body.links[0].type, 'antagonist-to')
  })

  it('refuses self-links, duplicates in either direction, and missing targets', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    assertError(
      await t.request('POST', `/api/plants/${a.id}/links`, {
        plant_id: a.id,
        type: 'companion-to',
        note: 'n',
      }),
      422,
      'validation failed',
      ['plant_id'],
    )
    await link(t, a.id, b.id)
    assertError(
      await t.request('POST', `/api/plants/${b.id}/links`, {
        plant_id: a.id,
        type: 'companion-to',
        note: 'n',
      }),
      422,
      'validation failed',
      ['plant_id'],
    )
    assertError(
      await t.request('POST', `/api/plants/${a.id}/links`, {
        plant_id: b.id,
        type: 'antagonist-to',
        note: 'n',
      }),
      422,
      'validation failed',
      ['plant_id'],
    )
    assertError(
      await t.request('POST', `/api/plants/${a.id}/links`, {
        plant_id: 99999999,
        type: 'companion-to',
        note: 'n',
      }),
      422,
      'validation failed',
      ['plant_id'],
    )
    assertError(
      await t.request('POST', `/api/plants/${a.id}/links`, { plant_id: b.id, type: 'friend-of' }),
      422,
      'validation failed',
      ['type', 'note'],
    )
    assertError(
      await t.request('POST', `/api/plants/99999999/links`, {
        plant_id: b.id,
        type: 'companion-to',
        note: 'n',
      }),
      404,
      'not found',
    )
  })

  it('lets exactly one of concurrent identical link requests win', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request('POST', `/api/plants/${i % 2 ? a.id : b.id}/links`, {
          plant_id: i % 2 ? b.id : a.id,
          type: 'companion-to',
          note: 'race',
        }),
      ),
    )
    assert.equal(responses.filter((r) => r.status === 201).length, 1)
    assert.equal(responses.filter((r) => r.status === 422).length, 7)
  })
})

describe('GET /plants/<id>/links', () => {
  it('lists all links with paging and an optional type filter', async () => {
    const hub = await createPlant(t)
    const friend = await createPlant(t)
    const foe = await createPlant(t)
    await link(t, hub.id, friend.id)
    await link(t, foe.id, hub.id, 'antagonist-to')
    const all = await t.request('GET', `/api/plants/${hub.id}/links`)
    assert.deepEqual(
      all.body.links.map((l: { plant_id: number }) => l.plant_id),
      [friend.id, foe.id],
    )
    assert.deepEqual(all.body.pagination, { page: 1, per_page: 100, total: 2, total_pages: 1 })
    const foes = await t.request('GET', `/api/plants/${hub.id}/links?type=antagonist-to`)
    assert.deepEqual(
      foes.body.links.map((l: { plant_id: number }) => l.plant_id),
      [foe.id],
    )
    assertError(await t.request('GET', `/api/plants/${hub.id}/links?type=enemy`), 400, 'bad request', [
      'type',
    ])
  })
})

describe('DELETE /plants/<id>/links/<link_id>', () => {
  it('removes a link with a note, after which it is gone from both plants and can be made again', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const created = await link(t, a.id, b.id)
    assertError(
      await t.request('DELETE', `/api/plants/${b.id}/links/${created.id}`, {}),
      422,
      'validation failed',
      ['note'],
    )
    const removed = await t.request('DELETE', `/api/plants/${b.id}/links/${created.id}`, {
      note: 'Source was about another cultivar',
    })
    assert.equal(removed.status, 200, removed.text)
    assert.equal(removed.body.removed_note, 'Source was about another cultivar')
    assert.deepEqual((await t.request('GET', `/api/plants/${a.id}/companions`)).body.plants, [])
    assert.deepEqual((await t.request('GET', `/api/plants/${b.id}/links`)).body.links, [])
    assertError(
      await t.request('DELETE', `/api/plants/${a.id}/links/${created.id}`, { note: 'again' }),
      404,
      'not found',
    )
    await link(t, b.id, a.id, 'antagonist-to')
  })

  it('answers 404 for a link of another plant', async () => {
    const a = await createPlant(t)
    const b = await createPlant(t)
    const c = await createPlant(t)
    const created = await link(t, a.id, b.id)
    assertError(
      await t.request('DELETE', `/api/plants/${c.id}/links/${created.id}`, { note: 'n' }),
      404,
      'not found',
    )
  })
})
