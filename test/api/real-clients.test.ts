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
const plantIds = (response: { body: { plants: { id: number }[] } }) =>
  response.body.plants.map((plant) => plant.id)
const IGNORED = 'hortus-ignored-parameters'

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

  it('reads last and lastid as last_id (a Python client lists with last=0), and reports neither', async () => {
    const all = Object.values(ids).sort((a, b) => a - b)
    for (const name of ['last', 'lastid']) {
      const first = await t.request('GET', `/api/plants?${name}=0`)
      assert.equal(first.status, 200, first.text)
      assert.deepEqual(plantIds(first), all)
      assert.equal(first.headers.get(IGNORED), null)
      const after = await t.request('GET', `/api/plants?${name}=${all[1]}`)
      assert.deepEqual(plantIds(after), all.slice(2))
      assert.equal(after.body.pagination.last_id, all[3])
    }
    // The interface's own name wins when a client sends both.
    const both = await t.request('GET', `/api/plants?last_id=${all[2]}&last=0`)
    assert.deepEqual(plantIds(both), all.slice(3))
  })

  it('names an invalid alias value as the client wrote it', async () => {
    assertError(await t.request('GET', '/api/plants?last=-1'), 400, 'bad request', ['last '])
    assertError(await t.request('GET', '/api/plants?limit=abc'), 400, 'bad request', ['limit '])
    assertError(await t.request('GET', '/api/plants?last_id=-1'), 400, 'bad request', ['last_id '])
    assertError(await t.request('GET', '/api/plants?per_page=abc'), 400, 'bad request', ['per_page '])
  })
})

describe('an importer that walks every plant with last_id and limit', () => {
  // A TypeScript importer of the live service: GET /api/plants?last_id=<last>&limit=50 until a page comes
  // back shorter than 50.
  let everyId: number[]
  before(async () => {
    for (let i = 0; i < 57; i++) await createPlant(t)
    const all = await t.request('GET', '/api/plants?per_page=100')
    everyId = plantIds(all)
    assert.equal(everyId.length, 61)
  })

  it('gets pages of 50, ending on a short one, every plant once, with nothing reported ignored', async () => {
    const seen: number[] = []
    const sizes: number[] = []
    let lastId = 0
    for (let pages = 0; pages < 10; pages++) {
      const response = await t.request('GET', `/api/plants?last_id=${lastId}&limit=50`)
      assert.equal(response.status, 200, response.text)
      assert.equal(response.headers.get(IGNORED), null)
      const page = plantIds(response)
      sizes.push(page.length)
      seen.push(...page)
      if (page.length < 50) break
      lastId = page.at(-1)!
    }
    assert.deepEqual(sizes, [50, 11])
    assert.deepEqual(seen, everyId)
  })

  it('reads limit as per_page on every list, per_page winning when both are sent', async () => {
    const plants = await t.request('GET', '/api/plants?limit=7&per_page=5')
    assert.equal(plants.body.pagination.per_page, 5)
    const search = await t.request('GET', '/api/search?q=test&limit=3')
    assert.equal(search.status, 200, search.text)
    assert.equal(search.body.pagination.per_page, 3)
    assert.equal(search.body.plants.length, 3)
    assert.deepEqual(search.body.interpretation.ignored_parameters, [])
    const posted = await t.request('POST', '/api/search', { q: 'test', limit: 2 })
    assert.equal(posted.body.plants.length, 2)
    for (const path of [`/api/plants/${everyId[0]}/varieties`, `/api/plants/${everyId[0]}/revisions`]) {
      const response = await t.request('GET', `${path}?limit=1`)
      assert.equal(response.status, 200, response.text)
      assert.equal(response.body.pagination.per_page, 1)
      assert.equal(response.headers.get(IGNORED), null)
    }
  })
})

