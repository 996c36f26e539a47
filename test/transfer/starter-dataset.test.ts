import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { seedIfEmpty } from '../../src/transfer/seed.ts'
import { tempDir } from '../helpers/temp-dir.ts'
import { textOf } from '../helpers/visitor.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
  const summary = await seedIfEmpty(t.store)
  assert.ok(summary && summary.rejected.length === 0, JSON.stringify(summary?.rejected.slice(0, 5)))
})
after(async () => t.close())

const names = (body: { plants: { name: string }[] }) => body.plants.map((plant) => plant.name)

/** The credit and licence every starter picture carries (FarmBot's crop photos, from OpenFarm). */
const STARTER_PHOTO = {
  author: 'FarmBot (MIT), from OpenFarm',
  license: 'CC0-1.0',
  note: "Crop photo from FarmBot's crop data (OpenFarm contributors' photos, CC0)",
  uploader: 'import',
}

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

  it('gives Tomato two versions, each saying what it did: its values and links, then its picture', async () => {
    const tomato = (await t.request('GET', '/api/search?q=tomato&per_page=1')).body.plants[0]
    const links = (await t.request('GET', `/api/plants/${tomato.id}/links?per_page=100`)).body
    assert.ok(links.pagination.total > 50)
    const pictures = (await t.request('GET', `/api/plants/${tomato.id}/images`)).body.images.length
    assert.equal(pictures, 1)
    // One revision for its line (its values and every link made to it), one for its picture.
    assert.equal(tomato.version, 2)
    const { revisions, pagination } = (await t.request('GET', `/api/plants/${tomato.id}/revisions`)).body
    assert.equal(pagination.total, 2)
    type Change = { field: string; from: number | string | null; to: number | string | null }
    const [picture, created] = revisions as { version: number; note: string; changes: Change[] }[]
    assert.equal(picture!.note, STARTER_PHOTO.note)
    assert.deepEqual(
      picture!.changes.map(({ field }) => field),
      ['images.added', 'images.shown'],
    )
    assert.equal(created!.version, 1)
    assert.equal(created!.note, 'Imported from the Hortus starter dataset (data/plants.jsonl)')
    const fields = created!.changes.map(({ field }) => field)
    assert.ok(fields.includes('scientific_name') && fields.includes('name'), fields.join(', '))
    assert.equal(
      fields.filter((field) => field.startsWith('data.')).length,
      tomato.data.length,
      'each of its values',
    )
    const linked = created!.changes.filter(({ field }) => field.startsWith('links.'))
    assert.deepEqual(
      linked.map(({ field, to }) => `${field} ${String(to)}`).sort(),
      links.links
        .map((link: { type: string; plant_id: number }) => `links.${link.type} ${link.plant_id}`)
        .sort(),
      'each of its links, whichever line named it',
    )
    assert.ok(linked.every(({ from }) => from === null))

    // Its history page says the same in words.
    const page = await t.request('GET', `${tomato.link}/history`)
    assert.equal(page.status, 200)
    const words = textOf(page.text)
    const attributes = tomato.data.length
    assert.ok(
      words.includes(`New plant, with ${attributes} attributes and ${links.pagination.total} links`),
      words,
    )
    assert.ok(words.includes('Added picture'), words)

    // Every plant: its line, then one version per picture.
    const plants = await t.store.db
      .selectFrom('plants as p')
      .leftJoin('plant_images as i', 'i.plant_id', 'p.id')
      .select((eb) => ['p.id', 'p.version', eb.fn.count<number | string>('i.id').as('pictures')])
      .groupBy(['p.id', 'p.version'])
      .execute()
    const off = plants.filter((plant) => plant.version !== 1 + Number(plant.pictures))
    assert.deepEqual(off, [])
    // Its provenance: each link made by version 1, from the source its line names.
    const provenance = (await t.request('GET', `/api/plants/${tomato.id}/provenance`)).body
    assert.equal(provenance.links.length, links.pagination.total)
    assert.ok(provenance.links.every((link: { version: number }) => link.version === 1))
    assert.ok(provenance.links.some((link: { source: { name: string } | null }) => link.source !== null))
  })

  it("lists every revision of the import once in the change feed, each plant's versions in order", async () => {
    const seen: { plant_id: number; version: number; changes: { field: string }[] }[] = []
    let since: string | null = null
    for (;;) {
      const query: string = since ? `&since=${encodeURIComponent(since)}` : ''
      const page = (await t.request('GET', `/api/changes?limit=1000${query}`)).body
      seen.push(...page.changes)
      since = page.next
      if (!page.has_more) break
    }
    const rows = await t.store.db
      .selectFrom('plant_revisions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    assert.equal(seen.length, Number(rows.n))
    const last = new Map<number, number>()
    for (const { plant_id, version } of seen) {
      assert.equal(version, (last.get(plant_id) ?? 0) + 1, `plant ${plant_id}: version ${version}`)
      last.set(plant_id, version)
    }
    const links = seen.flatMap(({ changes }) => changes.filter(({ field }) => field.startsWith('links.')))
    const made = await t.store.db
      .selectFrom('plant_links')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    assert.equal(links.length, 2 * Number(made.n), 'each link in the revisions of both its plants')
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

  it("imports OpenFarm's varieties of the starter plants without rejecting one", async () => {
    // Each line of data/openfarm.jsonl that hangs from a starter plant (a Variety whose species is a Variety
    // there hangs from that Variety's parent Plant), and lines whose names had control characters, with the
    // parents they name. The whole file (92k lines, about a minute) is checked line by line against the
    // importer in test/dataset/build.test.ts.
    const read = (path: string) =>
      readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')
        .trimEnd()
        .split('\n')
    type Line = { scientific_name: string; name: string; parent?: { scientific_name: string; name: string } }
    const id = (line: { scientific_name: string; name: string }) =>
      `${line.scientific_name}\u0000${line.name}`
    const starter = new Set(
      read('../../data/plants.jsonl')
        .slice(1)
        .map((text) => id(JSON.parse(text) as Line)),
    )
    const [header, ...texts] = read('../../data/openfarm.jsonl')
    const lines = texts.map((text) => ({ text, line: JSON.parse(text) as Line }))
    const repaired = new Set([
      'Acacia baileyana x dealbata',
      'Acacia nilotica ssp. adstringens',
      'Anthemis tinctoria',
      'Ranunculus repens var. repens',
    ])
    const chosen = lines
      .map(({ line }) => line)
      .filter((line) => (line.parent && starter.has(id(line.parent))) || repaired.has(line.scientific_name))
    const wanted = new Set(chosen.map(id))
    for (const { parent } of chosen) if (parent && !starter.has(id(parent))) wanted.add(id(parent))
    const part = lines.filter(({ line }) => wanted.has(id(line))).map(({ text }) => text)
    assert.ok(part.length > 1800, `${part.length} lines`)
    const path = join(tempDir('hortus-openfarm-'), 'openfarm-starter.jsonl')
    writeFileSync(path, `${[header, ...part].join('\n')}\n`)
    const summary = await importDataset(t.store, readLines(path), { source: 'openfarm-starter.jsonl' })
    assert.deepEqual(summary.rejected, [])

    const mint = (await t.request('POST', '/api/search', { scientific_name: 'Mentha', type: 'Plant' })).body
    const varieties = await t.request('GET', `/api/plants/${mint.plants[0].id}/varieties?per_page=100`)
    assert.ok(names(varieties.body).includes('Japanese mint'), names(varieties.body).join(', '))
    const wattle = await t.request('POST', '/api/search', {
      scientific_name: 'Acacia baileyana x dealbata',
      type: 'Plant',
    })
    assert.deepEqual(names(wattle.body), ["Bailey's wattle"])
  })
})

/** A name without letter case, accents or plural endings. */
const looseName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean)
    .map((word) => word.replace(/e?s$/, ''))
    .join(' ')

