// The importer writes a batch's new plants together, a few multi-row statements per table. What it writes
// must be what saving the same lines one plant at a time writes (createPlantIn and updatePlantIn, each in
// its own transaction, as the API saves): compared table by table on real data, the start of the starter
// dataset and of the OpenFarm set (which merges into some starter plants), plus lines made for the cases a
// batch has to get right. And a line the database refuses is reported, with nothing of it left behind.
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import type { Author } from '../../src/accounts/account.ts'
import type { Store } from '../../src/db/store.ts'
import { AppError } from '../../src/errors.ts'
import type { Plant } from '../../src/plants/plant.ts'
import { createPlantIn, updatePlantIn } from '../../src/writes/plant-writes.ts'
import { pairKey, validateDatasetLine, type DatasetLine } from '../../src/transfer/dataset-format.ts'
import { importDataset, type ImportSummary } from '../../src/transfer/import.ts'
import { mergeIncoming } from '../../src/transfer/import-merge.ts'
import { storedVariants } from '../../src/search/edit-distance.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { databaseContent, firstDifference } from '../helpers/database-content.ts'
import { TEST_DIALECT } from '../helpers/test-database.ts'
import { freshStores } from '../helpers/fresh-stores.ts'
import { tempDir } from '../helpers/temp-dir.ts'
import { insertManyValues } from '../../src/db/many-rows.ts'

const dir = tempDir('hortus-import-batches-')
const freshStore = freshStores()

const IMPORTER: Author = { id: null, name: 'import' }

const keptTotal = async (store: Store) =>
  Number((await store.db.selectFrom('plant_total').select('plants').executeTakeFirstOrThrow()).plants)
const countedTotal = async (store: Store) =>
  Number(
    (
      await store.db
        .selectFrom('plants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** The first `count` plant lines of a dataset file, without links and pictures (the link and picture
 * phases are not batched) and without where their values came from (the lines come without their
 * header, whose sources they name; provenance.test.ts covers it). */
function datasetLines(file: string, count: number): DatasetLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as DatasetLine & { hortus_dataset?: number })
    .filter((line) => line.hortus_dataset === undefined)
    .slice(0, count)
    .map(({ links: _links, images: _images, problems: _problems, source: _source, ...line }) => ({
      ...line,
      ...(line.data ? { data: line.data.map(({ key, value }) => ({ key, value })) } : {}),
    }))
}

function file(name: string, lines: unknown[]): string {
  const path = join(dir, name)
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n')
  return path
}

/** Imports the lines one plant at a time, each in its own transaction, as the importer used to: the same
 * line checks, merge, and rules for parents and repeated lines. */
async function importOneByOne(store: Store, lines: DatasetLine[], note: string, ids: Map<string, number>) {
  const seen = new Set<string>()
  const summary = { created: 0, updated: 0, skipped: 0, rejected: 0 }
  for (const line of lines) {
    const key = pairKey(line.scientific_name, line.name)
    const parentId = line.parent ? ids.get(pairKey(line.parent.scientific_name, line.parent.name)) : null
    if (!validateDatasetLine(line) || seen.has(key) || parentId === undefined) {
      summary.rejected++
      continue
    }
    seen.add(key)
    const fields = {
      type: line.type,
      parent_id: parentId,
      description: line.description,
      data: line.data,
    }
    try {
      await store.transaction(async (tx) => {
        const existing = ids.get(key)
        if (existing === undefined) {
          const input = { ...fields, scientific_name: line.scientific_name, name: line.name, note }
          const doc = await createPlantIn(store, tx, input, IMPORTER)
          ids.set(key, (JSON.parse(doc) as Plant).id)
          summary.created++
          return
        }
        const current = await tx
          .selectFrom('plants')
          .select(['version', 'doc'])
          .where('id', '=', existing)
          .executeTakeFirstOrThrow()
        const { changes } = mergeIncoming(JSON.parse(current.doc) as Plant, fields, false)
        const input = { ...changes, version: current.version, note }
        const saved =
          Object.keys(changes).length > 0 &&
          (await updatePlantIn(store, tx, existing, input, IMPORTER, { onNoChange: 'skip' })) !== null
        summary[saved ? 'updated' : 'skipped']++
      })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      summary.rejected++
    }
  }
  return summary
}

