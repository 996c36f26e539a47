import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

const idsOf = (body: { plants: { id: number }[] }) => body.plants.map((p) => p.id)

describe('GET /plants/<id>/varieties', () => {
  it('lists the varieties of a plant with offset paging', async () => {
    const parent = await createPlant(t)
    const other = await createPlant(t)
    const varieties = [
      await createPlant(t, { parent_id: parent.id }),
      await createPlant(t, { parent_id: parent.id }),
      await createPlant(t, { parent_id: parent.id }),
    ]
    await createPlant(t, { parent_id: other.id })
    const response = await t.request('GET', `/api/plants/${parent.id}/varieties`)
    assert.equal(response.status, 200)
    assert.deepEqual(
      idsOf(response.body),
      varieties.map((v) => v.id),
    )
    assert.ok(response.body.plants.every((p: { type: string }) => p.type === 'Variety'))
    assert.deepEqual(response.body.pagination, { page: 1, per_page: 100, total: 3, total_pages: 1 })
    const second = await t.request('GET', `/api/plants/${parent.id}/varieties/?page=2&per_page=2`)
    assert.deepEqual(idsOf(second.body), [varieties[2]!.id])
  })

  it('is empty for a plant without varieties, 404 for an unknown plant', async () => {
    const plant = await createPlant(t)
    assert.deepEqual((await t.request('GET', `/api/plants/${plant.id}/varieties`)).body.plants, [])
    assertError(await t.request('GET', '/api/plants/99999999/varieties'), 404, 'not found')
  })
})

describe('GET /plants/<id>/companions', () => {
  it('lists companions from either end of the link, and never antagonists', async () => {
    const tomato = await createPlant(t, { name: 'Tomato' })
    const basil = await createPlant(t, { name: 'Basil' })
    const carrot = await createPlant(t, { name: 'Carrot' })
    const fennel = await createPlant(t, { name: 'Fennel' })
    await link(t, tomato.id, basil.id)
    await link(t, carrot.id, tomato.id)
    await link(t, tomato.id, fennel.id, 'antagonist-to')
    const response = await t.request('GET', `/api/plants/${tomato.id}/companions`)
    assert.deepEqual(idsOf(response.body), [basil.id, carrot.id])
    assert.equal(response.body.pagination.total, 2)
    assert.deepEqual(idsOf((await t.request('GET', `/api/plants/${basil.id}/companions`)).body), [tomato.id])
    assert.deepEqual(idsOf((await t.request('GET', `/api/plants/${fennel.id}/companions`)).body), [])
    const paged = await t.request('GET', `/api/plants/${tomato.id}/companions?per_page=1&page=2`)
    assert.deepEqual(idsOf(paged.body), [carrot.id])
  })

  it('answers 404 for an unknown plant', async () => {
    assertError(await t.request('GET', '/api/plants/99999999/companions'), 404, 'not found')
  })
})
