// The pictures of an imported dataset: `images` on a plant line, by file (relative to the dataset's
// folder) or as base64 data, added through the same checks as an upload, by the importer; a bad picture
// is a rejected entry with its line while the rest imports; importing again adds none; `images: false`
// leaves them out.
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import sharp from 'sharp'
import { importDataset, type ImportOptions } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { tempDir } from '../helpers/temp-dir.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { TEST_DIALECT } from '../helpers/test-database.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())

const root = tempDir('hortus-import-images-')
const header = { hortus_dataset: 1, license: 'CC BY-SA 4.0', license_url: 'x', attribution: 'test' }

/** Writes a dataset file (in its own folder under root) and returns its path. */
function dataset(folder: string, lines: object[]): string {
  const path = join(root, folder, 'plants.jsonl')
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, [header, ...lines].map((line) => `${JSON.stringify(line)}\n`).join(''))
  return path
}

function put(path: string, bytes: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, bytes)
}

const photo = (colour: { r: number; g: number; b: number }, format: 'jpeg' | 'png' = 'jpeg') => {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer()
}

const plant = (name: string, images: object[]) => ({
  type: 'Plant',
  scientific_name: `Testus ${name.toLowerCase()}`,
  name,
  images,
})

const credit = {
  author: 'Ada Gardener',
  license: 'CC-BY-4.0',
  note: 'Ripe fruit in August',
}

const run = (path: string, options: Partial<ImportOptions> = {}) =>
  importDataset(t.store, readLines(path), { source: path, baseDir: dirname(path), ...options })

async function plantNamed(name: string) {
  const found = await t.request('POST', '/api/search', {
    scientific_name: `Testus ${name.toLowerCase()}`,
    type: 'Plant',
  })
  const [first] = found.body.plants
  assert.ok(first, `no plant ${name}`)
  return first as { id: number; version: number; images: { thumb: string | null; title: string | null } }
}

const imagesOf = async (id: number) => (await t.request('GET', `/api/plants/${id}/images`)).body.images

