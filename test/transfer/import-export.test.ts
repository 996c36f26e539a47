import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import sharp from 'sharp'
import type { Store } from '../../src/db/store.ts'
import { exportDataset } from '../../src/transfer/export.ts'
import { withoutExportedIds, type DatasetLine } from '../../src/transfer/dataset-format.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { freshStores } from '../helpers/fresh-stores.ts'
import { tempDir } from '../helpers/temp-dir.ts'

const dir = tempDir('hortus-transfer-')
const freshStore = freshStores()

function file(name: string, lines: unknown[]): string {
  const path = join(dir, name)
  writeFileSync(
    path,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n',
  )
  return path
}

async function exported(store: Store): Promise<string[]> {
  const lines: string[] = []
  for await (const line of exportDataset(store.db, null)) lines.push(line)
  return lines
}

/** A plant's revisions, oldest first: their fields, attribute keys and link changes apart. */
async function history(store: Store, plantId: number) {
  const rows = await store.db
    .selectFrom('plant_revisions')
    .select(['version', 'note', 'changes'])
    .where('plant_id', '=', plantId)
    .orderBy('version')
    .execute()
  return rows.map(({ version, note, changes }) => {
    const list = JSON.parse(changes) as { field: string; from: unknown; to: unknown }[]
    return {
      version,
      note,
      fields: list.filter(({ field }) => !/^(data|links)\./.test(field)).map(({ field }) => field),
      data: list.filter(({ field }) => field.startsWith('data.')).map(({ field }) => field.slice(5)),
      links: list.filter(({ field }) => field.startsWith('links.')),
    }
  })
}

