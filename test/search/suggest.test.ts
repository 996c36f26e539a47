// GET /api/suggest: type-ahead over every name of a plant, typo-tolerant from the fourth letter.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
const p: Record<string, any> = {}

before(async () => {
  t = await buildTestApp()
  p.tomato = await createPlant(t, {
    scientific_name: 'Solanum lycopersicum',
    name: 'Tomato',
    data: [{ key: 'Alternate name', value: 'pomodoro, Tomate' }],
  })
  p.roma = await createPlant(t, {
    scientific_name: 'Solanum lycopersicum',
    name: 'Roma tomato',
    type: 'Variety',
    parent_id: p.tomato.id,
  })
  p.tomatillo = await createPlant(t, { scientific_name: 'Physalis philadelphica', name: 'Tomatillo' })
  p.ramsons = await createPlant(t, {
    scientific_name: 'Allium ursinum',
    name: 'Ramsons',
    data: [{ key: 'Alternate name', value: 'Bärlauch' }],
  })
  for (let i = 0; i < 12; i++)
    await createPlant(t, { scientific_name: `Tagetes ${i}`, name: `Tall plant ${i}` })
})
after(async () => t.close())

const suggest = async (q: string) => {
  const response = await t.request('GET', `/api/suggest?q=${encodeURIComponent(q)}`)
  assert.equal(response.status, 200, response.text)
  return response.body.suggestions as { id: number; name: string; scientific_name: string; type: string }[]
}
const names = async (q: string) => (await suggest(q)).map((suggestion) => suggestion.name)

describe('GET /suggest', () => {
  it('offers plants whose common, scientific or other name starts with the typed text', async () => {
    assert.deepEqual(await suggest('toma'), [
      { id: p.tomato.id, name: 'Tomato', scientific_name: 'Solanum lycopersicum', type: 'Plant' },
      { id: p.tomatillo.id, name: 'Tomatillo', scientific_name: 'Physalis philadelphica', type: 'Plant' },
    ])
    assert.deepEqual(await names('solanum lyc'), ['Tomato', 'Roma tomato'])
    assert.deepEqual(await names('pomo'), ['Tomato'])
    assert.deepEqual(await names('BARL'), ['Ramsons'])
    assert.deepEqual(await names('roma t'), ['Roma tomato'])
  })

  it('corrects a typo from the fourth letter only', async () => {
    assert.deepEqual(await names('tomatoe'), ['Tomato'])
    assert.deepEqual(await names('ramsnos'), ['Ramsons'])
    assert.deepEqual(await names('tmo'), [])
  })

  it('offers at most 10, and nothing for text without letters or digits', async () => {
    assert.equal((await names('tall')).length, 10)
    // Shorter names first: the common name Tomato, then the scientific names "Tagetes 0" … of the others.
    assert.deepEqual(await names('t'), ['Tomato', ...Array.from({ length: 9 }, (_, i) => `Tall plant ${i}`)])
    assert.deepEqual(await names('?!'), [])
    assert.deepEqual(await names(''), [])
  })

  it('needs q and a key', async () => {
    assertError(await t.request('GET', '/api/suggest'), 400, 'bad request', ['q'])
    const anonymous = await fetch(`${t.baseUrl}/api/suggest?q=tom`)
    assert.equal(anonymous.status, 401)
  })

  it('is served to the website at /suggest without a key, with the same answer', async () => {
    const page = await fetch(`${t.baseUrl}/suggest?q=toma`)
    assert.equal(page.status, 200)
    assert.match(page.headers.get('content-type') ?? '', /^application\/json/)
    assert.deepEqual(await page.json(), (await t.request('GET', '/api/suggest?q=toma')).body)
    const home = await (await fetch(`${t.baseUrl}/`)).text()
    assert.match(home, /<input[^>]* list="q-suggestions"/)
    assert.match(home, /<script src="\/static\/suggest.js" defer><\/script>/)
    const script = await fetch(`${t.baseUrl}/static/suggest.js`)
    assert.equal(script.status, 200)
    assert.match(await script.text(), /fetch\(`\/suggest\?q=/)
  })
})