interface ApiImage {
  id: number
  plant_id: number
  thumb: string
  title: string
  author: string
  license: string
  source_url: string | null
  note: string
  uploader: string
  shown: boolean
}
interface ApiPlant {
  id: number
  name: string
  data: { key: string; value: string }[]
  images: { thumb: string | null; title: string | null }
}

describe('the starter pictures: FarmBot crop photos', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const crops = (
    JSON.parse(readFileSync(join(root, 'data/sources/farmbot-crops/crops.json'), 'utf8')) as {
      slug: string
      name: string
      image: string
    }[]
  ).filter((crop) => crop.image)
  const report = readFileSync(join(root, 'data/build-report.md'), 'utf8')
  /** The crop records whose photo the build report says goes on no plant (fungi, no binomial). */
  const unattached = crops.filter((crop) =>
    report.includes(`- Not on a plant: FarmBot "${crop.name}" (${crop.slug}): `),
  )

  /** Every picture of every plant, through the API. */
  async function allImages(): Promise<{ plant: ApiPlant; image: ApiImage }[]> {
    const found: { plant: ApiPlant; image: ApiImage }[] = []
    for (let page = 1, pages = 1; page <= pages; page++) {
      const body = (await t.request('GET', `/api/plants?page=${page}&per_page=100`)).body
      pages = body.pagination.total_pages
      for (const plant of body.plants as ApiPlant[]) {
        if (plant.images.thumb === null) continue
        const images = (await t.request('GET', `/api/plants/${plant.id}/images`)).body.images as ApiImage[]
        for (const image of images) found.push({ plant, image })
      }
    }
    return found
  }

  it("puts every crop record's photo on its plant, credited, or the build report says why not", async () => {
    assert.equal(crops.length, 207)
    const images = await allImages()
    const bySource = new Map(images.map((found) => [found.image.source_url, found]))
    assert.equal(bySource.size, images.length, 'one picture per photo')
    for (const crop of crops) {
      const found = bySource.get(
        `https://github.com/FarmBot/Farmbot-Web-App/blob/08cf4fb/public${crop.image}`,
      )
      if (unattached.includes(crop)) {
        assert.equal(found, undefined, `${crop.slug} is reported as not on a plant`)
        continue
      }
      assert.ok(found, `${crop.slug}: no picture has its photo`)
      const { plant, image } = found
      assert.deepEqual(
        { author: image.author, license: image.license, note: image.note, uploader: image.uploader },
        STARTER_PHOTO,
        crop.slug,
      )
      // The crop's plant: FarmBot's name is the plant's, or one of its alternate names (letter case,
      // accents and a plural aside: "Brussels Sprouts", "Jalapeno Pepper" are "Jalapeño pepper").
      const plantNames = [
        plant.name,
        ...(plant.data.find((a) => a.key === 'Alternate name')?.value.split(', ') ?? []),
      ]
      assert.ok(
        plantNames.some((name) => looseName(name) === looseName(crop.name)),
        `${crop.slug} ("${crop.name}") is on "${plant.name}" (${plantNames.join(', ')})`,
      )
    }
    assert.ok(unattached.length <= 20, `${unattached.length} photos on no plant`)
    assert.equal(images.length, crops.length - unattached.length, 'no picture the crop records do not have')
    // Each plant shows its first picture; its sizes are served.
    const [tomato] = images.filter(({ plant }) => plant.name === 'Tomato')
    assert.ok(tomato?.image.shown)
    assert.equal(tomato.plant.images.thumb, tomato.image.thumb)
    const thumb = await fetch(tomato.image.thumb)
    assert.equal(thumb.status, 200)
    assert.equal(thumb.headers.get('content-type'), 'image/webp')
  })

  it("keeps the cultivars' own photos on the cultivars", async () => {
    const images = await allImages()
    const on = (name: string) =>
      images.filter(({ plant }) => plant.name === name).map(({ image }) => image.source_url)
    assert.deepEqual(on('Black Prince tomato'), [
      'https://github.com/FarmBot/Farmbot-Web-App/blob/08cf4fb/public/crops/images/black-prince-tomato.jpg',
    ])
    assert.deepEqual(on('Dark opal basil'), [
      'https://github.com/FarmBot/Farmbot-Web-App/blob/08cf4fb/public/crops/images/dark-opal-basil.jpg',
    ])
    assert.deepEqual(on('Tomato'), [
      'https://github.com/FarmBot/Farmbot-Web-App/blob/08cf4fb/public/crops/images/tomato.jpg',
    ])
  })

  it('adds none again when the starter dataset is imported again', async () => {
    const path = fileURLToPath(new URL('../../data/plants.jsonl', import.meta.url))
    const summary = await importDataset(t.store, readLines(path), { source: path, baseDir: dirname(path) })
    assert.deepEqual(summary.rejected, [])
    assert.equal(summary.created, 0)
    assert.deepEqual(summary.images, { added: 0, skipped: crops.length - unattached.length, rejected: 0 })
  })
})
