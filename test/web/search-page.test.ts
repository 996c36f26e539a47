// The search page over real HTTP: how it read the words typed (chips whose × searches again without them,
// the name words and the words left out), the height and hardiness range filters, browsing by filters
// without words, and a wrong range said on the page with a 400, never a 5xx. Over a few plants made here,
// so every expectation is worked out by hand.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'

let t: TestApp
const p: Record<string, any> = {}

before(async () => {
  t = await buildTestApp()
  p.clover = await createPlant(t, {
    scientific_name: 'Trifolium repens',
    name: 'White clover',
    data: [
      { key: 'Layer', value: 'Ground cover' },
      { key: 'Light requirement', value: 'Full sun, partial sun/shade' },
      { key: 'Height', value: '0.2' },
      { key: 'USDA Hardiness zone', value: '3' },
    ],
  })
  p.thyme = await createPlant(t, {
    scientific_name: 'Thymus serpyllum',
    name: 'Creeping thyme',
    data: [
      { key: 'Layer', value: 'Ground cover' },
      { key: 'Light requirement', value: 'Full sun' },
      { key: 'Height', value: '0.1' },
      { key: 'USDA Hardiness zone', value: '5' },
    ],
  })
  p.oak = await createPlant(t, {
    scientific_name: 'Quercus robur',
    name: 'English oak',
    data: [
      { key: 'Layer', value: 'Tall trees' },
      { key: 'Light requirement', value: 'Full sun' },
      { key: 'Height', value: '35' },
      { key: 'USDA Hardiness zone', value: '4' },
    ],
  })
  p.tomato = await createPlant(t, {
    scientific_name: 'Solanum lycopersicum',
    name: 'Tomato',
    data: [
      { key: 'Light requirement', value: 'Full sun' },
      { key: 'Height', value: '1.5' },
      { key: 'USDA Hardiness zone', value: '10' },
    ],
  })
  p.basil = await createPlant(t, { scientific_name: 'Ocimum basilicum', name: 'Basil' })
  p.nasturtium = await createPlant(t, { scientific_name: 'Tropaeolum spp.', name: 'Nasturtium' })
  await link(t, p.tomato.id, p.basil.id)
})
after(async () => t.close())

/** A page as a visitor's browser gets it: no key, text/html. */
async function visit(path: string) {
  const response = await fetch(`${t.baseUrl}${path}`)
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() }
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
/** The names of the results, in order. */
const results = (html: string) =>
  [
    ...(/<ol class="cards"[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? '').matchAll(
      /<h2 class="card-name"><a href="[^"]+">([^<]+)<\/a>/g,
    ),
  ].map((match) => match[1])
/** Each chip: what it says and where its × leads (ampersands unescaped), with the ×'s accessible name. */
const chips = (html: string) =>
  [
    ...html.matchAll(/<li class="chip">(.*?)<a class="chip-remove" href="([^"]*)" aria-label="([^"]*)"/gs),
  ].map((match) => ({
    says: text(match[1]!).trim(),
    remove: match[2]!.replace(/&amp;/g, '&'),
    label: match[3],
  }))
const search = (q: string, more = '') => `/search?q=${encodeURIComponent(q)}${more}`

describe('what the search read in the words typed', () => {
  it('shows each constraint as a chip whose × searches without its words', async () => {
    const page = await visit(search('full sun ground cover'))
    assert.equal(page.status, 200)
    assert.ok(text(page.html).includes('Searched for:'))
    assert.deepEqual(chips(page.html), [
      { says: 'Light: Full sun', remove: '/search?q=ground+cover', label: 'Remove Light: Full sun' },
      { says: 'Layer: Ground cover', remove: '/search?q=full+sun', label: 'Remove Layer: Ground cover' },
    ])
    assert.deepEqual(results(page.html), ['White clover', 'Creeping thyme'])
  })

  it('removes the words in any case, across hyphens and commas, and keeps the filters but not the page', async () => {
    const page = await visit(search('Full Sun, Ground-Cover', '&Life%20cycle=&height_to=1&page=1'))
    assert.deepEqual(
      chips(page.html).map((chip) => chip.remove),
      ['/search?q=Ground-Cover&height_to=1', '/search?q=Full+Sun&height_to=1'],
    )
    const removed = await visit('/search?q=Ground-Cover&height_to=1')
    assert.deepEqual(
      chips(removed.html).map((chip) => chip.says),
      ['Layer: Ground cover'],
    )
    assert.deepEqual(results(removed.html), ['White clover', 'Creeping thyme'])
  })

  it('says ranges, zones and companions in plain words', async () => {
    const says = async (q: string) => chips((await visit(search(q))).html).map((chip) => chip.says)
    assert.deepEqual(await says('taller than 30 m'), ['Height: over 30 m'])
    assert.deepEqual(await says('under 15 cm'), ['Height: under 0.15 m'])
    assert.deepEqual(await says('full sun 1 to 3 m'), ['Light: Full sun', 'Height: 1–3 m'])
    assert.deepEqual(await says('hardy to zone 4'), ['Hardy to zone 4'])

    const companions = await visit(search('companion plants for tomato'))
    assert.deepEqual(chips(companions.html), [
      { says: 'Companions of Tomato', remove: '/search?q=', label: 'Remove Companions of Tomato' },
    ])
    assert.ok(
      companions.html.includes(`Companions of <a href="${p.tomato.link}">Tomato</a>`),
      'the plant linked',
    )
    assert.deepEqual(results(companions.html), ['Basil'])
  })

  it('says quietly which words were searched as names, and which were left out', async () => {
    const soft = await visit(search('tomato plant'))
    assert.deepEqual(chips(soft.html), [])
    assert.match(text(soft.html), /Plant names searched for ‘tomato’\. Left out: plant\./)
    assert.equal(results(soft.html)[0], 'Tomato')

    const partial = await visit(search('Tropaeolum majus'))
    assert.ok(
      text(partial.html).includes('No plant matched ‘majus’ with the other words, so it was left out.'),
    )
    assert.deepEqual(results(partial.html), ['Nasturtium'])

    const plain = await visit(search('basil'))
    assert.ok(!plain.html.includes('class="understood"'), 'nothing to say about a plain name')
  })
})

