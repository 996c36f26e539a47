// `hortus import` over plants already there: what the summary line says, and what --overwrite changes.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { after, before, describe, it } from 'node:test'
import sharp from 'sharp'
import type { Store } from '../../src/db/store.ts'
import { createTestDatabaseUrl, openTestStore } from '../helpers/test-database.ts'
import { tempDir } from '../helpers/temp-dir.ts'

const run = promisify(execFile)
const dir = tempDir('hortus-cli-import-')
let databaseUrl: string
let store: Store | undefined

const hortus = (...args: string[]) =>
  run('npm', ['run', '-s', 'hortus', '--', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  })

function dataset(name: string, plant: object): string {
  const path = join(dir, name)
  const header = { hortus_dataset: 1, license: 'CC BY-SA 4.0', license_url: 'x', attribution: 'test' }
  writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(plant)}\n`)
  return path
}

const okra = (family: string, names: string) => ({
  type: 'Plant',
  scientific_name: 'Abelmoschus esculentus',
  name: 'Okra',
  data: [
    { key: 'Alternate name', value: names },
    { key: 'Family', value: family },
  ],
})

before(async () => {
  databaseUrl = await createTestDatabaseUrl()
})
after(async () => store?.close())

describe('hortus import', () => {
  it('keeps the values already there and says so; --overwrite replaces them; names are always united', async () => {
    await hortus('import', dataset('first.jsonl', okra('Malvaceae', "ladies' fingers, bhindi")))
    const second = dataset('second.jsonl', okra('Something else', 'gumbo'))

    const kept = await hortus('import', second)
    assert.match(kept.stdout, /1 updated/)
    assert.match(kept.stdout, /values already there: 1 kept \(--overwrite replaces them\), 0 overwritten/)

    const overwritten = await hortus('import', second, '--overwrite')
    assert.match(overwritten.stdout, /1 updated/)
    assert.match(overwritten.stdout, /values already there: 0 kept, 1 overwritten/)

    store = await openTestStore(databaseUrl)
    const row = await store.db
      .selectFrom('plants')
      .select('doc')
      .where('name', '=', 'Okra')
      .executeTakeFirstOrThrow()
    assert.deepEqual((JSON.parse(row.doc) as { data: unknown }).data, [
      { key: 'Alternate name', value: "ladies' fingers, bhindi, gumbo" },
      { key: 'Family', value: 'Something else' },
    ])
  })

  it('adds the pictures of the lines, from files beside the dataset, and says how many', async () => {
    const folder = join(dir, 'pictures')
    mkdirSync(folder)
    writeFileSync(
      join(folder, 'okra.jpg'),
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4a7' } })
        .jpeg()
        .toBuffer(),
    )
    writeFileSync(join(folder, 'not-a-picture.jpg'), 'plain text\n')
    const credit = { author: 'Ada', license: 'CC-BY-4.0', note: 'Okra pods' }
    const path = dataset('pictures.jsonl', {
      ...okra('Malvaceae', 'bhindi'),
      images: [
        { file: 'pictures/okra.jpg', ...credit, source_url: 'https://example.org/okra.jpg' },
        { file: 'pictures/not-a-picture.jpg', ...credit, note: 'Okra flowers' },
      ],
    })

    // Run from another directory: the files are read beside the dataset, not from the working directory.
    const first = await hortus('import', path)
    assert.match(first.stdout, /pictures: 1 added, 0 already there, 1 rejected\.$/m)
    assert.match(first.stdout, / 0 rejected; values already there/, 'the plant line itself is not rejected')
    assert.match(
      first.stderr,
      /^line 2: rejected: image 2 \(pictures\/not-a-picture\.jpg\): The file is not a picture/m,
    )
    const again = await hortus('import', path)
    assert.match(again.stdout, /pictures: 0 added, 1 already there, 1 rejected\.$/m)
  })

  it('shows a progress bar with the share read, the rate and the time left on a terminal, and none in a pipe', async () => {
    const path = dataset('bar.jsonl', okra('Malvaceae', 'okra'))
    const piped = await hortus('import', path)
    assert.doesNotMatch(piped.stderr, /%/)
    // util-linux's `script` runs the command on a terminal of its own and copies what it shows to stdout.
    const command = `npm run -s hortus -- import '${path}'`
    const terminal = await run('script', ['-qefc', command, '/dev/null'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      timeout: 60_000,
    })
    assert.match(terminal.stdout, /\[=+\] 100% \| 0\.0 of 0\.0 MB \| [\d.]+ MB\/s \| \d+s left/)
    assert.match(terminal.stdout, /Imported .*bar\.jsonl in [\d.]+ s: 0 created, 0 updated, 1 unchanged/)
  })
})
