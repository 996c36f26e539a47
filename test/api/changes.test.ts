// GET /changes: the feed a mirror or a moderation tool follows. Polled with `next`, it must give every
// revision exactly once, each plant's versions in order, even while many writers commit at once.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'
import { updatePlantIn } from '../../src/writes/plant-writes.ts'
import type { FeedChange as Change } from '../../src/revisions/change-feed.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

/** Every revision in the database, as (plant, version) pairs. */
async function everyRevision(): Promise<string[]> {
  const rows = await t.store.db.selectFrom('plant_revisions').select(['plant_id', 'version']).execute()
  return rows.map((row) => `${row.plant_id}/${row.version}`).sort()
}

/** Polls from `since` until the feed has no more. */
async function drain(since: string | null, limit: number): Promise<{ changes: Change[]; next: string }> {
  const changes: Change[] = []
  let cursor = since
  for (let polls = 0; polls < 10_000; polls++) {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { since: cursor } : {}) })
    const response = await t.request('GET', `/api/changes?${query}`)
    assert.equal(response.status, 200, response.text)
    changes.push(...(response.body.changes as Change[]))
    cursor = response.body.next as string
    if (!response.body.has_more) return { changes, next: cursor }
  }
  throw new Error('the feed never ended')
}

/** No gap, no repeat, and each plant's versions in order. */
function assertComplete(changes: Change[], revisions: string[]): void {
  const seen = changes.map((change) => `${change.plant_id}/${change.version}`)
  assert.equal(new Set(seen).size, seen.length, 'a revision came twice')
  assert.deepEqual([...seen].sort(), revisions, 'the feed and the revisions differ')
  const last = new Map<number, number>()
  for (const { plant_id, version } of changes) {
    assert.equal(version, (last.get(plant_id) ?? 0) + 1, `plant ${plant_id}: version ${version} out of order`)
    last.set(plant_id, version)
  }
}