describe('importing pictures', () => {
  it('adds them by file and by base64 data, credited, by the importer, the first one shown', async () => {
    const path = dataset('good', [
      plant('Redberry', [
        { file: 'pictures/red.jpg', ...credit, source_url: 'https://example.org/red.jpg' },
        { file: 'pictures/blue.jpg', ...credit, source_url: 'https://example.org/blue.jpg' },
      ]),
      plant('Greenberry', [
        {
          data: (await photo({ r: 20, g: 160, b: 40 }, 'png')).toString('base64'),
          author: '',
          license: 'CC0-1.0',
          note: 'A green one',
        },
      ]),
    ])
    put(join(root, 'good', 'pictures', 'red.jpg'), await photo({ r: 200, g: 30, b: 30 }))
    put(join(root, 'good', 'pictures', 'blue.jpg'), await photo({ r: 30, g: 30, b: 200 }))

    const summary = await run(path)
    assert.deepEqual(summary.rejected, [])
    assert.deepEqual(summary.images, { added: 3, skipped: 0, rejected: 0 })

    const red = await plantNamed('Redberry')
    const pictures = await imagesOf(red.id)
    assert.deepEqual(
      pictures.map((image: { source_url: string }) => image.source_url),
      ['https://example.org/red.jpg', 'https://example.org/blue.jpg'],
    )
    const [first] = pictures
    assert.deepEqual(
      [first.author, first.license, first.note, first.uploader, first.width, first.height, first.shown],
      ['Ada Gardener', 'CC-BY-4.0', 'Ripe fruit in August', 'import', 640, 480, true],
    )
    assert.equal(red.images.thumb, first.thumb, 'the first picture of the line is the one shown')
    const thumb = await fetch(first.thumb)
    assert.equal(thumb.status, 200)
    assert.equal(thumb.headers.get('content-type'), 'image/webp')

    const revisions = (await t.request('GET', `/api/plants/${red.id}/revisions`)).body.revisions
    assert.equal(red.version, 3, 'created, then one version per picture')
    assert.deepEqual(
      revisions.map((revision: { author: string }) => revision.author),
      ['import', 'import', 'import'],
    )
    assert.equal(revisions[0].note, 'Ripe fruit in August')

    const green = await imagesOf((await plantNamed('Greenberry')).id)
    assert.deepEqual(
      green.map((image: { license: string; source_url: string | null }) => [image.license, image.source_url]),
      [['CC0-1.0', null]],
    )
  })

  it('adds none of them again when the same file is imported again', async () => {
    const path = join(root, 'good', 'plants.jsonl')
    const versions = (await plantNamed('Redberry')).version
    const summary = await run(path)
    assert.deepEqual(summary.rejected, [])
    assert.deepEqual(summary.images, { added: 0, skipped: 3, rejected: 0 })
    assert.equal((await imagesOf((await plantNamed('Redberry')).id)).length, 2)
    assert.equal((await plantNamed('Redberry')).version, versions)
  })

  it('refuses a bad picture with its line and imports the rest of the file', async () => {
    const path = dataset('bad', [
      plant('Textberry', [{ file: 'text.jpg', ...credit }]),
      plant('Goneberry', [{ file: 'missing.jpg', ...credit }]),
      plant('Nonfreeberry', [{ file: 'good.jpg', ...credit, license: 'CC-BY-NC-4.0' }]),
      plant('Outsideberry', [{ file: '../good/pictures/red.jpg', ...credit }]),
      plant('Twiceberry', [{ file: 'good.jpg', data: 'AAAA', ...credit }]),
      plant('Noteless', [{ file: 'good.jpg', author: 'Ada', license: 'CC-BY-4.0' }]),
      plant('Fineberry', [
        { data: 'not base64!', ...credit },
        { file: 'good.jpg', ...credit, source_url: 'https://example.org/fine.jpg' },
      ]),
    ])
    put(join(root, 'bad', 'text.jpg'), 'This is a text file, not a JPEG.\n')
    put(join(root, 'bad', 'good.jpg'), await photo({ r: 240, g: 200, b: 20 }))

    const summary = await run(path)
    assert.equal(summary.created, 7, 'every plant line imports')
    assert.deepEqual(summary.images, { added: 1, skipped: 0, rejected: 7 })
    const reasons = new Map(summary.rejected.map(({ line, reason }) => [line, reason]))
    assert.deepEqual([...reasons.keys()], [2, 3, 4, 5, 6, 7, 8])
    assert.match(reasons.get(2)!, /^image 1 \(text\.jpg\): .*not a picture Hortus can read/)
    assert.match(reasons.get(3)!, /^image 1 \(missing\.jpg\): file: missing\.jpg does not exist/)
    assert.match(reasons.get(4)!, /license: required, one of CC0-1\.0, CC-BY-4\.0, CC-BY-SA-4\.0/)
    assert.match(reasons.get(5)!, /file: a path relative to the folder of the dataset file, inside it/)
    assert.match(reasons.get(6)!, /as file \(a path\) or as data \(base64\), one of the two/)
    assert.match(reasons.get(7)!, /note: required/)
    assert.match(reasons.get(8)!, /^image 1: data: not base64/)

    for (const name of ['Textberry', 'Goneberry', 'Nonfreeberry', 'Outsideberry', 'Noteless']) {
      const found = await plantNamed(name)
      assert.equal(found.images.thumb, null, name)
      assert.equal(found.version, 1, `${name}: no revision for a refused picture`)
    }
    const fine = await imagesOf((await plantNamed('Fineberry')).id)
    assert.deepEqual(
      fine.map((image: { source_url: string }) => image.source_url),
      ['https://example.org/fine.jpg'],
    )
  })

  it('adds no picture of a rejected line, even to a plant of its name already there', async () => {
    const path = dataset('rejected-line', [
      {
        ...plant('Redberry', [{ file: 'good.jpg', ...credit, source_url: 'https://example.org/new.jpg' }]),
        parent: { scientific_name: 'Nowhere', name: 'Nothing' },
      },
    ])
    put(join(root, 'rejected-line', 'good.jpg'), await photo({ r: 10, g: 10, b: 10 }))
    const summary = await run(path)
    assert.equal(summary.rejected.length, 1)
    assert.match(summary.rejected[0]!.reason, /^parent Nowhere \/ Nothing/)
    assert.deepEqual(summary.images, { added: 0, skipped: 0, rejected: 0 })
    assert.equal((await imagesOf((await plantNamed('Redberry')).id)).length, 2)
  })

  it('leaves the pictures out with images: false, and refuses files without the folder to read them from', async () => {
    const path = dataset('options', [
      plant('Optionberry', [{ file: 'good.jpg', ...credit, source_url: 'https://example.org/o.jpg' }]),
    ])
    put(join(root, 'options', 'good.jpg'), await photo({ r: 90, g: 90, b: 250 }))

    const without = await run(path, { images: false })
    assert.deepEqual(without.images, { added: 0, skipped: 0, rejected: 0 })
    assert.equal((await plantNamed('Optionberry')).images.thumb, null)

    const noFolder = await importDataset(t.store, readLines(path), { source: path })
    assert.deepEqual(noFolder.images, { added: 0, skipped: 0, rejected: 1 })
    assert.match(noFolder.rejected[0]!.reason, /no folder to read it from/)

    const withFolder = await run(path)
    assert.deepEqual(withFolder.images, { added: 1, skipped: 0, rejected: 0 })
  })

  it('takes the same picture without a source_url as the same author and note', async () => {
    const path = dataset('no-source', [
      plant('Plainberry', [
        { file: 'a.png', ...credit },
        { file: 'a.png', ...credit },
      ]),
    ])
    put(join(root, 'no-source', 'a.png'), await photo({ r: 120, g: 60, b: 0 }, 'png'))
    assert.deepEqual((await run(path)).images, { added: 1, skipped: 1, rejected: 0 })
    assert.deepEqual((await run(path)).images, { added: 0, skipped: 2, rejected: 0 })
  })

  it('tries the same picture again when the one before it was refused', async () => {
    const path = dataset('retry', [
      plant('Retryberry', [
        { file: 'broken.jpg', ...credit },
        { file: 'fine.png', ...credit },
      ]),
    ])
    put(join(root, 'retry', 'broken.jpg'), 'Not a picture.\n')
    put(join(root, 'retry', 'fine.png'), await photo({ r: 10, g: 140, b: 60 }, 'png'))
    const summary = await run(path)
    assert.deepEqual(summary.images, { added: 1, skipped: 0, rejected: 1 })
    assert.match(summary.rejected[0]!.reason, /^image 1 \(broken\.jpg\): .*not a picture Hortus can read/)
    assert.equal((await imagesOf((await plantNamed('Retryberry')).id)).length, 1)
  })
  it('writes pictures several to a transaction, and one the database refuses leaves the others added', async () => {
    // A trigger stands for whatever the database may refuse that the picture checks do not see.
    if (TEST_DIALECT === 'sqlite') {
      await sql`CREATE TRIGGER refuse_picture BEFORE INSERT ON plant_images WHEN NEW.note = 'Refused'
        BEGIN SELECT RAISE(ABORT, 'refused by a test trigger'); END`.execute(t.store.db)
    } else {
      await sql`CREATE FUNCTION refuse_picture() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.note = 'Refused' THEN RAISE EXCEPTION 'refused by a test trigger'; END IF; RETURN NEW; END $$`.execute(
        t.store.db,
      )
      await sql`CREATE TRIGGER refuse_picture BEFORE INSERT ON plant_images
        FOR EACH ROW EXECUTE FUNCTION refuse_picture()`.execute(t.store.db)
    }
    const names = Array.from({ length: 60 }, (_, index) => `Groupberry${index}`)
    const path = dataset('groups', [
      ...names.map((name, index) =>
        plant(name, [{ file: 'g.jpg', ...credit, note: index === 7 ? 'Refused' : `Fruit ${index}` }]),
      ),
      plant('Pairberry', [
        { file: 'g.jpg', ...credit, note: 'First' },
        { file: 'g.jpg', ...credit, note: 'Second' },
      ]),
    ])
    put(join(root, 'groups', 'g.jpg'), await photo({ r: 200, g: 30, b: 90 }))

    const summary = await run(path)
    assert.deepEqual(summary.images, { added: 61, skipped: 0, rejected: 1 })
    assert.equal(summary.rejected.length, 1)
    assert.equal(summary.rejected[0]!.line, 9)
    assert.match(
      summary.rejected[0]!.reason,
      /^image 1 \(g\.jpg\): the database refused it: .*refused by a test trigger/,
    )

    const refused = await plantNamed('Groupberry7')
    assert.equal(refused.images.thumb, null)
    assert.equal(refused.version, 1, 'no revision for the refused picture')
    for (const name of ['Groupberry6', 'Groupberry8', 'Groupberry59']) {
      const found = await plantNamed(name)
      assert.match(found.images.thumb ?? '', /\/images\/\d+\/thumb\.webp$/, name)
      assert.equal(found.version, 2, `${name}: one revision for its picture`)
    }
    const pair = await plantNamed('Pairberry')
    const pictures = await imagesOf(pair.id)
    assert.deepEqual(
      pictures.map((image: { note: string; shown: boolean }) => [image.note, image.shown]),
      [
        ['First', true],
        ['Second', false],
      ],
    )
    assert.equal(pair.version, 3, 'a revision for each picture')
    const history = await t.request('GET', `/api/plants/${pair.id}/revisions`)
    assert.deepEqual(
      history.body.revisions.slice(0, 2).map((revision: { note: string }) => revision.note),
      ['Second', 'First'],
    )
  })
})