const counts = ({ created, updated, skipped, rejected }: ImportSummary) => ({
  created,
  updated,
  skipped,
  rejected: rejected.length,
})

const plant = (scientific_name: string, name: string, more: Partial<DatasetLine> = {}): DatasetLine => ({
  type: 'Plant',
  scientific_name,
  name,
  ...more,
})
const variety = (
  scientific_name: string,
  name: string,
  parent: DatasetLine,
  more: Partial<DatasetLine> = {},
) =>
  plant(scientific_name, name, {
    type: 'Variety',
    parent: { scientific_name: parent.scientific_name, name: parent.name },
    ...more,
  })

// Lines for what a batch must get right: parents created earlier in the same batch or a batch before,
// a Variety named as a parent (refused with its id), slugs taken by plants of the same batch, a repeated
// line, a rule a line breaks, spellings of one value, and a line that merges into a plant of the batch.
const bean = plant('Phaseolus vulgaris', 'Common bean', {
  description: 'Climbing or bush bean',
  data: [{ key: 'Growth habit', value: 'Climbing, Bush' }],
})
const beanVariety = variety('Phaseolus vulgaris', 'Blue Lake', bean, {
  data: [{ key: 'Growth habit', value: 'climbing' }],
})
const made: DatasetLine[] = [
  bean,
  beanVariety,
  variety('Phaseolus vulgaris', 'Of a variety', beanVariety),
  plant('Phaseolus vulgaris', 'Common  bean'),
  plant('Phaseolus vulgaris!', 'Common bean'),
  plant('Phaseolus vulgaris', 'Common bean 2', { data: [{ key: 'Growth habit', value: 'BUSH' }] }),
  bean,
  plant('Solanum lycopersicum', 'Tomato', { type: 'Variety' }),
  plant('Daucus carota', 'Carrot', {
    data: [
      { key: 'Colour', value: 'Orange' },
      { key: 'Colour', value: 'Purple' },
    ],
  }),
  variety('Phaseolus vulgaris', 'Borlotti', bean, { description: 'Speckled' }),
  // What COPY's text format escapes (PostgreSQL writes a batch's many rows with it): backslashes, tabs and
  // line ends (in a description; a value is one line), and its NULL marker written out.
  plant('Allium escapum', 'Back\\slash \\N', {
    description: 'Tab\there\r\nline \\N \\\\ end\\ "quoted" \u{1F955}\n',
    data: [{ key: 'Note \\t', value: 'first \\N second \\\\ third\\' }],
  }),
]

/** A trigger stands for whatever the database may refuse that the line checks do not see: it refuses a
 * row of `table` whose `column` is `value`. */
async function refuseRows(store: Store, table: string, column: string, value: string) {
  const trigger = `refuse_${table}`
  const when = `NEW.${column} = '${value}'`
  if (TEST_DIALECT === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} WHEN ${when}
        BEGIN SELECT RAISE(ABORT, 'refused by a test trigger'); END`,
      )
      .execute(store.db)
  } else {
    await sql
      .raw(
        `CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF ${when} THEN RAISE EXCEPTION 'refused by a test trigger'; END IF; RETURN NEW; END $$`,
      )
      .execute(store.db)
    await sql
      .raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`)
      .execute(store.db)
  }
}

/** Refuses a plant named 'Refused' as its row is written. */
const refuseNamed = (store: Store) => refuseRows(store, 'plants', 'name', 'Refused')

/** Refuses a plant named 'Refused late' at the end of its batch's transaction, where the batch's new
 * plants' names are written. */
const refuseNamedLate = (store: Store) => refuseRows(store, 'search_names', 'name', 'refused late')

const plantsInIdOrder = (store: Store) =>
  store.db.selectFrom('plants').select(['name', 'slug']).orderBy('id').execute()

