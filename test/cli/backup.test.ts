// `hortus backup` while the server serves: writers (plants created and changed, companion links, pictures,
// new accounts each writing a plant) and readers go on through real HTTP while the backup is taken. The
// backup is then restored as an operator would (SQLite: the file copied; PostgreSQL: createdb and
// pg_restore), a server started on it, and what it serves compared with the live database: the restored
// change feed is the live feed up to the cursor the backup printed, every plant at its version of that
// moment, links and pictures as the feed made them, the accounts of that moment and none made later.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, it } from 'node:test'
import sharp from 'sharp'
import { createKeyPair, type KeyPair } from '../../src/accounts/api-keys.ts'
import type { Store } from '../../src/db/store.ts'
import { hortus } from '../helpers/processes.ts'
import {
  createTestDatabaseUrl,
  createTestKey,
  openTestStore,
  TEST_DIALECT,
} from '../helpers/test-database.ts'
import { tempDir } from '../helpers/temp-dir.ts'
import {
  Api,
  Ledger,
  seededRandom,
  startHortus,
  Writer,
  type HortusProcess,
  type Sent,
} from '../helpers/write-burst.ts'

const pgToolsMissing =
  TEST_DIALECT === 'postgres' &&
  ['pg_dump', 'pg_restore'].find((tool) => spawnSync(tool, ['--version']).status !== 0)

const dir = tempDir('hortus-backup-')
const servers: HortusProcess[] = []
const stores: Store[] = []
after(async () => {
  for (const server of servers) server.started.child.kill('SIGKILL')
  await Promise.all(stores.map((store) => store.close()))
})

