// One import at a time per database (Store.bulkWrites): two importers at once would each take the other's
// new plants for missing and make them again. A second import, in this process or another (the CLI), is
// refused before it writes anything, with a sentence that says why; once the first ends, it runs. A server
// that finds another process loading its empty database serves without the starter dataset.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { after, before, it } from 'node:test'
import { ImportRunningError, type Store } from '../../src/db/store.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { createTestDatabaseUrl, openTestStore } from '../helpers/test-database.ts'
import { answers, freePort, startServer, waitFor } from '../helpers/processes.ts'
import { tempDir } from '../helpers/temp-dir.ts'

const run = promisify(execFile)
const dir = tempDir('hortus-import-lock-')
const HEADER = { hortus_dataset: 1, license: 'CC BY-SA 4.0', license_url: 'x', attribution: 'test' }
const REFUSAL = 'Another import is writing to this database; run this one when it has finished.'

let databaseUrl: string
let store: Store
before(async () => {
  databaseUrl = await createTestDatabaseUrl()
  store = await openTestStore(databaseUrl)
})
after(async () => store.close())

const plant = (name: string) => ({ type: 'Plant', scientific_name: 'Ocimum basilicum', name })
const lines = (...plants: object[]) => [HEADER, ...plants].map((line) => JSON.stringify(line))

/** An import whose file stops after its first plant until `finish` is called, and `started`, which
 * resolves once the importer has asked for that plant (it holds the lock by then). */
function heldImport(name: string, into: Store = store) {
  let asked: () => void = () => {}
  const started = new Promise<void>((resolve) => (asked = resolve))
  let finish: () => void = () => {}
  const finished = new Promise<void>((resolve) => (finish = resolve))
  async function* file() {
    const [header, first] = lines(plant(name))
    yield header!
    asked()
    yield first!
    await finished
  }
  const summary = importDataset(into, file(), { source: 'held' })
  return { started, finish, summary }
}

const names = async () =>
  (await store.db.selectFrom('plants').select('name').orderBy('name').execute()).map((row) => row.name)

async function* from(texts: string[]) {
  yield* texts
}

it('refuses a second import in the same process while one runs, and runs it once that one has ended', async () => {
  const first = heldImport('Genovese')
  await first.started
  await assert.rejects(
    importDataset(store, from(lines(plant('Thai basil'))), { source: 'second' }),
    (error: unknown) => error instanceof ImportRunningError && error.message === REFUSAL,
  )
  first.finish()
  assert.equal((await first.summary).created, 1)
  assert.deepEqual(await names(), ['Genovese'])

  const again = await importDataset(store, from(lines(plant('Thai basil'))), { source: 'second' })
  assert.equal(again.created, 1)
  assert.deepEqual(await names(), ['Genovese', 'Thai basil'])
})

it('makes `hortus import` in another process stop with that sentence, exit code 1 and nothing written', async () => {
  const file = join(dir, 'holy.jsonl')
  writeFileSync(file, lines(plant('Holy basil')).join('\n') + '\n')
  const hortus = () =>
    run('npm', ['run', '-s', 'hortus', '--', 'import', file], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      timeout: 60_000,
    })
  const first = heldImport('Lemon basil')
  await first.started
  const refused = await hortus().then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  )
  assert.ok(refused, 'the second import ran while the first held the database')
  assert.equal(refused.code, 1)
  assert.equal(refused.stderr.trim(), REFUSAL)
  first.finish()
  await first.summary
  assert.ok(!(await names()).includes('Holy basil'), 'the refused import wrote its plant')

  const ran = await hortus()
  assert.match(ran.stdout, /1 created/)
  assert.ok((await names()).includes('Holy basil'))
})

it('lets a server that finds another process importing into its empty database serve without seeding', async () => {
  const url = await createTestDatabaseUrl()
  const other = await openTestStore(url)
  const importing = heldImport('Purple basil', other)
  await importing.started
  const port = await freePort()
  const server = startServer({ DATABASE_URL: url, PORT: String(port), HORTUS_SEED: 'on' })
  try {
    await waitFor('the server answers', () => answers(port), { started: server, timeoutMs: 60_000 })
    assert.match(
      server.output.stdout,
      /Another process is importing into the database; the starter dataset is left to it\./,
    )
    assert.doesNotMatch(server.output.stdout, /Loaded the starter dataset/)
  } finally {
    server.child.kill('SIGTERM')
    importing.finish()
    await importing.summary
    await other.close()
  }
  assert.equal((await server.finished).code, 0)
})