const revisionRows = async (store: Store) =>
  Number(
    (
      await store.db
        .selectFrom('plant_revisions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

const header = {
  hortus_dataset: 1,
  license: 'CC BY-SA 4.0',
  license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  attribution: 'test',
}
const tomato = {
  type: 'Plant',
  scientific_name: 'Solanum lycopersicum',
  name: 'Tomato',
  description: 'A fruit eaten as a vegetable.',
  data: [
    { key: 'Family', value: 'Solanaceae' },
    { key: 'Edible parts', value: 'Fruit' },
  ],
  links: [
    {
      type: 'companion-to',
      scientific_name: 'Ocimum basilicum',
      name: 'Basil',
      note: 'Wikipedia: List of companion plants',
    },
    {
      type: 'antagonist-to',
      scientific_name: 'Foeniculum vulgare',
      name: 'Fennel',
      note: 'Wikipedia: List of companion plants',
    },
  ],
}
const sample = [
  header,
  tomato,
  {
    type: 'Plant',
    scientific_name: 'Ocimum basilicum',
    name: 'Basil',
    data: [{ key: 'Alternate name', value: 'Sweet basil' }],
  },
  { type: 'Plant', scientific_name: 'Foeniculum vulgare', name: 'Fennel' },
  {
    type: 'Variety',
    scientific_name: 'Solanum lycopersicum',
    name: 'Roma',
    parent: { scientific_name: 'Solanum lycopersicum', name: 'Tomato' },
  },
  {
    type: 'Variety',
    scientific_name: 'Solanum lycopersicum',
    name: 'Brandywine',
    parent: { scientific_name: 'Solanum lycopersicum', name: 'Tomato' },
  },
]

describe('hortus import', () => {
  it('loads plants, varieties and links, and reports bad lines with their numbers', async () => {
    const store = await freshStore()
    const path = file('mixed.jsonl', [
      ...sample,
      '{not json',
      {
        type: 'Plant',
        scientific_name: 'Allium sativum',
        name: 'Garlic',
        data: [{ key: 'Edible', value: true }],
      },
      {
        type: 'Variety',
        scientific_name: 'X y',
        name: 'Orphan',
        parent: { scientific_name: 'No', name: 'Such' },
      },
      { type: 'Plant', scientific_name: 'Ocimum basilicum', name: 'Basil' },
    ])
    const summary = await importDataset(store, readLines(path), { source: 'mixed.jsonl', batchSize: 2 })
    assert.equal(summary.created, 5)
    assert.deepEqual(summary.links, { created: 2, skipped: 0 })
    assert.deepEqual(
      summary.rejected.map((r) => r.line),
      [7, 8, 9, 10],
    )
    assert.match(summary.rejected[0]!.reason, /JSON/)
    assert.match(summary.rejected[1]!.reason, /data\[0\]\.value/)
    assert.match(summary.rejected[2]!.reason, /parent/)
    assert.match(summary.rejected[3]!.reason, /line 3/)
    assert.equal(summary.header?.license, 'CC BY-SA 4.0')
    const garlic = await store.db
      .selectFrom('plants')
      .select('id')
      .where('name', '=', 'Garlic')
      .executeTakeFirst()
    assert.equal(garlic, undefined)
    const revisions = await store.db.selectFrom('plant_revisions').select(['note', 'author']).execute()
    // One per plant created, with its links to plants of its batch or before; and one of Tomato (line 2,
    // batch 1) for its link to Fennel (line 4), made when batch 2 created Fennel.
    assert.equal(revisions.length, 5 + 1)
    assert.ok(revisions.every((r) => r.note === 'Imported from mixed.jsonl' && r.author === 'import'))
  })

  it("writes one revision per plant line: a new plant's links are in the revision that creates it", async () => {
    const store = await freshStore()
    const summary = await importDataset(store, readLines(file('linked.jsonl', sample)), {
      source: 'linked.jsonl',
    })
    assert.deepEqual(summary.links, { created: 2, skipped: 0 })
    const plants = await store.db.selectFrom('plants').select(['id', 'name', 'version', 'doc']).execute()
    const byName = new Map(plants.map((plant) => [plant.name, plant]))
    const named = (name: string) => byName.get(name)!
    const [tomatoRow, basil, fennel] = [named('Tomato'), named('Basil'), named('Fennel')]
    for (const plant of plants) assert.equal(plant.version, 1, `${plant.name}: one version`)
    for (const plant of plants) assert.equal(JSON.parse(plant.doc).version, plant.version)
    const note = 'Imported from linked.jsonl'
    assert.deepEqual(await history(store, tomatoRow.id), [
      {
        version: 1,
        note,
        fields: ['type', 'scientific_name', 'name', 'description', 'slug'],
        data: ['Family', 'Edible parts'],
        links: [
          { field: 'links.companion-to', from: null, to: basil.id },
          { field: 'links.antagonist-to', from: null, to: fennel.id },
        ],
      },
    ])
    assert.deepEqual(
      (await history(store, fennel.id)).map(({ version, links }) => ({ version, links })),
      [{ version: 1, links: [{ field: 'links.antagonist-to', from: null, to: tomatoRow.id }] }],
    )
    assert.deepEqual((await history(store, named('Roma').id))[0]!.links, [])

    // Into plants already there: an updated plant's new values and links are one revision, and a plant
    // the file only links to gets one revision for all of its new links.
    const more = [
      header,
      {
        ...tomato,
        data: [{ key: 'Layer', value: 'Low-growing' }],
        links: [{ type: 'companion-to', scientific_name: 'Tagetes patula', name: 'Marigold', note: 'Pests' }],
      },
      {
        type: 'Plant',
        scientific_name: 'Tagetes patula',
        name: 'Marigold',
        links: [{ type: 'companion-to', scientific_name: 'Ocimum basilicum', name: 'Basil', note: 'Bees' }],
      },
      {
        type: 'Plant',
        scientific_name: 'Allium porrum',
        name: 'Leek',
        links: [{ type: 'companion-to', scientific_name: 'Ocimum basilicum', name: 'Basil', note: 'Mild' }],
      },
    ]
    const second = await importDataset(store, readLines(file('more.jsonl', more)), { source: 'more.jsonl' })
    assert.deepEqual([second.created, second.updated, second.links.created], [2, 1, 3])
    const ids = new Map(
      (await store.db.selectFrom('plants').select(['id', 'name']).execute()).map((row) => [row.name, row.id]),
    )
    const [marigold, leek] = [ids.get('Marigold')!, ids.get('Leek')!]
    const moreNote = 'Imported from more.jsonl'
    assert.deepEqual((await history(store, tomatoRow.id))[1], {
      version: 2,
      note: moreNote,
      fields: [],
      data: ['Layer'],
      links: [{ field: 'links.companion-to', from: null, to: marigold }],
    })
    assert.deepEqual((await history(store, basil.id)).slice(1), [
      {
        version: 2,
        note: moreNote,
        fields: [],
        data: [],
        links: [
          { field: 'links.companion-to', from: null, to: marigold },
          { field: 'links.companion-to', from: null, to: leek },
        ],
      },
    ])
    assert.deepEqual(
      (await history(store, marigold)).map(({ version, links }) => ({ version, links })),
      [
        {
          version: 1,
          links: [
            { field: 'links.companion-to', from: null, to: tomatoRow.id },
            { field: 'links.companion-to', from: null, to: basil.id },
          ],
        },
      ],
    )
    assert.equal((await history(store, leek)).length, 1)

    // The same file again changes nothing, and writes nothing.
    const before = await revisionRows(store)
    const again = await importDataset(store, readLines(file('more.jsonl', more)), { source: 'again' })
    assert.deepEqual([again.created, again.updated, again.skipped], [0, 0, 3])
    assert.deepEqual(again.links, { created: 0, skipped: 3 })
    assert.equal(await revisionRows(store), before)
  })

  it('reports the links it cannot make with their lines, and makes none of a refused line', async () => {
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'orange' } })
      .png()
      .toBuffer()
    const store = await freshStore()
    await importDataset(store, readLines(file('first.jsonl', sample)), { source: 'first' })
    const link = (name: string) => ({
      type: 'companion-to',
      scientific_name: 'Ocimum basilicum',
      name,
      note: 'A note',
    })
    const lines = [
      header,
      {
        type: 'Plant',
        scientific_name: 'Tagetes patula',
        name: 'Marigold',
        links: [link('Basil'), link('Nobody')],
        // Its plant is saved: a link that cannot be made does not keep its picture out.
        images: [{ data: picture.toString('base64'), license: 'CC0-1.0', note: 'In flower' }],
      },
      { type: 'Plant', scientific_name: 'Ocimum basilicum', name: 'Thai basil', links: [link('Thai basil')] },
      // Fennel is there: its line is refused (a Variety without a parent there), and so are its links.
      {
        type: 'Variety',
        scientific_name: 'Foeniculum vulgare',
        name: 'Fennel',
        parent: { scientific_name: 'Solanum lycopersicum', name: 'Roma' },
        links: [link('Sweet basil')],
      },
      { type: 'Plant', scientific_name: 'Ocimum basilicum', name: 'Sweet basil' },
    ]
    const summary = await importDataset(store, readLines(file('unmade.jsonl', lines)), {
      source: 'unmade',
      overwrite: true,
    })
    assert.deepEqual(summary.links, { created: 1, skipped: 0 })
    assert.equal(summary.images.added, 1)
    assert.deepEqual(
      summary.rejected.map(({ line, reason }) => [line, reason.replace(/plant \d+/, 'plant <id>')]),
      [
        [2, 'link target Ocimum basilicum / Nobody is not a plant here'],
        [3, 'a plant cannot be linked to itself'],
        [4, 'Invalid field parent_id. parent_id: plant <id> is a Variety; a parent must be a Plant'],
      ],
    )
    const fennelLinks = await store.db
      .selectFrom('plant_links as l')
      .innerJoin('plants as p', (join) =>
        join.on((eb) =>
          eb.or([eb('p.id', '=', eb.ref('l.plant_low')), eb('p.id', '=', eb.ref('l.plant_high'))]),
        ),
      )
      .select('l.id')
      .where('p.name', '=', 'Fennel')
      .execute()
    assert.equal(fennelLinks.length, 1, 'only the link to Tomato of the first file')
  })

  it('is idempotent, and updates plants whose values changed', async () => {
    const store = await freshStore()
    await importDataset(store, readLines(file('first.jsonl', sample)), { source: 'first' })
    const revisions = await revisionRows(store)
    const again = await importDataset(store, readLines(file('again.jsonl', sample)), { source: 'again' })
    assert.deepEqual([again.created, again.updated, again.skipped, again.rejected.length], [0, 0, 5, 0])
    assert.deepEqual(again.links, { created: 0, skipped: 2 })
    assert.equal(await revisionRows(store), revisions, 'an import that changes nothing writes no revision')
    const changed = { ...tomato, data: [{ key: 'Layer', value: 'Low-growing' }], links: [] }
    const update = await importDataset(store, readLines(file('update.jsonl', [header, changed])), {
      source: 'update',
    })
    assert.equal(update.updated, 1)
    const row = await store.db
      .selectFrom('plants')
      .select(['doc', 'version'])
      .where('name', '=', 'Tomato')
      .executeTakeFirstOrThrow()
    // Created with its links to basil and fennel by the first import (the second changed nothing), updated.
    assert.equal(row.version, 2)
    assert.deepEqual(JSON.parse(row.doc).data, [...tomato.data, { key: 'Layer', value: 'Low-growing' }])
  })
})

