// Where each value came from: an imported value names its dataset source, a value saved through the API
// names its editor and version, a link names its source; pests and diseases with their source, a variety
// answering its parent's; an export carries all of it, so a second Hortus that imports it keeps it.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { assertError } from '../helpers/assertions.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { exportDataset } from '../../src/transfer/export.ts'

const USDA = { name: 'USDA PLANTS', url: 'https://plants.usda.gov', license: 'public domain' }
const CROPGRAPH = { name: 'CropGraph', url: 'https://example.org/cropgraph', license: 'CC BY 4.0' }
const WIKIPEDIA = { name: 'Wikipedia contributors', url: 'https://en.wikipedia.org', license: 'CC BY-SA 4.0' }
const dataset = [
  {
    hortus_dataset: 1,
    license: 'CC BY-SA 4.0',
    license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    attribution: 'test',
    sources: [
      { id: 'usda-plants', ...USDA },
      { id: 'cropgraph', ...CROPGRAPH },
      { id: 'wikipedia', ...WIKIPEDIA },
    ],
  },
  {
    type: 'Plant',
    scientific_name: 'Solanum lycopersicum',
    name: 'Tomato',
    source: 'usda-plants',
    data: [
      { key: 'Family', value: 'Solanaceae' },
      { key: 'Days to maturity', value: '55-90', source: 'cropgraph' },
    ],
    links: [
      {
        type: 'companion-to',
        scientific_name: 'Ocimum basilicum',
        name: 'Basil',
        note: 'Basil helps tomato.',
        source: 'wikipedia',
      },
    ],
    problems: [
      {
        name: 'Tomato hornworm',
        type: 'pest',
        severity: 'high',
        symptoms: 'Leaves stripped overnight.',
        management: ['Pick them off by hand.', 'Bacillus thuringiensis on young larvae.'],
        prevention: 'Till in autumn.',
        source: 'cropgraph',
      },
      { name: 'Late blight', type: 'disease' },
    ],
  },
  { type: 'Plant', scientific_name: 'Ocimum basilicum', name: 'Basil' },
  {
    type: 'Plant',
    scientific_name: 'Lactuca sativa',
    name: 'Lettuce',
    source: 'cropgraph',
    data: [{ key: 'When to sow (outdoors)', value: '4 weeks before to 1 week after the last frost' }],
  },
  {
    type: 'Variety',
    scientific_name: 'Solanum lycopersicum',
    name: 'Roma tomato',
    parent: { scientific_name: 'Solanum lycopersicum', name: 'Tomato' },
  },
]

async function* linesOf(items: unknown[]) {
  for (const item of items) yield JSON.stringify(item)
}

async function exported(app: TestApp): Promise<any[]> {
  const lines = []
  for await (const line of exportDataset(app.store.db, null)) lines.push(JSON.parse(line))
  return lines
}

let t: TestApp
const ids: Record<string, number> = {}
before(async () => {
  t = await buildTestApp()
  const summary = await importDataset(t.store, linesOf(dataset), { source: 'test', images: false })
  assert.deepEqual(summary.rejected, [])
  for (const name of ['Tomato', 'Basil', 'Roma tomato', 'Lettuce']) {
    const found = await t.request('GET', `/api/plants?name=${encodeURIComponent(name)}`)
    ids[name] = found.body.plants.find((plant: any) => plant.name === name).id
  }
})
after(async () => t.close())

const provenance = async (id: number) => {
  const response = await t.request('GET', `/api/plants/${id}/provenance`)
  assert.equal(response.status, 200, response.text)
  return response.body
}

describe('provenance', () => {
  it('names the dataset source of each imported value: its own, else its line\u2019s', async () => {
    const body = await provenance(ids.Tomato!)
    assert.equal(body.plant_id, ids.Tomato)
    assert.deepEqual(body.data, [
      { key: 'Family', value: 'Solanaceae', source: USDA, version: 1, author: 'import' },
      { key: 'Days to maturity', value: '55-90', source: CROPGRAPH, version: 1, author: 'import' },
    ])
  })

  it('names the source of a link, and who made a link a person made', async () => {
    const body = await provenance(ids.Tomato!)
    assert.equal(body.links.length, 1)
    const [link] = body.links
    assert.equal(link.plant_id, ids.Basil)
    assert.equal(link.name, 'Basil')
    assert.equal(link.note, 'Basil helps tomato.')
    assert.deepEqual(link.source, WIKIPEDIA)
    assert.equal(link.author, 'import')
    const made = await t.request('POST', `/api/plants/${ids['Roma tomato']}/links`, {
      plant_id: ids.Basil,
      type: 'companion-to',
      note: 'Grown together in my beds for years.',
    })
    assert.equal(made.status, 201, made.text)
    const roma = await provenance(ids['Roma tomato']!)
    assert.equal(roma.links.length, 1)
    assert.equal(roma.links[0].source, null)
    assert.match(roma.links[0].author, /^tester-/)
    assert.equal(roma.links[0].version, 2)
  })

  it('makes the editor the source of a value saved through the API, with the version', async () => {
    const before = await t.request('GET', `/api/plants/${ids.Tomato}`)
    const saved = await t.request('PUT', `/api/plants/${ids.Tomato}`, {
      version: before.body.version,
      note: 'Days for the early varieties I grow.',
      data: [{ key: 'Days to maturity', value: '50-85' }],
    })
    assert.equal(saved.status, 200, saved.text)
    const body = await provenance(ids.Tomato!)
    const days = body.data.find((value: any) => value.key === 'Days to maturity')
    assert.equal(days.value, '50-85')
    assert.equal(days.source, null)
    assert.equal(days.version, saved.body.version)
    assert.match(days.author, /^tester-/)
    // The value the edit did not touch keeps its source.
    assert.deepEqual(body.data[0].source, USDA)
    const history = await t.request('GET', `/api/plants/${ids.Tomato}/revisions`)
    assert.equal(history.body.revisions[0].author, days.author)
  })

  it('answers 404 for a plant that does not exist', async () => {
    assertError(await t.request('GET', '/api/plants/999999/provenance'), 404, 'not found')
    assertError(await t.request('GET', '/api/plants/999999/problems'), 404, 'not found')
  })
})