describe('a parameter an endpoint does not take', () => {
  it('is ignored: the answer is the one without it, and the header names it with the near miss', async () => {
    const plain = await t.request('GET', '/api/plants?per_page=2')
    const extra = await t.request('GET', '/api/plants?per_page=2&verbose=1&pagesize=9')
    assert.equal(extra.status, 200, extra.text)
    assert.equal(extra.text, plain.text)
    assert.equal(extra.headers.get(IGNORED), 'verbose, pagesize (did you mean per_page?)')
    assert.equal(extra.headers.get('vary'), 'Prefer')
    assert.equal(plain.headers.get(IGNORED), null)
    const one = await t.request('GET', `/api/plants/${ids['Dog rose']}?fields=name`)
    assert.equal(one.status, 200)
    assert.equal(one.body.name, 'Dog rose')
    assert.equal(one.headers.get(IGNORED), 'fields')
  })

  it('is named percent-encoded, so that any name is safe in a header', async () => {
    const response = await t.request('GET', '/api/plants?sort%20by=name%2C%20desc&fl%C3%BCgel(1)=x')
    assert.equal(response.status, 200, response.text)
    assert.equal(response.headers.get(IGNORED), 'sort%20by, fl%C3%BCgel%281%29')
  })

  it('is a 400 naming it when the client asks for strict handling (Prefer: handling=strict)', async () => {
    const strict = { prefer: 'handling=strict' }
    const refused = await t.request('GET', '/api/plants?per_page=2&LastId=5', undefined, strict)
    assertError(refused, 400, 'bad request', ['"LastId"', 'last_id, updated_since', '"LastId" → "last_id"'])
    assert.equal(refused.headers.get('preference-applied'), 'handling=strict')
    assertError(
      await t.request('GET', `/api/plants/${ids['Dog rose']}?verbose=1`, undefined, strict),
      400,
      'bad request',
      ['"verbose"', 'no query parameters'],
    )
    // Aliases are parameters, not mistakes: strict takes them.
    const alias = await t.request('GET', '/api/plants?last=0&limit=1', undefined, strict)
    assert.equal(alias.status, 200, alias.text)
    assert.equal(alias.headers.get('preference-applied'), 'handling=strict')
    // RFC 7240: other preferences beside it, any case, a quoted value, several header lines.
    for (const prefer of ['respond-async, HANDLING="Strict"; x=1', 'return=minimal,handling=strict']) {
      const response = await t.request('GET', '/api/plants?nope=1', undefined, { prefer })
      assert.equal(response.status, 400, prefer)
    }
    const lenient = await t.request('GET', '/api/plants?nope=1', undefined, { prefer: 'handling=lenient' })
    assert.equal(lenient.status, 200)
    assert.equal(lenient.headers.get('preference-applied'), 'handling=lenient')
    assert.equal(lenient.headers.get(IGNORED), 'nope')
  })
})

describe('POST /search with its parameters in the query string', () => {
  const path = '/api/search?q=full+sun+ground+cover'

  it('answers with results for an empty JSON body (Content-Length: 0)', async () => {
    const response = await t.request('POST', path, '', { 'content-type': 'application/json' })
    assert.equal(response.status, 200, response.text)
    // No plant here has a Layer, so "ground cover" is words: the full-sun plant that has them comes first.
    assert.equal(names(response)[0], 'Creeping thyme')
  })

  it('answers with results for a body-less POST without a content type', async () => {
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'x-service-key-id': t.key.key_id, 'x-service-key-secret': t.key.key_secret },
    })
    assert.equal(response.status, 200)
    const body = (await response.json()) as { plants: { name: string }[] }
    assert.equal(body.plants[0]?.name, 'Creeping thyme')
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

  it('ignores a misspelt facet, widening the page, and says so in the header and the interpretation', async () => {
    const exact = await t.request('GET', '/api/search?q=wild&Family=Rosaceae')
    assert.deepEqual(names(exact), ['Wild strawberry'])
    const response = await t.request('GET', '/api/search?q=wild&Famly=Rosaceae')
    assert.equal(response.status, 200, response.text)
    assert.deepEqual(names(response), ['Wild garlic', 'Wild strawberry'])
    assert.equal(response.headers.get(IGNORED), 'Famly (did you mean Family?)')
    assert.deepEqual(response.body.interpretation, {
      constraints: [],
      name_words: ['wild'],
      dropped_words: [],
      unmatched_words: [],
      ignored_parameters: [{ name: 'Famly', did_you_mean: 'Family' }],
    })
    const post = await t.request('POST', '/api/search', { q: 'wild', colour: 'red', Family: 'Rosaceae' })
    assert.deepEqual(names(post), ['Wild strawberry'])
    assert.deepEqual(post.body.interpretation.ignored_parameters, [{ name: 'colour', did_you_mean: null }])
    assert.equal(post.headers.get(IGNORED), 'colour')
  })

  it('refuses a misspelt facet with 400 pointing to the registry when strict', async () => {
    const strict = { prefer: 'handling=strict' }
    const response = await t.request('GET', '/api/search?q=wild&Famly=Rosaceae', undefined, strict)
    assertError(response, 400, 'bad request', ['"Famly"', '/api/attributes', '"Famly" → "Family"'])
    assert.equal(response.headers.get('preference-applied'), 'handling=strict')
    const post = await t.request('POST', '/api/search', { q: 'wild', colour: 'red' }, strict)
    assertError(post, 400, 'bad request', ['"colour"', '/api/attributes'])
    const fine = await t.request('GET', '/api/search?q=wild&family=rosaceae', undefined, strict)
    assert.deepEqual(names(fine), ['Wild strawberry'])
    assert.equal(fine.headers.get('preference-applied'), 'handling=strict')
  })
})