describe('the range filters', () => {
  it('offers height in metres and the hardiness zone beside the facet selects', async () => {
    const page = await visit(search('full sun'))
    assert.match(
      page.html,
      /<label for="height-from">Height from \(m\)<\/label><input id="height-from" name="height_from" type="number" min="0" step="any"/,
    )
    assert.match(
      page.html,
      /<label for="height-to">Height to \(m\)<\/label><input id="height-to" name="height_to" type="number" min="0" step="any"/,
    )
    assert.match(
      page.html,
      /<label for="hardy-to-zone">Hardy to zone<\/label><select id="hardy-to-zone" name="hardy_to_zone">/,
    )
    assert.match(page.html, /<option value="4">4 \(−34 °C \/ −30 °F\)<\/option>/)
    assert.ok(
      !page.html.includes('>USDA Hardiness zone</label>'),
      'the zone is a range, not a list of values',
    )
  })

  it('filters by them, leaving out a side left empty, and shows what was chosen', async () => {
    const short = await visit(search('full sun', '&height_from=&height_to=0.5'))
    assert.deepEqual(results(short.html), ['White clover', 'Creeping thyme'])
    assert.match(
      short.html,
      /name="height_to" type="number" min="0" step="any" inputmode="decimal" value="0.5"/,
    )

    const between = await visit(search('full sun', '&height_from=1&height_to=40'))
    assert.deepEqual(results(between.html), ['English oak', 'Tomato'])

    const hardy = await visit(search('full sun', '&hardy_to_zone=4'))
    assert.deepEqual(results(hardy.html), ['White clover', 'English oak'])
    assert.match(hardy.html, /<option value="4" selected>/)
  })
})

describe('browsing without words', () => {
  it('shows the plants of the filters chosen, in the order they were added', async () => {
    const layer = await visit('/search?q=&Layer=Ground+cover')
    assert.equal(layer.status, 200)
    assert.deepEqual(results(layer.html), ['White clover', 'Creeping thyme'])

    const tall = await visit('/search?height_from=20')
    assert.deepEqual(results(tall.html), ['English oak'])
    const paging = await visit('/search?hardy_to_zone=10')
    assert.ok(text(paging.html).includes('4 plants, page 1 of 1'))
  })

  it('shows no results without words or filters, as before', async () => {
    for (const path of [
      '/search',
      '/search?q=',
      '/search?q=&height_from=&Layer=',
      '/search?utm_source=newsletter',
    ]) {
      const page = await visit(path)
      assert.equal(page.status, 200, path)
      assert.deepEqual(results(page.html), [], path)
      assert.ok(text(page.html).includes('Type a plant name, or what you need'), path)
    }
  })
})

describe('a wrong range', () => {
  it('is said on the search page with a 400, never a 5xx', async () => {
    const wrong = {
      '/search?height_from=abc': 'Height from: “abc” is not a height in metres.',
      '/search?q=sun&height_from=-1': 'Height from: “-1” is not a height in metres.',
      '/search?height_from=5&height_to=1': 'Height from (5 m) is more than Height to (1 m).',
      '/search?hardy_to_zone=14': 'Hardy to zone: “14” is not a zone.',
      '/search?Height=1..x': 'Parameter Height: "1..x" is not a range',
      '/search?q=sun&Height=5..1': 'the minimum is above the maximum',
      '/search?Layer=1..3': 'Layer is not a numeric attribute',
    }
    for (const [path, message] of Object.entries(wrong)) {
      const page = await visit(path)
      assert.equal(page.status, 400, path)
      assert.equal(page.type, 'text/html; charset=utf-8')
      assert.match(page.html, /<p class="notice problem" role="alert">/, path)
      assert.ok(text(page.html).replace(/&#34;/g, '"').includes(message), `${path}: ${text(page.html)}`)
      assert.deepEqual(results(page.html), [], path)
    }
  })

  it('is a 400 page when it is not even one value', async () => {
    for (const path of ['/search?height_from=1&height_from=2', `/search?hardy_to_zone=${'9'.repeat(30)}`]) {
      const page = await visit(path)
      assert.equal(page.status, 400, path)
      assert.equal(page.type, 'text/html; charset=utf-8')
    }
  })
})
