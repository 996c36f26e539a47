// The website over real HTTP: pages render from the same services as the API, escape what users wrote,
// carry the security headers, and answer unknown pages and bad input with a page, never a 5xx.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { seedIfEmpty } from '../../src/transfer/seed.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())

/** A page as a visitor's browser gets it: no key, text/html. */
async function visit(path: string) {
  const response = await fetch(`${t.baseUrl}${path}`)
  const html = await response.text()
  return { status: response.status, headers: response.headers, html }
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('the plant page at each plant’s link', () => {
  it('shows names, growing conditions, companions, varieties, history and the attribution', async () => {
    const tomato = await createPlant(t, {
      scientific_name: 'Solanum lycopersicum',
      name: 'Tomato',
      description: 'A tender perennial grown as an annual.',
      note: 'from the seed catalogue',
      data: [
        { key: 'Light requirement', value: 'Full sun' },
        { key: 'Water requirement', value: 'Moist' },
        { key: 'Height', value: '1.5' },
        { key: 'Family', value: 'Solanaceae' },
        { key: 'Wikipedia', value: 'https://en.wikipedia.org/wiki/Tomato' },
      ],
    })
    const basil = await createPlant(t, { scientific_name: 'Ocimum basilicum', name: 'Basil' })
    await link(t, tomato.id, basil.id, 'companion-to', 'Basil repels thrips')
    const roma = await createPlant(t, { type: 'Variety', parent_id: tomato.id, name: 'Roma tomato' })

    const page = await visit(tomato.link)
    assert.equal(page.status, 200)
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.match(page.html, /<h1>Tomato<\/h1>/)
    const words = text(page.html)
    // Each value with the mark that opens where it came from: here, the member who created the plant.
    const from = (key: string) => `i Where ${key} came from Saved by tester-\\w+ in version 1`
    assert.match(
      words,
      new RegExp(
        `Growing conditions Light requirement Full sun ${from('Light requirement')} ` +
          `Water requirement Moist ${from('Water requirement')} Height 1\\.5 m \\(4\\.9 ft\\) ${from('Height')}`,
      ),
    )
    assert.ok(page.html.includes(`<a href="${basil.link}">Basil</a>`), 'companion linked')
    assert.ok(words.includes('Basil repels thrips'))
    assert.ok(page.html.includes(`<a href="${roma.link}">Roma tomato</a>`), 'variety linked')
    assert.match(words, /History 2 revisions/)
    assert.ok(words.includes('from the seed catalogue'))
    assert.ok(words.includes('CC BY-SA 4.0'))
    assert.ok(page.html.includes('href="https://en.wikipedia.org/wiki/Tomato"'))

    const variety = await visit(roma.link)
    assert.ok(variety.html.includes(`a variety of <a href="${tomato.link}">Tomato</a>`))
  })

  it('escapes what users wrote', async () => {
    const plant = await createPlant(t, {
      name: '<script>alert(1)</script> weed',
      data: [{ key: 'Note"><b>', value: '<img src=x onerror=alert(1)>' }],
    })
    const page = await visit(plant.link)
    assert.equal(page.status, 200)
    assert.ok(!page.html.includes('<script>'), 'no script tag')
    assert.ok(!page.html.includes('<img src=x'), 'no injected image')
    assert.ok(page.html.includes('<h1>&lt;script>alert(1)&lt;/script> weed</h1>'), 'shown as text')
  })

  it('answers an unknown plant or page with a 404 page, and the API still with JSON', async () => {
    for (const path of ['/plants/no-such-plant', '/nothing/here', '/plants/%E2%80%8B']) {
      const page = await visit(path)
      assert.equal(page.status, 404, path)
      assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8')
      assert.match(page.html, /<h1>Page not found<\/h1>/)
    }
    const api = await fetch(`${t.baseUrl}/api/nothing`)
    assert.equal(api.status, 404)
    assert.deepEqual(Object.keys((await api.json()) as object).sort(), ['error', 'msg'])
  })
})

describe('home and search', () => {
  it('has a labelled search box, the licence and how to get API access', async () => {
    const home = await visit('/')
    assert.equal(home.status, 200)
    assert.match(home.html, /<label for="q">Search plants<\/label>/)
    const words = text(home.html)
    assert.ok(words.includes('CC BY-SA 4.0'))
    assert.ok(words.includes('non-commercial'))
  })

  it('finds plants with the API’s search, links each to its page, and offers filters with counts', async () => {
    const mint = await createPlant(t, {
      scientific_name: 'Mentha spicata',
      name: 'Spearmint',
      data: [{ key: 'Light requirement', value: 'Full sun, Partial sun/shade' }],
    })
    const page = await visit('/search?q=spearmint')
    assert.equal(page.status, 200)
    assert.ok(page.html.includes(`<a href="${mint.link}">Spearmint</a>`))
    assert.match(page.html, /<label for="facet-0">Light requirement<\/label>/)
    assert.match(page.html, /<option value="Full sun"[^>]*>Full sun \(\d+\)<\/option>/)
    const filtered = await visit('/search?q=spearmint&Light%20requirement=Full%20shade')
    assert.ok(text(filtered.html).includes('No plant matches'))
  })

  it('answers bad input with a 400 page, never a 5xx', async () => {
    for (const path of ['/search?q=a&page=0', '/search?q=%00', '/search?q=a&q=b']) {
      const page = await visit(path)
      assert.equal(page.status, 400, `${path}: ${page.html.slice(0, 200)}`)
      assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8')
    }
  })

  it('ignores a filter that is no attribute, as the API does', async () => {
    const page = await visit('/search?q=spearmint&Nope=1&utm_source=newsletter')
    assert.equal(page.status, 200)
    assert.ok(text(page.html).includes('Spearmint'))
  })

  it('sends the security headers and the stylesheet', async () => {
    const home = await visit('/')
    const csp = home.headers.get('content-security-policy') ?? ''
    assert.match(csp, /script-src 'self'/)
    assert.ok(!csp.includes('unsafe-inline'))
    assert.match(csp, /frame-ancestors 'none'/)
    assert.equal(home.headers.get('x-content-type-options'), 'nosniff')
    assert.ok(home.headers.get('referrer-policy'))
    const css = await fetch(`${t.baseUrl}/static/hortus.css`)
    assert.equal(css.status, 200)
    assert.match(css.headers.get('content-type') ?? '', /text\/css/)
  })
})

describe('the starter dataset', () => {
  it('answers every plant’s link with its page', async () => {
    const fresh = await buildTestApp()
    try {
      await seedIfEmpty(fresh.store)
      const links: string[] = []
      let lastId = 0
      for (;;) {
        const response = await fresh.request('GET', `/api/plants?last_id=${lastId}&per_page=100`)
        links.push(...response.body.plants.map((plant: { link: string }) => plant.link))
        if (!response.body.pagination.has_more) break
        lastId = response.body.pagination.last_id
      }
      assert.ok(links.length >= 1800)
      const failures: string[] = []
      let next = 0
      const worker = async () => {
        while (next < links.length) {
          const path = links[next++]!
          const response = await fetch(`${fresh.baseUrl}${path}`)
          const html = await response.text()
          if (response.status !== 200 || !html.includes('<h1>')) failures.push(`${path} → ${response.status}`)
        }
      }
      await Promise.all(Array.from({ length: 4 }, worker))
      assert.deepEqual(failures.slice(0, 10), [])
      // The tomato's uses say whose record they are and what it means; its old names and needs show.
      const tomato = text(await (await fetch(`${fresh.baseUrl}/plants/solanum-lycopersicum-tomato`)).text())
      assert.match(tomato, /Recorded uses Food, medicine, animal fodder/)
      assert.match(
        tomato,
        /Recorded in the World Checklist of Useful Plant Species: uses people have made of it, not advice\./,
      )
      assert.match(tomato, /Synonyms Lycopersicon cerasiforme, Lycopersicon esculentum/)
      assert.match(tomato, /Frost tolerance Tender/)
      assert.match(tomato, /Seed planting depth 0\.6 cm \(¼ in\)/)
      assert.match(tomato, /Germination time 5–10 days/)
    } finally {
      await fresh.close()
    }
  })
})