describe('hortus import over plants already there', () => {
  const okra = {
    type: 'Plant',
    scientific_name: 'Abelmoschus esculentus',
    name: 'Okra',
    description: 'A warm-season pod crop.',
    data: [
      { key: 'Alternate name', value: "ladies' fingers, bhindi, gumbo" },
      { key: 'Family', value: 'Malvaceae' },
    ],
  }
  const second = {
    ...okra,
    description: 'Another text.',
    data: [
      { key: 'Alternate name', value: 'okra, Gumbo, quimbombo' },
      { key: 'Family', value: 'Malvaceae or something else' },
      { key: 'Light requirement', value: 'Full sun' },
    ],
  }
  const okraDoc = async (store: Store) =>
    JSON.parse(
      (await store.db.selectFrom('plants').select('doc').where('name', '=', 'Okra').executeTakeFirstOrThrow())
        .doc,
    ) as { description: string; version: number; data: { key: string; value: string }[] }

  it('unites alternate names, adds new keys, keeps the other values there and counts them', async () => {
    const store = await freshStore()
    await importDataset(store, readLines(file('okra-1.jsonl', [header, okra])), { source: 'first' })
    const summary = await importDataset(store, readLines(file('okra-2.jsonl', [header, second])), {
      source: 'second',
    })
    assert.deepEqual([summary.updated, summary.kept, summary.overwritten], [1, 2, 0])
    const doc = await okraDoc(store)
    assert.equal(doc.description, okra.description)
    assert.deepEqual(doc.data, [
      { key: 'Alternate name', value: "ladies' fingers, bhindi, gumbo, okra, quimbombo" },
      { key: 'Family', value: 'Malvaceae' },
      { key: 'Light requirement', value: 'Full sun' },
    ])

    const again = await importDataset(store, readLines(file('okra-3.jsonl', [header, second])), {
      source: 'again',
    })
    assert.deepEqual([again.updated, again.skipped, again.kept, again.overwritten], [0, 1, 2, 0])
  })

  it('with overwrite replaces the values there, and still never drops a name', async () => {
    const store = await freshStore()
    await importDataset(store, readLines(file('okra-4.jsonl', [header, okra])), { source: 'first' })
    const summary = await importDataset(store, readLines(file('okra-5.jsonl', [header, second])), {
      source: 'second',
      overwrite: true,
    })
    assert.deepEqual([summary.updated, summary.kept, summary.overwritten], [1, 0, 2])
    const doc = await okraDoc(store)
    assert.equal(doc.description, 'Another text.')
    assert.deepEqual(doc.data, [
      { key: 'Alternate name', value: "ladies' fingers, bhindi, gumbo, okra, quimbombo" },
      { key: 'Family', value: 'Malvaceae or something else' },
      { key: 'Light requirement', value: 'Full sun' },
    ])
  })

  it('keeps a plant a Plant when the file makes it a Variety, unless it overwrites', async () => {
    const store = await freshStore()
    await importDataset(store, readLines(file('kind-1.jsonl', sample)), { source: 'first' })
    const asVariety = {
      type: 'Variety',
      scientific_name: 'Foeniculum vulgare',
      name: 'Fennel',
      parent: { scientific_name: 'Ocimum basilicum', name: 'Basil' },
    }
    const kept = await importDataset(store, readLines(file('kind-2.jsonl', [header, asVariety])), {
      source: 'second',
    })
    assert.deepEqual([kept.skipped, kept.kept], [1, 1])
    const fennel = () =>
      store.db
        .selectFrom('plants')
        .select(['type', 'parent_id'])
        .where('name', '=', 'Fennel')
        .executeTakeFirstOrThrow()
    assert.equal((await fennel()).type, 'Plant')
    const replaced = await importDataset(store, readLines(file('kind-3.jsonl', [header, asVariety])), {
      source: 'third',
      overwrite: true,
    })
    assert.deepEqual([replaced.updated, replaced.overwritten], [1, 1])
    assert.equal((await fennel()).type, 'Variety')
  })
})