it(
  'a backup taken under writes restores to the database as it was at the cursor it names',
  {
    skip: pgToolsMissing ? `${pgToolsMissing} is not installed (Debian: postgresql-client)` : false,
    timeout: 120_000,
  },
  async (t) => {
    const liveUrl = await createTestDatabaseUrl()
    const headers = keyHeaders(await createTestKey(liveUrl, 'writer@example.org', 'Wanda the writer'))
    const live = await startHortus(liveUrl, headers)
    servers.push(live)
    const accountsStore = await openTestStore(liveUrl)
    stores.push(accountsStore)

    const load = startLoad(live.api, headers, accountsStore)
    await load.underWay()
    const before = await lastCursor(live.api)
    const backup = join(dir, TEST_DIALECT === 'sqlite' ? 'hortus-backup.db' : 'hortus.dump')
    const taken = await hortus(['backup', '--output', backup], { DATABASE_URL: liveUrl })
    const afterBackup = await lastCursor(live.api)
    await load.runFor(500)
    const sent = await load.stop()

    assert.equal(taken.code, 0, taken.stderr)
    assert.equal(taken.stderr, '')
    const printed = new RegExp(
      `^Backup written to ${backup} \\((SQLite, integrity ok|PostgreSQL [\\d.]+, pg_dump [\\d.]+ custom format), [\\d.]+ [kM]B\\) in [\\d.]+ s\\. ` +
        'It holds the change feed up to cursor ([\\w-]+): the changes after it \\(GET /api/changes\\?since=\\2\\) are not in it\\.\\n$',
    ).exec(taken.stdout)
    assert.ok(printed, taken.stdout)
    const position = printed[2]!
    // Writes went on while the backup was taken and after it: there is something for it to leave out.
    const final = await lastCursor(live.api)
    assert.ok(compareCursors(before, position) <= 0 && compareCursors(position, afterBackup) <= 0)
    assert.ok(compareCursors(before, afterBackup) < 0, 'the feed grew while the backup was taken')
    assert.ok(compareCursors(position, final) < 0, 'the feed grew after the backup')
    assert.deepEqual(
      sent.filter((answer) => answer.status >= 300),
      [],
      'every write and read was answered',
    )

    const liveFeed = await wholeFeed(live.api)
    const held = liveFeed.filter((change) => compareCursors(change.cursor, position) <= 0)
    const lacked = liveFeed.filter((change) => compareCursors(change.cursor, position) > 0)
    assert.equal(held.at(-1)?.cursor, position, 'the cursor printed is a change of the live feed')
    assert.ok(lacked.length > 0)
    t.diagnostic(taken.stdout.trim())
    t.diagnostic(`${held.length} changes held, ${lacked.length} made after; ${load.newcomers()} newcomers`)

    const restoredUrl = await restore(backup)
    const restored = await startHortus(restoredUrl, headers)
    servers.push(restored)

    // The change feed: the live one up to the cursor, change for change, and nothing after it.
    assert.deepEqual(await wholeFeed(restored.api), held)

    // Every plant at its last version up to the cursor, as the live database has that version; the plants
    // made after it are not there.
    const heldVersions = lastVersions(held)
    for (const [id, version] of heldVersions) {
      const plant = await restored.api.send('GET', `/api/plants/${id}`)
      const then = await live.api.send('GET', `/api/plants/${id}/revisions/${version}`)
      assert.equal(plant.status, 200)
      assert.deepEqual(
        withoutAddress(plant.body, restored.api),
        withoutAddress(then.body, live.api),
        `plant ${id} v${version}`,
      )
      const history = await restored.api.send('GET', `/api/plants/${id}/revisions?per_page=100`)
      assert.equal(history.body.revisions[0].version, version)
    }
    for (const id of lastVersions(lacked).keys()) {
      if (heldVersions.has(id)) continue
      assert.equal((await restored.api.send('GET', `/api/plants/${id}`)).status, 404, `plant ${id}`)
    }
    const listed = await restored.api.send('GET', '/api/plants?per_page=1')
    assert.equal(listed.body.pagination.total, heldVersions.size)

    // Links and pictures as the held changes made them; the pictures' bytes are the live ones.
    for (const [id, expected] of linksMadeBy(held)) {
      const links = await restored.api.send('GET', `/api/plants/${id}/links?per_page=100`)
      const found = links.body.links.map((link: any) => `${link.type} ${link.plant_id}`).sort()
      assert.deepEqual(found, [...expected].sort(), `links of plant ${id}`)
    }
    const heldPictures = picturesAddedBy(held)
    assert.ok(heldPictures.length > 0, 'the backup holds a picture')
    for (const picture of heldPictures) {
      const copy = await fetch(`${restored.api.baseUrl}/images/${picture}/original`)
      const original = await fetch(`${live.api.baseUrl}/images/${picture}/original`)
      assert.equal(copy.status, 200, `picture ${picture}`)
      assert.deepEqual(Buffer.from(await copy.arrayBuffer()), Buffer.from(await original.arrayBuffer()))
    }
    for (const picture of picturesAddedBy(lacked)) {
      const copy = await fetch(`${restored.api.baseUrl}/images/${picture}/original`)
      assert.equal(copy.status, 404, `picture ${picture} was added after the backup`)
    }

    // Accounts: every author of a held change is there; of the accounts made one after the other, each
    // followed by its first plant, those whose plant is held are there, and those made after the next one
    // (made after the backup's moment) are not.
    const store = await openTestStore(restoredUrl)
    stores.push(store)
    const accounts = await store.db.selectFrom('accounts').select(['name', 'email']).execute()
    const names = new Set(accounts.map((account) => account.name))
    for (const author of new Set(held.map((change) => change.author))) assert.ok(names.has(author), author)
    const heldNewcomers = held.filter(
      (change) => change.version === 1 && /^Newcomer \d+$/.test(change.author),
    )
    const lastHeld = Math.max(0, ...heldNewcomers.map((change) => Number(change.author.split(' ')[1])))
    assert.ok(
      lastHeld > 0 && load.newcomers() > lastHeld + 1,
      `${load.newcomers()} newcomers, ${lastHeld} held`,
    )
    const restoredNewcomers = accounts.filter((account) => /^newcomer-\d+@/.test(account.email))
    const numbers = restoredNewcomers.map((account) => Number(/\d+/.exec(account.email)![0]))
    for (let n = 1; n <= lastHeld; n++) assert.ok(numbers.includes(n), `newcomer ${n} is there`)
    assert.ok(
      Math.max(...numbers) <= lastHeld + 1,
      `newcomers up to ${lastHeld} (+1) only: ${numbers.join(' ')}`,
    )
  },
)