describe('GET /changes', () => {
  it('lists every revision from the beginning, oldest first, with author, note, time and changes', async () => {
    const plant = await createPlant(t, { data: [{ key: 'Height', value: '1' }] })
    const other = await createPlant(t)
    await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 1,
      note: 'taller',
      data: [{ key: 'Height', value: '2' }],
    })
    await link(t, plant.id, other.id)
    const { changes, next } = await drain(null, 2)
    assertComplete(changes, await everyRevision())
    const edit = changes.find((change) => change.plant_id === plant.id && change.version === 2)!
    assert.equal(edit.note, 'taller')
    const history = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    const revision = history.body.revisions.find((r: { version: number }) => r.version === 2)
    assert.equal(edit.author, revision.author)
    assert.equal(edit.time, revision.created_at)
    assert.ok(!Number.isNaN(Date.parse(edit.time)))
    assert.deepEqual(edit.changes, [{ field: 'data.Height', from: '1', to: '2' }])
    // Nothing new: the same next again, and nothing listed.
    const again = await t.request('GET', `/api/changes?since=${next}`)
    assert.deepEqual(again.body, { changes: [], next, has_more: false })
    // A change's own cursor resumes after it.
    const resumed = await t.request('GET', `/api/changes?since=${changes[0]!.cursor}&limit=1`)
    assert.deepEqual(resumed.body.changes, [changes[1]])
    assert.equal(resumed.body.has_more, true)
  })

  it('takes up to 1,000 changes a page, 100 by default', async () => {
    for (let i = 0; i < 3; i++) await createPlant(t)
    const all = (await everyRevision()).length
    assert.equal((await t.request('GET', '/api/changes')).body.changes.length, Math.min(all, 100))
    const most = await t.request('GET', '/api/changes?limit=5000')
    assert.equal(most.status, 200)
    assert.equal(most.body.changes.length, Math.min(all, 1000))
    const aliased = await t.request('GET', '/api/changes?limit=1&per_page=50')
    assert.equal(aliased.body.changes.length, 1)
  })

  it('answers 400 for a cursor it did not give and for a bad limit', async () => {
    for (const since of ['abc', 'MTIz', '', Buffer.from('1.2 ').toString('base64url'), 'x'.repeat(65)])
      assertError(await t.request('GET', `/api/changes?since=${since}`), 400, 'bad request', ['since'])
    for (const limit of ['0', '-1', 'ten'])
      assertError(await t.request('GET', `/api/changes?limit=${limit}`), 400, 'bad request', ['limit'])
    // The feed's own limit is its parameter, not an alias: named, and suggested.
    const strict = await t.request('GET', '/api/changes?limt=5', undefined, { prefer: 'handling=strict' })
    assertError(strict, 400, 'bad request', ['It takes since, limit', '"limt" → "limit"'])
  })

  it('lists a revision that was written first but committed last, after the poller has passed later ones', async () => {
    const [early, late] = [await createPlant(t), await createPlant(t)]
    const { next: start } = await drain(null, 1000)
    const author = { id: null, name: 'a slow writer' }
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let written!: () => void
    const wrote = new Promise<void>((resolve) => (written = resolve))
    // The first transaction writes its revision, then stays open.
    const slow = t.store.transaction(async (tx) => {
      await updatePlantIn(t.store, tx, early.id, { version: 1, note: 'slow', description: 'slow' }, author)
      written()
      await held
    })
    await wrote
    // The second writes after it. On PostgreSQL it commits first, and the poller reads it and moves past
    // it; on SQLite (one writer at a time) it waits for the first to commit, and so does every request of
    // this process that writes (a key's last use), so the poller waits too.
    const quick = t.request('PUT', `/api/plants/${late.id}`, { version: 1, note: 'quick', name: 'Quick' })
    const notes = (changes: Change[]) => changes.map((change) => change.note)
    let polled: string[] = []
    let since = start
    if (t.store.dialect === 'postgres') {
      assert.equal((await quick).status, 200)
      const first = await drain(since, 100)
      assert.deepEqual(notes(first.changes), ['quick'])
      polled = notes(first.changes)
      since = first.next
    }
    release()
    await slow
    assert.equal((await quick).status, 200)
    polled.push(...notes((await drain(since, 100)).changes))
    assert.deepEqual(polled, t.store.dialect === 'postgres' ? ['quick', 'slow'] : ['slow', 'quick'])
  })

  it('gives every revision exactly once, in each plant\u2019s order, while 20 writers commit at once', async () => {
    const { next: start } = await drain(null, 1000)
    const plants = [] as number[]
    for (let i = 0; i < 8; i++) plants.push((await createPlant(t)).id as number)
    let writing = true
    const polled: Change[] = []
    const poller = (async () => {
      let since = start
      // Polls all the while the writers write, then once more after they are done.
      for (let polls = 0; polls < 100_000; polls++) {
        const done = !writing
        const response = await t.request('GET', `/api/changes?since=${since}&limit=7`)
        assert.equal(response.status, 200, response.text)
        polled.push(...(response.body.changes as Change[]))
        since = response.body.next as string
        if (done && !response.body.has_more) return
      }
    })()
    const writer = async (w: number) => {
      for (let i = 0; i < 12; i++) {
        const [a, b] = [plants[(w + i) % plants.length]!, plants[(w * 3 + i + 1) % plants.length]!]
        if (i % 4 === 3 && a !== b) {
          // A link is a revision of both plants in one transaction.
          const made = await t.request('POST', `/api/plants/${a}/links`, {
            plant_id: b,
            type: 'companion-to',
            note: `writer ${w}`,
          })
          assert.ok([201, 422].includes(made.status), made.text)
          continue
        }
        for (let attempt = 0; attempt < 50; attempt++) {
          const current = await t.request('GET', `/api/plants/${a}`)
          const saved = await t.request('PUT', `/api/plants/${a}`, {
            version: current.body.version,
            note: `writer ${w} edit ${i}`,
            data: [{ key: `Writer ${w}`, value: String(i) }],
          })
          if (saved.status === 200) break
          assert.equal(saved.status, 422, saved.text)
        }
      }
    }
    await Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)))
    writing = false
    await poller
    // The plants were made after `start`: every one of their revisions, and nothing else, is new.
    const written = (await everyRevision()).filter((pair) => plants.includes(Number(pair.split('/')[0])))
    assertComplete(polled, written)
    assert.ok(polled.length > 200, `only ${polled.length} changes polled`)
  })
})
