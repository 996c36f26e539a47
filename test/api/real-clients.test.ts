// Replays the request shapes of real, public clients of the live service this API follows: each of these
// broke or misled one of them, and each must now work unchanged.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
const ids: Record<string, number> = {}
before(async () => {
  t = await buildTestApp()
  const plants = [
    ['Rosa canina', 'Dog rose', 'Rosaceae', 'Fruit, Flowers', 'Full sun'],
    ['Fragaria vesca', 'Wild strawberry', 'Rosaceae', 'Fruit, Leaves', 'Full sun, Partial shade'],
    ['Allium ursinum', 'Wild garlic', 'Amaryllidaceae', 'Leaves', 'Full shade'],
    ['Thymus serpyllum', 'Creeping thyme', 'Lamiaceae', 'Leaves', 'Full sun'],
  ]
  for (const [scientific_name, name, family, parts, light] of plants) {
    const plant = await createPlant(t, {
      scientific_name,
      name,
      description: name === 'Creeping thyme' ? 'A ground cover for full sun.' : '',
      data: [
        { key: 'Family', value: family! },
        { key: 'Edible parts', value: parts! },
        { key: 'Light requirement', value: light! },
      ],
    })
    ids[name!] = plant.id as number
  }
})
after(async () => t.close())

const names = (response: { body: { plants: { name: string }[] } }) =>
  response.body.plants.map((plant) => plant.name).sort()

describe('paging the way clients walk it', () => {
  it('walks the keyset with a trailing slash and sees every plant once', async () => {
    const seen: number[] = []
    let lastId: number | null = null
    for (let pages = 0; pages < 10; pages++) {
      const query: string = lastId === null ? 'per_page=3' : `per_page=3&last_id=${lastId}`
      const response = await t.request('GET', `/api/plants/?${query}`)
      assert.equal(response.status, 200, response.text)
      seen.push(...response.body.plants.map((plant: { id: number }) => plant.id))
      if (!response.body.pagination.has_more) break
      lastId = response.body.pagination.last_id
    }
    assert.deepEqual(
      seen,
      Object.values(ids).sort((a, b) => a - b),
    )
  })

  it('answers a GET sent with a JSON content type and no body', async () => {
    const response = await t.request('GET', `/api/plants/${ids['Dog rose']}`, undefined, {
      'content-type': 'application/json',
    })
    assert.equal(response.status, 200)
    assert.equal(response.body.name, 'Dog rose')
  })

  it('refuses the cursor names clients guess instead of serving page one again', async () => {
    assertError(await t.request('GET', '/api/plants?last=5'), 400, 'bad request', ['"last" → "last_id"'])
    assertError(await t.request('GET', '/api/plants?lastid=5'), 400, 'bad request', ['"lastid" → "last_id"'])
  })
})

describe('POST /search with its parameters in the query string', () => {
  const path = '/api/search?q=full+sun+ground+cover'

  it('answers with results for an empty JSON body (Content-Length: 0)', async () => {
    const response = await t.request('POST', path, '', { 'content-type': 'application/json' })
    assert.equal(response.status, 200, response.text)
    assert.deepEqual(names(response), ['Creeping thyme'])
  })

  it('answers with results for a body-less POST without a content type', async () => {
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'x-service-key-id': t.key.key_id, 'x-service-key-secret': t.key.key_secret },
    })
    assert.equal(response.status, 200)
    const body = (await response.json()) as { plants: { name: string }[] }
    assert.deepEqual(
      body.plants.map((plant) => plant.name),
      ['Creeping thyme'],
    )
  })

  it('merges query and body, the body winning on a conflict', async () => {
    const response = await t.request('POST', '/api/search?q=garlic&per_page=1', { q: 'wild' })
    assert.equal(response.status, 200)
    assert.equal(response.body.pagination.per_page, 1)
    assert.equal(response.body.pagination.total, 2)
    const facet = await t.request('POST', '/api/search?q=wild&Family=Rosaceae', {})
    assert.deepEqual(names(facet), ['Wild strawberry'])
  })
})

describe('arrays and facet keys as client libraries write them', () => {
  it('reads key[]=value (axios, PHP) and key[0]=value as a repeated key', async () => {
    const repeated = await t.request('GET', '/api/search?q=wild&Edible%20parts=Fruit&Edible%20parts=Flowers')
    const brackets = await t.request(
      'GET',
      '/api/search?q=wild&Edible%20parts[]=Fruit&Edible%20parts[]=Flowers',
    )
    const encoded = await t.request('GET', '/api/search?q=wild&Edible%20parts%5B%5D=Fruit')
    const indexed = await t.request(
      'GET',
      '/api/search?q=wild&Edible%20parts[0]=Fruit&Edible%20parts[1]=Flowers',
    )
    assert.deepEqual(names(repeated), ['Wild strawberry'])
    assert.deepEqual(names(brackets), names(repeated))
    assert.deepEqual(names(encoded), names(repeated))
    assert.deepEqual(names(indexed), names(repeated))
    const one = await t.request('GET', '/api/search?q=rose&Family[]=Rosaceae')
    assert.deepEqual(names(one), ['Dog rose'])
  })

  it('matches facet keys case-insensitively, as clients send family=', async () => {
    const response = await t.request(
      'GET',
      '/api/search?q=wild&family=rosaceae&LIGHT%20REQUIREMENT=partial%20shade',
    )
    assert.deepEqual(names(response), ['Wild strawberry'])
  })

  it('reads an empty array in a POST body as no filter on that key', async () => {
    const response = await t.request('POST', '/api/search', { q: 'wild', Family: [], 'Edible parts': [] })
    assert.deepEqual(names(response), ['Wild garlic', 'Wild strawberry'])
  })

  it('answers a name that is neither a parameter nor an attribute key with 400 pointing to the registry', async () => {
    const response = await t.request('GET', '/api/search?q=wild&Famly=Rosaceae')
    assertError(response, 400, 'bad request', ['"Famly"', '/api/attributes', '"Famly" → "Family"'])
    const post = await t.request('POST', '/api/search', { q: 'wild', colour: 'red' })
    assertError(post, 400, 'bad request', ['"colour"', '/api/attributes'])
  })
})