describe('the calendar', () => {
  it('names the source of each window, on a plant\u2019s calendar and in what to sow now', async () => {
    const calendar = await t.request('GET', `/api/plants/${ids.Lettuce}/calendar?last_frost=04-15&year=2026`)
    assert.equal(calendar.status, 200, calendar.text)
    assert.deepEqual(
      calendar.body.windows.map((window: any) => [window.from, window.source]),
      [['2026-03-18', CROPGRAPH.name]],
    )
    const now = await t.request('GET', '/api/calendar?last_frost=04-15&date=2026-04-01')
    assert.equal(now.status, 200, now.text)
    assert.equal(now.body.windows[String(ids.Lettuce)][0].source, CROPGRAPH.name)
  })
})

describe('pests and diseases', () => {
  it('lists a plant\u2019s problems with their source, and a variety its parent\u2019s', async () => {
    const tomato = await t.request('GET', `/api/plants/${ids.Tomato}/problems`)
    assert.equal(tomato.status, 200, tomato.text)
    assert.deepEqual(tomato.body, {
      plant_id: ids.Tomato,
      from_parent: false,
      problems: [
        {
          name: 'Tomato hornworm',
          type: 'pest',
          severity: 'high',
          symptoms: 'Leaves stripped overnight.',
          management: ['Pick them off by hand.', 'Bacillus thuringiensis on young larvae.'],
          prevention: 'Till in autumn.',
          source: CROPGRAPH,
        },
        {
          name: 'Late blight',
          type: 'disease',
          severity: null,
          symptoms: null,
          management: [],
          prevention: null,
          source: USDA,
        },
      ],
    })
    const roma = await t.request('GET', `/api/plants/${ids['Roma tomato']}/problems`)
    assert.equal(roma.body.from_parent, true)
    assert.deepEqual(roma.body.problems, tomato.body.problems)
    const basil = await t.request('GET', `/api/plants/${ids.Basil}/problems`)
    assert.deepEqual(basil.body, { plant_id: ids.Basil, from_parent: false, problems: [] })
  })
})

describe('an export', () => {
  it('carries every value\u2019s source or editor, the links\u2019 sources and the problems into another Hortus', async () => {
    const lines = await exported(t)
    assert.deepEqual(
      lines[0].sources.map((source: any) => source.id),
      ['usda-plants', 'cropgraph', 'wikipedia'],
    )
    const tomato = lines.find((line) => line.name === 'Tomato')
    assert.deepEqual(tomato.data[0], { key: 'Family', value: 'Solanaceae', source: 'usda-plants' })
    const saved = (await provenance(ids.Tomato!)).data[1]
    assert.deepEqual(tomato.data[1], {
      key: 'Days to maturity',
      value: '50-85',
      saved_by: { author: saved.author, version: saved.version },
    })
    assert.equal(tomato.problems.length, 2)

    const mirror = await buildTestApp()
    try {
      const summary = await importDataset(mirror.store, linesOf(lines), { source: 'mirror', images: false })
      assert.deepEqual(summary.rejected, [])
      const found = await mirror.request('GET', '/api/plants?name=Tomato')
      const id = found.body.plants[0].id
      const copy = (await mirror.request('GET', `/api/plants/${id}/provenance`)).body
      assert.deepEqual(copy.data[0].source, USDA)
      assert.equal(copy.data[1].source, null)
      assert.equal(copy.data[1].author, tomato.data[1].saved_by.author)
      assert.deepEqual(copy.links[0].source, WIKIPEDIA)
      const problems = (await mirror.request('GET', `/api/plants/${id}/problems`)).body.problems
      assert.deepEqual(problems[0].source, CROPGRAPH)
    } finally {
      await mirror.close()
    }
  })

  it('refuses a line that names a source its header does not list, and only that line', async () => {
    const summary = await importDataset(
      t.store,
      linesOf([
        dataset[0],
        { type: 'Plant', scientific_name: 'Allium cepa', name: 'Onion', source: 'nowhere' },
        { type: 'Plant', scientific_name: 'Allium sativum', name: 'Garlic', source: 'cropgraph' },
      ]),
      { source: 'test', images: false },
    )
    assert.equal(summary.created, 1)
    assert.deepEqual(summary.rejected, [
      { line: 2, reason: 'source "nowhere" is not one of the header line\u2019s sources' },
    ])
  })
})
