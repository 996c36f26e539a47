// The home page's ways in: each category is a search whose address carries its filters (so a person can
// bookmark and share it) and finds the plants it names; the latest changes link to their plants.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { Visitor, textOf } from '../helpers/visitor.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
  await createPlant(t, {
    name: 'Carrot',
    scientific_name: 'Daucus carota',
    note: 'From the seed catalogue',
    data: [{ key: 'Edible parts', value: 'Root, leaves' }],
  })
  await createPlant(t, {
    name: 'White clover',
    scientific_name: 'Trifolium repens',
    data: [
      { key: 'Layer', value: 'Ground cover' },
      { key: 'Nitrogen Fixing', value: 'High' },
    ],
  })
})
after(async () => t.close())

/** The home page's links with their text. */
const links = (html: string) =>
  new Map(
    [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[2]!.trim(),
      m[1]!.replace(/&amp;/g, '&'),
    ]),
  )

describe('the home page', () => {
  it('offers categories that are searches with their filters in the address, and they find their plants', async () => {
    const visitor = new Visitor(t.baseUrl)
    const home = await visitor.get('/')
    assert.equal(home.status, 200)
    const found = links(home.html)
    const categoryNames = async (name: string) => {
      const href = found.get(name)
      assert.ok(href?.startsWith('/search?'), `${name} is a search: ${href}`)
      const page = await visitor.get(href!)
      assert.equal(page.status, 200)
      return [...page.html.matchAll(/<h2 class="card-name"><a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1])
    }
    assert.deepEqual(await categoryNames('Vegetables'), ['Carrot'])
    assert.deepEqual(await categoryNames('Ground covers'), ['White clover'])
    assert.deepEqual(await categoryNames('Nitrogen fixers'), ['White clover'])
    assert.equal(found.get('Sow now'), '/sow-now')
  })

  it('says how many plants there are and shows the latest changes', async () => {
    const text = textOf((await new Visitor(t.baseUrl).get('/')).html)
    assert.match(text, /A community database of 2 plants/)
    assert.match(text, /Latest changes White clover — .* Carrot — From the seed catalogue/)
  })
})
