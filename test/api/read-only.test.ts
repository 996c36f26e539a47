// HORTUS_READ_ONLY=on: every write through the API or the website is a 403 naming what the copy mirrors;
// every read is served.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createPlant } from '../../src/writes/plant-writes.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { Visitor } from '../helpers/visitor.ts'
import { loadConfig } from '../../src/config.ts'

const SOURCE = 'https://plants.example.org'
let t: TestApp
let plant: { id: number; version: number; slug: string }
before(async () => {
  t = await buildTestApp({ config: { readOnly: true, mirrorOf: SOURCE } })
  // What `hortus mirror` would have written: the copy's writes come from the database side.
  const doc = await createPlant(
    t.store,
    { scientific_name: 'Ocimum basilicum', name: 'Basil', note: 'x' },
    {
      id: null,
      name: 'mirror',
    },
  )
  plant = JSON.parse(doc)
})
after(async () => t.close())

const refusal = (body: any) => {
  assert.equal(body.error, 'forbidden')
  assert.ok(body.msg.includes(SOURCE), body.msg)
}

describe('HORTUS_READ_ONLY=on', () => {
  it('refuses every API write with 403 {error, msg} naming the source', async () => {
    const writes: [string, string, unknown][] = [
      ['POST', '/api/plants', { scientific_name: 'A b', name: 'C', note: 'n' }],
      ['PUT', `/api/plants/${plant.id}`, { version: plant.version, note: 'n', description: 'x' }],
      ['POST', `/api/plants/${plant.id}/revert`, { version: plant.version, to_version: 1, note: 'n' }],
      ['POST', `/api/plants/${plant.id}/links`, { plant_id: plant.id, type: 'companion-to', note: 'n' }],
      ['DELETE', `/api/plants/${plant.id}/links/1`, { note: 'n' }],
      ['DELETE', `/api/plants/${plant.id}/images/1`, { note: 'n' }],
      ['PATCH', `/api/plants/${plant.id}`, {}],
    ]
    for (const [method, path, body] of writes) {
      const answer = await t.request(method, path, body)
      assert.equal(answer.status, 403, `${method} ${path}: ${answer.text}`)
      refusal(answer.body)
    }
    const unchanged = await t.request('GET', `/api/plants/${plant.id}`)
    assert.equal(unchanged.body.version, plant.version)
  })

  it('serves reads: plants, search (POST too), the change feed, the export', async () => {
    assert.equal((await t.request('GET', `/api/plants/${plant.id}`)).status, 200)
    assert.equal((await t.request('GET', '/api/search?q=basil')).status, 200)
    assert.equal((await t.request('POST', '/api/search', { q: 'basil' })).status, 200)
    assert.equal((await t.request('GET', '/api/changes')).body.changes.length, 1)
    assert.equal((await t.request('GET', '/api/export')).status, 200)
  })

  it('refuses the website forms that write (sign-up, login, edits), with a page naming the source', async () => {
    const visitor = new Visitor(t.baseUrl)
    assert.equal((await visitor.get(`/plants/${plant.slug}`)).status, 200)
    await visitor.get('/signup')
    for (const path of ['/signup', '/login', `/plants/${plant.slug}/edit`, '/account/keys', '/plants/new']) {
      const answer = await visitor.post(path, { email: 'a@example.org', password: 'long enough password' })
      assert.equal(answer.status, 403, path)
      assert.ok(answer.html.includes(SOURCE), path)
    }
    assert.equal(
      await t.store.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', 'a@example.org')
        .executeTakeFirst(),
      undefined,
    )
  })

  it('is read from HORTUS_READ_ONLY and HORTUS_MIRROR_OF', () => {
    const config = loadConfig({ HORTUS_READ_ONLY: 'on', HORTUS_MIRROR_OF: SOURCE })
    assert.deepEqual([config.readOnly, config.mirrorOf], [true, SOURCE])
    assert.equal(loadConfig({}).readOnly, false)
    assert.throws(() => loadConfig({ HORTUS_READ_ONLY: 'yes' }), /HORTUS_READ_ONLY=yes: use on or off/)
  })
})
