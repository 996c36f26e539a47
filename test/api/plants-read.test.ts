import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

describe('GET /plants/<id>', () => {
  it('returns the plant, also with a trailing slash', async () => {
    const plant = await createPlant(t)
    for (const path of [`/api/plants/${plant.id}`, `/api/plants/${plant.id}/`]) {
      const response = await t.request('GET', path)
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
      assert.deepEqual(response.body, plant)
    }
  })

  it('answers 404 for an unknown, non-numeric, negative or huge id', async () => {
    for (const id of ['99999999', 'abc', '-1', '1.5', '99999999999999999999999', '0x10']) {
      assertError(await t.request('GET', `/api/plants/${id}`), 404, 'not found')
    }
  })
})
