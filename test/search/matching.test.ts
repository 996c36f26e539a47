// How search matches what people type: typos within the allowed edits, English word forms, diacritics,
// joined and split words, every kind of name, the ranking tiers, and a vocabulary that every save keeps
// right (the same one the index's rebuild builds from the plants).
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { searchTextIndex } from '../../src/search/search-text-index.ts'

let t: TestApp
const p: Record<string, any> = {}

before(async () => {
  t = await buildTestApp()
  p.tomato = await createPlant(t, { scientific_name: 'Solanum lycopersicum', name: 'Tomato' })
  // A variety created before a species of the same tier: species still come first.
  p.amish = await createPlant(t, {
    scientific_name: 'Solanum lycopersicum',
    name: 'Amish tomato',
    type: 'Variety',
    parent_id: p.tomato.id,
  })
  p.currant = await createPlant(t, { scientific_name: 'Solanum pimpinellifolium', name: 'Currant tomato' })
  p.basilla = await createPlant(t, { scientific_name: 'Fictus basillae', name: 'Basilla' })
  p.basil = await createPlant(t, {
    scientific_name: 'Ocimum basilicum',
    name: 'Basil',
    data: [{ key: 'Alternate name', value: 'sweet basil, Basilikum' }],
  })
  p.strawberry = await createPlant(t, { scientific_name: 'Fragaria ananassa', name: 'Strawberry' })
  p.ramsons = await createPlant(t, {
    scientific_name: 'Allium ursinum',
    name: 'Ramsons',
    data: [{ key: 'Alternate name', value: 'wild garlic, Bärlauch' }],
  })
  p.sweetclover = await createPlant(t, { scientific_name: 'Melilotus officinalis', name: 'Sweetclover' })
  p.pawpaw = await createPlant(t, { scientific_name: 'Asimina triloba', name: 'Paw paw' })
  p.oldTomato = await createPlant(t, {
    scientific_name: 'Solanum esculentum',
    name: 'Wolf peach',
    data: [{ key: 'Synonym', value: 'Lycopersicon esculentum' }],
  })
  p.onion = await createPlant(t, {
    scientific_name: 'Allium cepa',
    name: 'Onion',
    description: 'Keeps pests off strawberries and tomatoes.',
  })
})
after(async () => t.close())

