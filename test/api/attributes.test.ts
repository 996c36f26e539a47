// GET /attributes and GET /attributes/<key>: the registry of attribute keys in use, kept by every save.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { facetIndex } from '../../src/attributes/facet-index.ts'

interface Counted {
  value: string
  plants: number
}
interface Listed {
  key: string
  plants: number
  values: Counted[]
  numeric: boolean
  min?: number
  max?: number
}

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())

const attributes = async (): Promise<Listed[]> => {
  const response = await t.request('GET', '/api/attributes')
  assert.equal(response.status, 200, response.text)
  return response.body.attributes
}
const find = (list: Listed[], key: string) => list.find((attribute) => attribute.key === key)

/** Every value of a key, by walking GET /attributes/<key> page by page. */
async function allValues(key: string): Promise<{ plants: number; values: Counted[] }> {
  const values: Counted[] = []
  let plants = 0
  for (let page = 1; ; page++) {
    const response = await t.request(
      'GET',
      `/api/attributes/${encodeURIComponent(key)}?page=${page}&per_page=7`,
    )
    assert.equal(response.status, 200, response.text)
    plants = response.body.plants
    values.push(...response.body.values)
    if (page >= response.body.pagination.total_pages) {
      assert.equal(values.length, response.body.pagination.total)
      return { plants, values }
    }
  }
}

/** The registry as the plants say it should be, worked out from their documents independently of the server. */
async function expectedRegistry(): Promise<Map<string, { plants: number; values: Map<string, number> }>> {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()
  const registry = new Map<string, { plants: number; values: Map<string, number> }>()
  let lastId = 0
  for (;;) {
    const response = await t.request('GET', `/api/plants?last_id=${lastId}&per_page=100`)
    for (const plant of response.body.plants as { data: { key: string; value: string }[] }[]) {
      const perKey = new Map<string, Set<string>>()
      for (const { key, value } of plant.data) {
        const elements = perKey.get(norm(key)) ?? new Set<string>()
        for (const element of value.split(',').map(norm)) if (element) elements.add(element)
        perKey.set(norm(key), elements)
      }
      for (const [key, elements] of perKey) {
        const entry = registry.get(key) ?? { plants: 0, values: new Map<string, number>() }
        entry.plants++
        for (const element of elements) entry.values.set(element, (entry.values.get(element) ?? 0) + 1)
        registry.set(key, entry)
      }
    }
    if (!response.body.pagination.has_more) return registry
    lastId = response.body.pagination.last_id
  }
}

async function assertRegistryMatchesPlants() {
  const expected = await expectedRegistry()
  const listed = await attributes()
  assert.deepEqual(listed.map((attribute) => attribute.key.toLowerCase()).sort(), [...expected.keys()].sort())
  for (const attribute of listed) {
    const want = expected.get(attribute.key.toLowerCase())!
    assert.equal(attribute.plants, want.plants, attribute.key)
    const { values } = await allValues(attribute.key)
    const got = new Map(values.map(({ value, plants }) => [value.toLowerCase(), plants]))
    assert.deepEqual(got, want.values, attribute.key)
    assert.deepEqual(attribute.values, values.slice(0, 50), `${attribute.key}: the top values lead the pages`)
  }
}