/** Writers and readers against the live server, until stopped. */
function startLoad(api: Api, headers: Record<string, string>, accountsStore: Store) {
  let stopping = false
  const stop = () => stopping
  const random = seededRandom(42)
  const ledger = new Ledger()
  const sent: Sent[] = []
  const record = (answer: { status: number; body: unknown }) =>
    sent.push({ startedAt: 0, endedAt: 0, status: answer.status, body: answer.body })
  let newcomers = 0
  let pictures = 0

  // Plants created and changed and companion links, by the writer's key.
  const writers = [new Writer('a', random), new Writer('b', random)].map((writer) =>
    writer.run(api, ledger, sent, stop),
  )
  // New accounts, one after the other, each writing its first plant before the next is made.
  const newcomer = (async () => {
    while (!stopping) {
      const n = ++newcomers
      const key = await createKeyPair(accountsStore, `newcomer-${n}@example.org`, '', `Newcomer ${n}`)
      const own = new Api(api.baseUrl, keyHeaders(key))
      record(
        await own.send('POST', '/api/plants', {
          scientific_name: `Novus ${n}`,
          name: `Newcomer plant ${n}`,
          note: 'first plant',
        }),
      )
    }
  })()
  // Pictures of a plant of its own.
  const photographer = (async () => {
    const plant = await api.send('POST', '/api/plants', {
      scientific_name: 'Photographus',
      name: 'Pictured plant',
      note: 'to be pictured',
    })
    record(plant)
    while (!stopping) {
      const uploaded = await uploadPicture(api, headers, plant.body.id, pictures + 1)
      record(uploaded)
      if (uploaded.status === 201) pictures++
      await pause(50)
    }
  })()
  // Readers of lists and searches.
  const readers = ['/api/plants?per_page=20', '/api/search?q=burst'].map(async (path) => {
    while (!stopping) {
      const answer = await api.send('GET', path)
      record({ status: answer.status, body: answer.status === 200 ? null : answer.body })
    }
  })
  const all = Promise.all([...writers, newcomer, photographer, ...readers])
  all.catch(() => (stopping = true))
  return {
    newcomers: () => newcomers,
    /** Until each kind of write has happened a few times. */
    underWay: async () => {
      while (ledger.writes < 20 || newcomers < 3 || pictures < 2) {
        if (stopping) await all
        await pause(50)
      }
    },
    runFor: async (ms: number) => {
      const target = ledger.writes + 5
      await pause(ms)
      while (ledger.writes < target) await pause(50)
    },
    stop: async () => {
      stopping = true
      await all
      return sent
    },
  }
}

async function uploadPicture(api: Api, headers: Record<string, string>, plantId: number, n: number) {
  const colour = { r: (n * 40) % 256, g: 120, b: (n * 90) % 256 }
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('license', 'CC0-1.0')
  form.append('note', `picture ${n}`)
  form.append('file', new Blob([new Uint8Array(jpeg)]), `picture-${n}.jpg`)
  const response = await fetch(`${api.baseUrl}/api/plants/${plantId}/images`, {
    method: 'POST',
    headers,
    body: form,
  })
  return { status: response.status, body: await response.json() }
}

/** The backup restored as the README says, on a new database; its URL. */
async function restore(backup: string): Promise<string> {
  const url = await createTestDatabaseUrl()
  if (TEST_DIALECT === 'sqlite') {
    copyFileSync(backup, url.slice('sqlite:'.length))
    return url
  }
  const restored = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', url, backup], {
    encoding: 'utf8',
  })
  assert.equal(restored.status, 0, restored.stderr)
  return url
}

interface Change {
  cursor: string
  plant_id: number
  version: number
  author: string
  changes: { field: string; from: number | string | null; to: number | string | null }[]
}

async function wholeFeed(api: Api): Promise<Change[]> {
  const changes: Change[] = []
  for (let since: string | null = null; ;) {
    const page = await api.send('GET', `/api/changes?limit=1000${since ? `&since=${since}` : ''}`)
    assert.equal(page.status, 200)
    changes.push(...page.body.changes)
    if (!page.body.has_more) return changes
    since = page.body.next
  }
}

async function lastCursor(api: Api): Promise<string> {
  const changes = await wholeFeed(api)
  return changes.at(-1)?.cursor ?? Buffer.from('0.0').toString('base64url')
}

/** The feed's order: "<commit>.<id>" inside the cursor. */
function compareCursors(a: string, b: string): number {
  const [commitA, idA] = Buffer.from(a, 'base64url').toString().split('.').map(Number)
  const [commitB, idB] = Buffer.from(b, 'base64url').toString().split('.').map(Number)
  return commitA! - commitB! || idA! - idB!
}

function lastVersions(changes: Change[]): Map<number, number> {
  const versions = new Map<number, number>()
  for (const change of changes)
    versions.set(change.plant_id, Math.max(versions.get(change.plant_id) ?? 0, change.version))
  return versions
}

/** plant id → its links as "<type> <other id>", replayed from the changes. */
function linksMadeBy(changes: Change[]): Map<number, Set<string>> {
  const links = new Map<number, Set<string>>()
  for (const change of changes) {
    const own = links.get(change.plant_id) ?? new Set<string>()
    links.set(change.plant_id, own)
    for (const { field, from, to } of change.changes) {
      if (!field.startsWith('links.')) continue
      const type = field.slice('links.'.length)
      if (from !== null) own.delete(`${type} ${String(from)}`)
      if (to !== null) own.add(`${type} ${String(to)}`)
    }
  }
  return links
}

function picturesAddedBy(changes: Change[]): string[] {
  return changes.flatMap((change) =>
    change.changes.filter((entry) => entry.field === 'images.added').map((entry) => String(entry.to)),
  )
}

/** A plant with the server's own address taken out of its picture URLs. */
function withoutAddress(plant: unknown, api: Api): unknown {
  return JSON.parse(JSON.stringify(plant).replaceAll(api.baseUrl, ''))
}

function keyHeaders(key: KeyPair): Record<string, string> {
  return { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