const search = async (q: string, extra = '') => {
  const response = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`)
  assert.equal(response.status, 200, response.text)
  return response.body
}
const names = async (q: string, extra = '') =>
  ((await search(q, extra)).plants as { name: string }[]).map((plant) => plant.name)

describe('typos', () => {
  it('corrects one edit from 4 letters, swaps of neighbouring letters included', async () => {
    assert.deepEqual(await names('bazil'), ['Basil'])
    assert.deepEqual(await names('tmoato'), ['Tomato', 'Currant tomato', 'Amish tomato', 'Onion'])
    assert.deepEqual(await names('Ocimum basilicom'), ['Basil'])
  })

  it('corrects two edits from 8 letters, and no more', async () => {
    assert.deepEqual(await names('strawbarri'), ['Strawberry', 'Onion'])
    assert.deepEqual(await names('strawberri'), ['Strawberry', 'Onion'])
    assert.deepEqual(await names('lycopirsicam'), ['Tomato', 'Amish tomato'])
    assert.deepEqual(await names('tamoto'), [], '6 letters, 2 edits')
    assert.deepEqual(await names('strbwbarri'), [], '10 letters, 3 edits')
  })

  it('matches words under 4 letters exactly or as a prefix', async () => {
    assert.deepEqual(await names('tmo'), [])
    assert.deepEqual(await names('tom'), ['Tomato', 'Currant tomato', 'Amish tomato', 'Onion'])
  })

  it('ranks a fuzzy match below an exact one', async () => {
    // "basill" starts the name Basilla and is one edit from Basil.
    assert.deepEqual(await names('basill'), ['Basilla', 'Basil'])
  })
})

describe('word forms and names', () => {
  it('matches singular and plural', async () => {
    assert.deepEqual(await names('strawberries'), ['Strawberry', 'Onion'])
    assert.deepEqual(await names('tomatoes'), ['Tomato', 'Currant tomato', 'Amish tomato', 'Onion'])
  })

  it('ignores case and diacritics', async () => {
    assert.deepEqual(await names('barlauch'), ['Ramsons'])
    assert.deepEqual(await names('BÄRLAUCH'), ['Ramsons'])
  })

  it('finds joined and split words where the vocabulary has both', async () => {
    assert.deepEqual(await names('sweet clover'), ['Sweetclover'])
    assert.deepEqual(await names('pawpaw'), ['Paw paw'])
  })

  it('searches alternate names, names in other languages and synonyms as names', async () => {
    assert.deepEqual(await names('basilikum'), ['Basil'])
    assert.deepEqual(await names('wild garlic'), ['Ramsons'])
    assert.deepEqual(await names('Lycopersicon esculentum'), ['Wolf peach'])
  })
})

describe('ranking, paging and totals', () => {
  it('puts the exact name first, then species before their varieties, then id', async () => {
    assert.deepEqual(await names('tomato'), ['Tomato', 'Currant tomato', 'Amish tomato', 'Onion'])
  })

  it('applies type and paging on top, with exact totals', async () => {
    const page = await search('tomato', '&per_page=2&page=2')
    assert.deepEqual(
      page.plants.map((plant: { name: string }) => plant.name),
      ['Amish tomato', 'Onion'],
    )
    assert.deepEqual(page.pagination, { page: 2, per_page: 2, total: 4, total_pages: 2 })
    assert.deepEqual(await names('tmoato', '&type=Variety'), ['Amish tomato'])
    assert.equal((await search('tmoato', '&type=Variety')).pagination.total, 1)
  })
})

describe('the vocabulary', () => {
  it('follows every save: a renamed plant is found by its new name, with typos, and not by the old', async () => {
    const plant = await createPlant(t, { scientific_name: 'Fictus quenzelii', name: 'Quenzelberry' })
    assert.deepEqual(await names('quenzelbery'), ['Quenzelberry'])
    const renamed = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: plant.version,
      note: 'rename',
      name: 'Zwoddelberry',
      scientific_name: 'Fictus zwoddelii',
    })
    assert.equal(renamed.status, 200, renamed.text)
    assert.deepEqual(await names('quenzelbery'), [])
    assert.deepEqual(await names('zwodelberry'), ['Zwoddelberry'])
  })

  it('is what the rebuild builds from the plants', async () => {
    const snapshot = async () => ({
      words: (
        await sql<{ word: string; plants: number; name_plants: number }>`
          SELECT word, plants, name_plants FROM search_words ORDER BY word`.execute(t.store.db)
      ).rows.map((row) => `${row.word}:${Number(row.plants)}:${Number(row.name_plants)}`),
      variants: Number(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM search_word_variants`.execute(t.store.db))
          .rows[0]!.n,
      ),
      names: (
        await sql<{ plant_id: number; name: string; kind: number }>`
          SELECT plant_id, name, kind FROM search_names ORDER BY plant_id, name`.execute(t.store.db)
      ).rows.map((row) => `${row.plant_id}:${row.name}:${row.kind}`),
    })
    const kept = await snapshot()
    assert.ok(kept.words.includes('tomato:3:3'), 'Tomato, Amish tomato and Currant tomato')
    assert.ok(!kept.words.some((word) => word.startsWith('quenzelberry:')))
    await t.store.transaction(async (tx) => {
      await tx.deleteFrom('search_word_variants').execute()
      await tx.deleteFrom('search_words').execute()
      await tx.deleteFrom('search_names').execute()
    })
    await t.store.transaction((tx) => searchTextIndex.rebuild(t.store, tx))
    assert.deepEqual(await snapshot(), kept)
  })
})