describe('GET /attributes', () => {
  it('lists each key in use with its plants and its values by frequency, list elements counted alone', async () => {
    assert.deepEqual(await attributes(), [])
    await createPlant(t, {
      data: [
        { key: 'Sun exposure', value: 'Full sun, Partial shade' },
        { key: 'Soil', value: 'Loam' },
      ],
    })
    await createPlant(t, { data: [{ key: 'sun  exposure', value: 'full sun' }] })
    await createPlant(t, { data: [{ key: 'SUN EXPOSURE', value: 'Full shade, Full sun, full sun' }] })

    const listed = await attributes()
    assert.deepEqual(find(listed, 'Sun exposure'), {
      key: 'Sun exposure',
      plants: 3,
      values: [
        { value: 'Full sun', plants: 3 },
        { value: 'Full shade', plants: 1 },
        { value: 'Partial shade', plants: 1 },
      ],
      numeric: false,
    })
    assert.deepEqual(find(listed, 'Soil'), {
      key: 'Soil',
      plants: 1,
      values: [{ value: 'Loam', plants: 1 }],
      numeric: false,
    })
    assert.deepEqual(
      listed.map((attribute) => attribute.key),
      ['Sun exposure', 'Soil'],
      'the most used key first',
    )
  })

  it('marks a key numeric while most of its plants have a number or a range, with its least and greatest', async () => {
    const plants = []
    for (const value of ['0.5', '2-3.5', '12'])
      plants.push(await createPlant(t, { data: [{ key: 'Root depth', value }] }))
    const numeric = find(await attributes(), 'Root depth')!
    assert.deepEqual([numeric.numeric, numeric.min, numeric.max], [true, 0.5, 12])
    // One plant in three without a number is too many: the key is read as words again.
    const response = await t.request('PUT', `/api/plants/${plants[2].id}`, {
      version: plants[2].version,
      note: 'no number known',
      data: [{ key: 'Root depth', value: 'deep' }],
    })
    assert.equal(response.status, 200, response.text)
    const words = find(await attributes(), 'Root depth')!
    assert.deepEqual([words.numeric, words.min, words.max], [false, undefined, undefined])
  })

  it('follows updates: a value no plant has any more is gone, a new one appears', async () => {
    const plant = await createPlant(t, { data: [{ key: 'Growth rate', value: 'Slow' }] })
    assert.deepEqual(find(await attributes(), 'Growth rate')?.values, [{ value: 'Slow', plants: 1 }])
    const response = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: plant.version,
      note: 'it grows fast',
      data: [{ key: 'growth rate', value: 'Fast' }],
    })
    assert.equal(response.status, 200, response.text)
    // The plant now has "Growth rate: Slow" and "growth rate: Fast": one key, counted once.
    assert.deepEqual(find(await attributes(), 'Growth rate'), {
      key: 'Growth rate',
      plants: 1,
      values: [
        { value: 'Fast', plants: 1 },
        { value: 'Slow', plants: 1 },
      ],
      numeric: false,
    })
    const again = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: response.body.version,
      note: 'not slow after all',
      data: [{ key: 'Growth rate', value: 'Fast' }],
    })
    assert.equal(again.status, 200, again.text)
    assert.deepEqual(find(await attributes(), 'Growth rate')?.values, [{ value: 'Fast', plants: 1 }])
  })

  it('shows the 50 most frequent values; GET /attributes/<key> pages through all of them', async () => {
    const many = Array.from({ length: 60 }, (_, i) => `Region ${String(i).padStart(2, '0')}`)
    await createPlant(t, { data: [{ key: 'Native to', value: many.join(', ') }] })
    await createPlant(t, { data: [{ key: 'Native to', value: 'Region 59' }] })

    const listed = find(await attributes(), 'Native to')!
    assert.equal(listed.plants, 2)
    assert.equal(listed.values.length, 50)
    assert.deepEqual(listed.values[0], { value: 'Region 59', plants: 2 })
    assert.deepEqual(listed.values[1], { value: 'Region 00', plants: 1 })

    const page = await t.request('GET', '/api/attributes/native%20TO?page=3&per_page=25')
    assert.equal(page.status, 200, page.text)
    assert.equal(page.body.key, 'Native to')
    assert.equal(page.body.plants, 2)
    assert.deepEqual(page.body.pagination, { page: 3, per_page: 25, total: 60, total_pages: 3 })
    assert.deepEqual(
      page.body.values.map((value: Counted) => value.value),
      many.slice(49, 59),
    )
  })

  it('answers 404 for a key no plant has, and ignores a parameter it does not take (400 when strict)', async () => {
    assertError(await t.request('GET', '/api/attributes/Nope'), 404, 'not found', [
      'Nope',
      'GET /api/attributes',
    ])
    assertError(await t.request('GET', '/api/attributes/%00'), 404, 'not found')
    assertError(await t.request('GET', `/api/attributes/${'x'.repeat(150)}`), 404, 'not found')
    const ignored = await t.request('GET', '/api/attributes?limit=5')
    assert.equal(ignored.status, 200)
    assert.equal(ignored.text, (await t.request('GET', '/api/attributes')).text)
    assert.equal(ignored.headers.get('hortus-ignored-parameters'), 'limit')
    const strict = { prefer: 'handling=strict' }
    assertError(await t.request('GET', '/api/attributes?limit=5', undefined, strict), 400, 'bad request', [
      '"limit"',
    ])
    assertError(
      await t.request('GET', '/api/attributes/Soil?size=5', undefined, strict),
      400,
      'bad request',
      ['"size" → "per_page"'],
    )
    // The values of one key are a list: limit is per_page there.
    const page = await t.request('GET', '/api/attributes/Soil?limit=1')
    assert.equal(page.status, 200, page.text)
    assert.equal(page.body.pagination.per_page, 1)
  })

  it('needs a key', async () => {
    const response = await fetch(`${t.baseUrl}/api/attributes`)
    assert.equal(response.status, 401)
  })

  it('matches the plants after many writes, an import and a rebuild', async () => {
    let seed = 7
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const keys = ['Layer', 'layer', 'LAYER ', 'Water', 'Edible parts']
    const values = [
      'Canopy',
      'Shrub',
      'canopy, shrub',
      'Ground cover',
      'Low',
      ' low , Medium',
      'Fruit, Leaves, Roots',
    ]
    const data = () =>
      Array.from({ length: 1 + random(3) }, () => ({
        key: keys[random(keys.length)]!,
        value: values[random(values.length)]!,
      })).filter((attribute, index, all) => all.findIndex((other) => other.key === attribute.key) === index)
    const plants = []
    for (let i = 0; i < 30; i++) plants.push(await createPlant(t, { data: data() }))
    for (let i = 0; i < 30; i++) {
      const plant = plants[random(plants.length)]!
      const current = (await t.request('GET', `/api/plants/${plant.id}`)).body
      const response = await t.request('PUT', `/api/plants/${plant.id}`, {
        version: current.version,
        note: 'random change',
        data: data(),
      })
      assert.ok([200, 422].includes(response.status), response.text)
    }
    const header = { hortus_dataset: 1, license: 'CC BY-SA 4.0' }
    const lines = [
      header,
      {
        type: 'Plant',
        scientific_name: plants[0].scientific_name,
        name: plants[0].name,
        data: [{ key: 'Water', value: 'High' }],
      },
      ...Array.from({ length: 12 }, (_, i) => ({
        type: 'Plant',
        scientific_name: `Importus ${i}`,
        name: `Imported ${i}`,
        data: data(),
      })),
    ].map((line) => JSON.stringify(line))
    const summary = await importDataset(
      t.store,
      (async function* () {
        yield* lines
      })(),
      { source: 'registry test', batchSize: 5, overwrite: true },
    )
    assert.equal(summary.rejected.length, 0, JSON.stringify(summary.rejected))
    await assertRegistryMatchesPlants()

    // What the migrate step does on a database that had plants before the registry existed.
    await t.store.db.deleteFrom('attribute_values').execute()
    await t.store.db.deleteFrom('attribute_keys').execute()
    assert.deepEqual(await attributes(), [])
    await t.store.transaction((tx) => facetIndex.rebuild(t.store, tx))
    await assertRegistryMatchesPlants()
  })
})
