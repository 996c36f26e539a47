import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { seedIfEmpty } from '../../src/transfer/seed.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
  const summary = await seedIfEmpty(t.store)
  assert.ok(summary && summary.rejected.length === 0, JSON.stringify(summary?.rejected.slice(0, 5)))
})
after(async () => t.close())

const names = (body: { plants: { name: string }[] }) => body.plants.map((plant) => plant.name)

describe('the starter dataset, loaded into an empty database', () => {
  it('lists Solanum lycopersicum first when searching for tomato', async () => {
    const response = await t.request('GET', '/api/search?q=tomato')
    const [first] = response.body.plants
    assert.equal(first.scientific_name, 'Solanum lycopersicum')
    assert.equal(first.name, 'Tomato')
    assert.equal(first.type, 'Plant')
  })

  it('lists the tomato cultivars as its varieties, and basil but no antagonist among its companions', async () => {
    const tomato = (await t.request('GET', '/api/search?q=tomato&per_page=1')).body.plants[0]
    const varieties = await t.request('GET', `/api/plants/${tomato.id}/varieties`)
    assert.ok(varieties.body.pagination.total >= 30)
    assert.ok(
      varieties.body.plants.every(
        (p: { parent_id: number; type: string }) => p.parent_id === tomato.id && p.type === 'Variety',
      ),
    )
    assert.ok(names(varieties.body).includes('Amish Paste tomato'))

    const companions = names((await t.request('GET', `/api/plants/${tomato.id}/companions`)).body)
    assert.ok(companions.includes('Basil'), companions.join(', '))
    const antagonists = (
      await t.request('GET', `/api/plants/${tomato.id}/links?type=antagonist-to`)
    ).body.links.map((link: { name: string }) => link.name)
    assert.ok(antagonists.length > 0)
    for (const name of antagonists) assert.ok(!companions.includes(name), `${name} is both`)
    assert.ok(
      !companions.includes('Corn') && !companions.includes('Dill'),
      'the source contradicts itself on corn and dill',
    )
  })

  it('counts each link of a plant as one of its versions', async () => {
    const tomato = (await t.request('GET', '/api/search?q=tomato&per_page=1')).body.plants[0]
    const links = (await t.request('GET', `/api/plants/${tomato.id}/links`)).body.pagination.total
    assert.ok(links > 0)
    assert.equal(tomato.version, 1 + links)
    const revisions = (await t.request('GET', `/api/plants/${tomato.id}/revisions?per_page=1`)).body
    assert.equal(revisions.pagination.total, tomato.version)
    assert.match(revisions.revisions[0].note, /^Imported from the Hortus starter dataset/)
    assert.match(revisions.revisions[0].changes[0].field, /^links\.(companion|antagonist)-to$/)
  })

  it('is loaded only into an empty database', async () => {
    assert.equal(await seedIfEmpty(t.store), null)
  })
})
