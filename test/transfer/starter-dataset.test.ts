import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { seedIfEmpty } from '../../src/transfer/seed.ts'
import { tempDir } from '../helpers/temp-dir.ts'
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

  it('answers the facet searches clients make: full-sun plants of zone 4 on medium soil', async () => {
    const response = await t.request(
      'GET',
      '/api/search?Light%20requirement=Full%20sun&USDA%20Hardiness%20zone=4&Soil%20type=Medium&q=walnut',
    )
    assert.ok(names(response.body).includes('Black walnut'), names(response.body).join(', '))
  })

  it("takes OpenFarm's lines for the same plants as more names, never as second plants", async () => {
    // The real lines of data/openfarm.jsonl for okra, chickpea and tomato, with OpenFarm's old tomato
    // name Lycopersicon esculentum and its varieties.
    const wanted = new Set(['Abelmoschus esculentus', 'Cicer arietinum', 'Solanum lycopersicum'])
    const lines = readFileSync(fileURLToPath(new URL('../../data/openfarm.jsonl', import.meta.url)), 'utf8')
      .split('\n')
      .filter((line, index) => {
        if (index === 0) return true
        if (!line) return false
        const plant = JSON.parse(line) as { scientific_name: string; parent?: { scientific_name: string } }
        return wanted.has(plant.scientific_name) || plant.parent?.scientific_name === 'Solanum lycopersicum'
      })
    assert.ok(lines.some((line) => line.includes('Lycopersicon esculentum var.')))
    const path = join(tempDir('hortus-openfarm-'), 'openfarm-part.jsonl')
    writeFileSync(path, `${lines.join('\n')}\n`)
    const summary = await importDataset(t.store, readLines(path), { source: 'openfarm-part.jsonl' })
    assert.deepEqual(summary.rejected, [])
    assert.equal(summary.overwritten, 0)

    for (const [query, plant] of [
      ['bhindi', 'Okra'],
      ['garbanzo', 'Chickpea'],
      ['pomodoro', 'Tomato'],
    ]) {
      const found = names((await t.request('GET', `/api/search?q=${query}`)).body)
      assert.ok(found.includes(plant as string), `${query}: ${found.join(', ')}`)
    }
    const tomatoes = await t.request('POST', '/api/search', {
      scientific_name: 'Solanum lycopersicum',
      type: 'Plant',
    })
    assert.deepEqual(names(tomatoes.body), ['Tomato'])
    const tomato = tomatoes.body.plants[0]
    const varieties = await t.request('GET', `/api/plants/${tomato.id}/varieties?per_page=100`)
    assert.ok(
      names(varieties.body).includes('Garden tomato'),
      "OpenFarm's Lycopersicon varieties hang from it",
    )
    assert.ok(names(varieties.body).includes('Amish Paste tomato'))
  })
})
