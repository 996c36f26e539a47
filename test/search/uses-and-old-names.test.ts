// Search over the starter dataset finds plants by what they are used for, by the old scientific names in
// gardeners' books, and gives garden crops their needs (issue 40). Runs on the suite's database, so on
// SQLite and on PostgreSQL.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'

interface Found {
  name: string
  scientific_name: string
  data: { key: string; value: string }[]
}

let t: TestApp
before(async () => {
  t = await buildTestApp()
  await importDataset(t.store, readLines('data/plants.jsonl'), { source: 'data/plants.jsonl', images: false })
})
after(async () => t.close())

async function search(q: string, perPage = 10): Promise<{ plants: Found[]; interpretation?: unknown }> {
  const response = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}&per_page=${perPage}`)
  assert.equal(response.status, 200, response.text)
  return response.body
}
const value = (plant: Found | undefined, key: string): string | undefined =>
  plant?.data.find((attribute) => attribute.key === key)?.value

describe('uses', () => {
  it('"medicinal herbs" gives ten plants with a recorded medicinal use first', async () => {
    const { plants } = await search('medicinal herbs')
    assert.equal(plants.length, 10)
    for (const plant of plants) assert.equal(value(plant, 'Medicinal'), 'Medicinal use recorded', plant.name)
  })

  // Each reads as the use, and the plants found carry it.
  const uses: [string, string, RegExp][] = [
    ['bee plants', 'Utility', /attracts (pollinators|insects)/i],
    ['plants for dyes', 'Recorded uses', /materials \(fibre\/wood\/dye\)/i],
    ['fodder', 'Recorded uses', /animal fodder/i],
    ['poisonous', 'Warning', /Toxic/],
  ]
  for (const [q, key, expected] of uses)
    it(`"${q}" finds plants whose ${key} says so`, async () => {
      const { plants, interpretation } = await search(q)
      assert.equal(plants.length, 10, JSON.stringify(interpretation))
      for (const plant of plants) assert.match(value(plant, key) ?? '', expected, `${q}: ${plant.name}`)
    })
})

describe('old names', () => {
  // Names from gardening books, each a synonym the USDA PLANTS checklist gives; Parsley's own name in the
  // sources is Petroselinum hortense, and the accepted Petroselinum crispum finds it too.
  const oldNames: [string, string][] = [
    ['Lycopersicon esculentum', 'Tomato'],
    ['Petroselinum crispum', 'Parsley'],
    ['Hibiscus esculentus', 'Okra'],
    ['Phaseolus aureus', 'Mung bean'],
    ['Citrullus vulgaris', 'Watermelon'],
    ['Prunus amygdalus', 'Almond'],
    ['Carya pecan', 'Pecan'],
    ['Anthemis nobilis', 'Chamomile'],
    ['Persica vulgaris', 'Peach'],
    ['Glycine hispida', 'Soybean'],
  ]
  for (const [q, name] of oldNames)
    it(`"${q}" finds ${name} first`, async () => {
      const { plants } = await search(q, 3)
      assert.equal(plants[0]?.name, name, JSON.stringify(plants.map((plant) => plant.name)))
    })

  it('suggestions find a plant by a synonym; the exact-match POST search stays exact', async () => {
    const suggest = await t.request('GET', '/api/suggest?q=lycopersicon%20escu')
    assert.equal(suggest.status, 200, suggest.text)
    assert.equal(suggest.body.suggestions[0]?.name, 'Tomato')
    const exact = await t.request('POST', '/api/search', {
      scientific_name: 'Lycopersicon esculentum',
      type: 'Plant',
    })
    assert.equal(exact.status, 200, exact.text)
    assert.deepEqual(exact.body.plants, [])
  })
})

describe("a crop seeder's search", () => {
  // An app that seeds its plant table searches each crop name and reads the first plant's keys: the 40
  // most-grown crops, then 38 more of a garden's usual ones.
  const crops = [
    ...[
      'tomato',
      'potato',
      'carrot',
      'onion',
      'garlic',
      'lettuce',
      'cabbage',
      'broccoli',
      'cauliflower',
      'kale',
    ],
    ...[
      'spinach',
      'beet',
      'radish',
      'turnip',
      'pea',
      'bean',
      'broad bean',
      'cucumber',
      'zucchini',
      'pumpkin',
    ],
    ...['melon', 'watermelon', 'pepper', 'eggplant', 'sweet corn', 'leek', 'celery', 'parsley', 'basil'],
    ...[
      'coriander',
      'dill',
      'chives',
      'mint',
      'thyme',
      'rosemary',
      'sage',
      'oregano',
      'strawberry',
      'raspberry',
    ],
    ...['asparagus', 'brussels sprouts', 'kohlrabi', 'swiss chard', 'arugula', 'endive', 'chicory', 'fennel'],
    ...['parsnip', 'rutabaga', 'sweet potato', 'artichoke', 'rhubarb', 'okra', 'runner bean', 'lima bean'],
    ...[
      'chickpea',
      'lentil',
      'peanut',
      'sunflower',
      'squash',
      'shallot',
      'horseradish',
      'collards',
      'bok choy',
    ],
    ...[
      'mustard',
      'watercress',
      'tarragon',
      'lemon balm',
      'lavender',
      'chamomile',
      'marjoram',
      'apple',
      'pear',
    ],
    ...['plum', 'cherry', 'peach', 'blueberry', 'gooseberry'],
  ]

  it('fills water needs and soil pH for at least 50 of 78 crop names', async () => {
    assert.equal(new Set(crops).size, 78)
    const missing = { water: [] as string[], ph: [] as string[] }
    for (const crop of crops) {
      const [first] = (await search(crop, 1)).plants
      if (!value(first, 'Water requirement')) missing.water.push(crop)
      if (!value(first, 'Soil pH')) missing.ph.push(crop)
    }
    assert.ok(
      78 - missing.water.length >= 50,
      `water for ${78 - missing.water.length}; not: ${missing.water.join(', ')}`,
    )
    assert.ok(
      78 - missing.ph.length >= 50,
      `soil pH for ${78 - missing.ph.length}; not: ${missing.ph.join(', ')}`,
    )
  })
})