describe('hortus import in batches', () => {
  it('writes what saving each line alone writes: plants, documents, slugs, revisions, facets, counts, search', async () => {
    const files = [
      { name: 'starter', lines: [...datasetLines('data/plants.jsonl', 600), ...made] },
      // The OpenFarm set merges into some starter plants; the made lines again are all already there.
      { name: 'openfarm', lines: [...datasetLines('data/openfarm.jsonl', 1200), ...made] },
      // A line that updates a plant already there, between new plants of its batch, is written before
      // them: its revision still follows theirs, and a new key and value are spelled as the line above has
      // them, not as the update does.
      {
        name: 'spelling',
        lines: [
          plant('Ocimum basilicum', 'Sweet basil', {
            data: [{ key: 'Shade Tolerance', value: 'Part shade' }],
          }),
          variety('Phaseolus vulgaris', 'Borlotti', bean, {
            data: [{ key: 'shade tolerance', value: 'part SHADE' }],
          }),
          plant('Ocimum basilicum', 'Thai basil', {
            data: [{ key: 'SHADE TOLERANCE', value: 'PART SHADE' }],
          }),
        ],
      },
    ]
    const batched = await freshStore()
    const alone = await freshStore()
    const ids = new Map<string, number>()
    for (const { name, lines } of files) {
      const note = `Imported from ${name}`
      // Small batches: lines that name a parent in an earlier batch, and merges that interrupt a batch.
      const summary = await importDataset(batched, readLines(file(`${name}.jsonl`, lines)), {
        source: name,
        batchSize: 250,
      })
      assert.deepEqual(counts(summary), await importOneByOne(alone, lines, note, ids))
    }
    const difference = firstDifference(await databaseContent(batched), await databaseContent(alone))
    assert.equal(difference, null, `the databases differ: ${difference}`)
    assert.equal(await keptTotal(batched), await countedTotal(batched), 'the kept plant total')

    const slugs = await batched.db
      .selectFrom('plants')
      .select('slug')
      .where('scientific_name', 'like', 'Phaseolus vulgaris%')
      .orderBy('id')
      .execute()
    assert.deepEqual(
      slugs.map((row) => row.slug),
      [
        'phaseolus-vulgaris-common-bean',
        'phaseolus-vulgaris-blue-lake',
        'phaseolus-vulgaris-common-bean-2',
        'phaseolus-vulgaris-common-bean-3',
        'phaseolus-vulgaris-common-bean-2-2',
        'phaseolus-vulgaris-borlotti',
      ],
    )
  })

  it('reports a line the database refuses, saves the rest of its batch, and leaves nothing of it', async () => {
    const store = await freshStore()
    await refuseNamed(store)
    const refused = plant('Zyzzyva refusa', 'Refused', {
      description: 'Quetzalcoatlus',
      data: [{ key: 'Only here', value: 'Xenon' }],
    })
    const lines = [
      bean,
      beanVariety,
      refused,
      plant('Zea mays', 'Corn', { data: [{ key: 'Family', value: 'Poaceae' }] }),
    ]
    const summary = await importDataset(store, readLines(file('refused.jsonl', lines)), { source: 'refused' })

    assert.deepEqual(counts(summary), { created: 3, updated: 0, skipped: 0, rejected: 1 })
    assert.equal(await keptTotal(store), 3, 'the kept total leaves out the refused line')
    assert.equal(summary.rejected[0]!.line, 3)
    assert.match(summary.rejected[0]!.reason, /^the database refused it: .*refused by a test trigger/)
    const names = await store.db
      .selectFrom('plants')
      .select(['name', 'parent_id', 'id'])
      .orderBy('id')
      .execute()
    assert.deepEqual(
      names.map((row) => row.name),
      ['Common bean', 'Blue Lake', 'Corn'],
    )
    assert.equal(names[1]!.parent_id, names[0]!.id)
    const left = await Promise.all([
      store.db
        .selectFrom('search_words')
        .select('word')
        .where('word', 'in', ['zyzzyva', 'quetzalcoatlus'])
        .execute(),
      store.db.selectFrom('search_names').select('name').where('name', 'like', 'zyzzyva%').execute(),
      store.db.selectFrom('attribute_keys').select('key').where('key_norm', '=', 'only here').execute(),
      store.db.selectFrom('attribute_values').select('value').where('value_norm', '=', 'xenon').execute(),
      store.db.selectFrom('plant_revisions').select('plant_id').execute(),
    ])
    assert.deepEqual(left.slice(0, 4), [[], [], [], []])
    assert.equal(left[4].length, 3)
    const family = await store.db
      .selectFrom('attribute_values')
      .select(['value', 'plants'])
      .where('key_norm', '=', 'family')
      .execute()
    assert.deepEqual(family, [{ value: 'Poaceae', plants: 1 }])
  })

  it('adds the typo variants of a new word when some are there already (left behind), keeping them', async () => {
    const store = await freshStore()
    const variants = storedVariants('quetzalcoatlus').sort()
    await store.db
      .insertInto('search_word_variants')
      .values({ variant: variants[3]!, word: 'quetzalcoatlus' })
      .execute()
    // Enough new variants in one batch (a new ten-letter word each) that PostgreSQL tries a COPY first,
    // which the row there refuses.
    const letter = (n: number) => String.fromCharCode(97 + (Math.floor(n) % 26))
    const lines = Array.from({ length: 60 }, (_, index) =>
      plant('Quetzalcoatlus northropi', `Wingspan${letter(index)}${letter(index / 26)}`),
    )
    const summary = await importDataset(store, readLines(file('variants.jsonl', lines)), {
      source: 'variants',
    })

    assert.deepEqual(counts(summary), { created: 60, updated: 0, skipped: 0, rejected: 0 })
    // In one transaction: the batch was not replayed line by line.
    const commits = await store.db.selectFrom('plant_revisions').select('commit_seq').distinct().execute()
    assert.equal(commits.length, 1)
    const stored = await store.db
      .selectFrom('search_word_variants')
      .select('variant')
      .where('word', '=', 'quetzalcoatlus')
      .orderBy('variant')
      .execute()
    assert.deepEqual(
      stored.map((row) => row.variant),
      variants,
    )
  })

  it('reports a line the database refuses in a batch of many rows (PostgreSQL: COPY), and saves the rest', async () => {
    const store = await freshStore()
    await refuseNamed(store)
    // Enough plants, names and facet rows in one batch that PostgreSQL writes them with COPY.
    const lines = Array.from({ length: 120 }, (_, index) =>
      plant('Brassica oleracea', index === 70 ? 'Refused' : `Kale ${index}`, {
        description: `Curly leaves\tnumber ${index}`,
        data: [{ key: 'Colour', value: index % 2 ? 'Green' : 'Purple' }],
      }),
    )
    const summary = await importDataset(store, readLines(file('many.jsonl', lines)), { source: 'many' })

    assert.deepEqual(counts(summary), { created: 119, updated: 0, skipped: 0, rejected: 1 })
    assert.equal(summary.rejected[0]!.line, 71)
    assert.match(summary.rejected[0]!.reason, /^the database refused it: .*refused by a test trigger/)
    assert.equal(await keptTotal(store), 119)
    const revisions = await store.db.selectFrom('plant_revisions').select('plant_id').execute()
    assert.equal(revisions.length, 119)
    const kale = await store.db
      .selectFrom('plants')
      .select('doc')
      .where('name', '=', 'Kale 71')
      .executeTakeFirstOrThrow()
    assert.equal((JSON.parse(kale.doc) as Plant).description, 'Curly leaves\tnumber 71')
    const colours = await store.db
      .selectFrom('attribute_values')
      .select(['value', 'plants'])
      .where('key_norm', '=', 'colour')
      .orderBy('value')
      .execute()
    assert.deepEqual(colours, [
      { value: 'Green', plants: 60 },
      { value: 'Purple', plants: 59 },
    ])
  })

  // On PostgreSQL a batch is saved while the one before it commits (transfer/import.ts, BatchesInFlight).
  it('saves the plants of batches in flight together in the order of their lines, each slug taken once', async () => {
    const store = await freshStore()
    const lines = [
      plant('Phaseolus vulgaris', 'Common bean'),
      plant('Zea mays', 'Corn', { data: [{ key: 'Family', value: 'Poaceae' }] }),
      plant('Phaseolus vulgaris', 'Common  bean'),
      plant('Zea mays', 'Popcorn', { data: [{ key: 'Family', value: 'Poaceae' }] }),
      plant('Phaseolus vulgaris', 'Common   bean'),
      plant('Daucus carota', 'Carrot'),
    ]
    const summary = await importDataset(store, readLines(file('flight.jsonl', lines)), {
      source: 'flight',
      batchSize: 2,
    })

    assert.deepEqual(counts(summary), { created: 6, updated: 0, skipped: 0, rejected: 0 })
    assert.deepEqual(await plantsInIdOrder(store), [
      { name: 'Common bean', slug: 'phaseolus-vulgaris-common-bean' },
      { name: 'Corn', slug: 'zea-mays-corn' },
      { name: 'Common  bean', slug: 'phaseolus-vulgaris-common-bean-2' },
      { name: 'Popcorn', slug: 'zea-mays-popcorn' },
      { name: 'Common   bean', slug: 'phaseolus-vulgaris-common-bean-3' },
      { name: 'Carrot', slug: 'daucus-carota-carrot' },
    ])
    assert.equal(await keptTotal(store), 6)
    const family = await store.db
      .selectFrom('attribute_values')
      .select(['value', 'plants'])
      .where('key_norm', '=', 'family')
      .execute()
    assert.deepEqual(family, [{ value: 'Poaceae', plants: 2 }])
  })

  it('replays a batch the database refuses at its end while the next is saved, and keeps every other line', async () => {
    const store = await freshStore()
    await refuseNamedLate(store)
    const lines = [
      plant('Phaseolus vulgaris', 'Common bean'),
      plant('Zyzzyva refusa', 'Refused late', { data: [{ key: 'Only here', value: 'Xenon' }] }),
      plant('Phaseolus vulgaris', 'Common  bean'),
      plant('Zea mays', 'Corn'),
      plant('Phaseolus vulgaris', 'Common   bean'),
      plant('Daucus carota', 'Carrot'),
    ]
    const summary = await importDataset(store, readLines(file('late.jsonl', lines)), {
      source: 'late',
      batchSize: 2,
    })

    assert.deepEqual(counts(summary), { created: 5, updated: 0, skipped: 0, rejected: 1 })
    assert.equal(summary.rejected[0]!.line, 2)
    assert.match(summary.rejected[0]!.reason, /^the database refused it: .*refused by a test trigger/)
    const saved = await plantsInIdOrder(store)
    assert.deepEqual(saved.map(({ name }) => name).sort(), [
      'Carrot',
      'Common   bean',
      'Common  bean',
      'Common bean',
      'Corn',
    ])
    assert.equal(new Set(saved.map(({ slug }) => slug)).size, 5)
    assert.equal(await keptTotal(store), 5)
    assert.equal(await countedTotal(store), 5)
    const names = await store.db.selectFrom('search_names').select('name').where('kind', '=', 0).execute()
    assert.deepEqual(names.map(({ name }) => name).sort(), [
      'carrot',
      ...Array<string>(3).fill('common bean'),
      'corn',
      'daucus carota',
      ...Array<string>(3).fill('phaseolus vulgaris'),
      'zea mays',
    ])
    const left = await Promise.all([
      store.db.selectFrom('search_words').select('word').where('word', '=', 'zyzzyva').execute(),
      store.db.selectFrom('attribute_values').select('value').where('value_norm', '=', 'xenon').execute(),
      store.db.selectFrom('plant_revisions').select('plant_id').execute(),
    ])
    assert.deepEqual(left.slice(0, 2), [[], []])
    assert.equal(left[2].length, 5)
  })

  it('fails a transaction whose many rows the database refuses with its own error, and keeps none of them', async () => {
    const store = await freshStore()
    // Enough rows that PostgreSQL writes them with COPY.
    const words = Array.from({ length: 200 }, (_, index) => [`word ${index === 150 ? 3 : index}`, 1, 0])
    await assert.rejects(
      store.transaction(async (tx) => {
        await insertManyValues(tx, 'search_words', ['word', 'plants', 'name_plants'], words)
        await tx.selectFrom('plants').select('id').execute()
      }),
      (error: unknown) => store.isUniqueViolation(error),
    )
    const left = await store.db
      .selectFrom('search_words')
      .select('word')
      .where('word', 'like', 'word %')
      .execute()
    assert.deepEqual(left, [])
  })
})