describe('hortus export', () => {
  it('round-trips through an empty database: the same plants, links and attribute values', async () => {
    const source = await freshStore()
    await importDataset(source, readLines(file('sample.jsonl', sample)), { source: 'sample' })
    const first = await exported(source)
    assert.equal(JSON.parse(first[0]!).license, 'CC BY-SA 4.0')
    assert.match(JSON.parse(first[0]!).attribution, /Wikipedia/)
    assert.equal(first.length, sample.length)

    const target = await freshStore()
    const summary = await importDataset(target, readLines(file('exported.jsonl', first)), {
      source: 'exported',
    })
    assert.deepEqual([summary.created, summary.rejected.length, summary.links.created], [5, 0, 2])
    // The same dataset; what the plants are on each Hortus (ids, versions, slugs, times) is their own.
    const portable = (lines: string[]) =>
      lines.map((line, index) => (index === 0 ? line : withoutExportedIds(JSON.parse(line) as DatasetLine)))
    const second = await exported(target)
    assert.deepEqual(portable(second), portable(first))
    const tomatoLine = JSON.parse(first.find((line) => line.includes('"Tomato"'))!) as DatasetLine
    assert.deepEqual(withoutExportedIds(tomatoLine), tomato)
    const tomatoRow = await source.db
      .selectFrom('plants')
      .selectAll()
      .where('name', '=', 'Tomato')
      .executeTakeFirstOrThrow()
    assert.deepEqual(
      [tomatoLine.id, tomatoLine.version, tomatoLine.slug, tomatoLine.created_at, tomatoLine.updated_at],
      [Number(tomatoRow.id), tomatoRow.version, tomatoRow.slug, tomatoRow.created_at, tomatoRow.updated_at],
    )
  })

  it('exports only what changed since a time', async () => {
    const store = await freshStore()
    await importDataset(store, readLines(file('since.jsonl', sample)), { source: 'since' })
    const lines: string[] = []
    for await (const line of exportDataset(store.db, '2999-01-01T00:00:00.000Z')) lines.push(line)
    assert.equal(lines.length, 1)
    assert.equal(JSON.parse(lines[0]!).since, '2999-01-01T00:00:00.000Z')
  })
})
