import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
const ids: number[] = []
let midpoint = ''

before(async () => {
  t = await buildTestApp()
  for (let i = 0; i < 5; i++) ids.push((await createPlant(t)).id)
  await sleep(5)
  midpoint = new Date().toISOString()
  for (let i = 0; i < 7; i++) ids.push((await createPlant(t)).id)
})
after(async () => t.close())

describe('GET /plants', () => {
  it('walks all plants in id order with keyset paging', async () => {
    const seen: number[] = []
    let lastId: number | undefined
    for (let guard = 0; guard < 10; guard++) {
      const response = await t.request(
        'GET',
        `/api/plants?per_page=5${lastId === undefined ? '' : `&last_id=${lastId}`}`,
      )
      assert.equal(response.status, 200)
      const { plants, pagination } = response.body
      seen.push(...plants.map((p: { id: number }) => p.id))
      assert.deepEqual(Object.keys(pagination), ['per_page', 'total', 'last_id', 'has_more'])
      assert.equal(pagination.per_page, 5)
      assert.equal(pagination.total, 12)
      assert.equal(pagination.last_id, plants.at(-1).id)
      lastId = pagination.last_id
      if (!pagination.has_more) break
    }
    assert.deepEqual(seen, ids)
  })

  it('uses offset paging when page is given', async () => {
    const response = await t.request('GET', '/api/plants?page=3&per_page=5')
    assert.deepEqual(response.body.pagination, { page: 3, per_page: 5, total: 12, total_pages: 3 })
    assert.deepEqual(
      response.body.plants.map((p: { id: number }) => p.id),
      ids.slice(10),
    )
    const beyond = await t.request('GET', '/api/plants?page=9&per_page=5')
    assert.deepEqual(beyond.body.plants, [])
  })

  it('filters by updated_since (inclusive) in both modes, counting only matches', async () => {
    const keyset = await t.request('GET', `/api/plants?updated_since=${encodeURIComponent(midpoint)}`)
    assert.deepEqual(
      keyset.body.plants.map((p: { id: number }) => p.id),
      ids.slice(5),
    )
    assert.equal(keyset.body.pagination.total, 7)
    const offset = await t.request(
      'GET',
      `/api/plants?page=1&per_page=2&updated_since=${encodeURIComponent(midpoint)}`,
    )
    assert.equal(offset.body.pagination.total, 7)
    assert.equal(offset.body.pagination.total_pages, 4)
    const sixth = await t.request('GET', `/api/plants/${ids[5]}`)
    const inclusive = await t.request(
      'GET',
      `/api/plants?updated_since=${encodeURIComponent(sixth.body.updated_at)}`,
    )
    assert.equal(inclusive.body.plants[0].id, ids[5])
    const byDate = await t.request('GET', '/api/plants?updated_since=2000-01-01')
    assert.equal(byDate.body.pagination.total, 12)
    const future = await t.request('GET', '/api/plants?updated_since=2999-01-01T00:00:00%2B02:00')
    assert.equal(future.body.pagination.total, 0)
    assert.equal(future.body.pagination.has_more, false)
  })

  it('defaults to 100 per page and clamps larger values to 100', async () => {
    assert.equal((await t.request('GET', '/api/plants')).body.pagination.per_page, 100)
    assert.equal((await t.request('GET', '/api/plants?per_page=5000')).body.pagination.per_page, 100)
    assert.equal((await t.request('GET', '/api/plants?page=1&per_page=101')).body.pagination.per_page, 100)
  })

  it('answers 400 naming the parameter for invalid query values', async () => {
    for (const [query, name] of [
      ['per_page=abc', 'per_page'],
      ['per_page=0', 'per_page'],
      ['page=0', 'page'],
      ['last_id=-3', 'last_id'],
      ['updated_since=yesterday', 'updated_since'],
      ['updated_since=2026-13-01', 'updated_since'],
    ]) {
      assertError(await t.request('GET', `/api/plants?${query}`), 400, 'bad request', [name!])
    }
  })
})
