// The counter behind the limits shared across processes (src/http/shared-limit-store.ts), against a real
// database, with a sync after every hit and hits arriving while a sync is under way: within one process
// the count must be exact, and a process that syncs after another knows all of its hits. (A PostgreSQL
// run once let a fourth sign-up attempt through a limit of three; this is where a lost hit would show.)
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { SharedLimitCounter } from '../../src/http/shared-limit-store.ts'
import { freshStores } from '../helpers/fresh-stores.ts'

const freshStore = freshStores()
const MINUTE = 60_000
const failLoudly = {
  failed: (error: unknown) => {
    throw error
  },
  recovered: () => {},
}

describe('the shared limit counter', () => {
  it('counts every hit of one process, with a sync after each and hits during the syncs', async () => {
    const counter = new SharedLimitCounter((await freshStore()).db, failLoudly)
    let hits = 0
    for (let round = 0; round < 60; round++) {
      assert.equal(counter.hit('site-auth:address:127.0.0.1', MINUTE).current, ++hits, `hit ${hits}`)
      const syncing = counter.sync()
      if (round % 3 === 0) {
        assert.equal(counter.hit('site-auth:address:127.0.0.1', MINUTE).current, ++hits, `hit ${hits}`)
      }
      await syncing
    }
  })

  it("knows another process's hits once it has synced after that process", async () => {
    const store = await freshStore()
    const first = new SharedLimitCounter(store.db, failLoudly)
    const second = new SharedLimitCounter(store.db, failLoudly)
    let hits = 0
    for (let round = 0; round < 20; round++) {
      first.hit('requests:key:k', MINUTE)
      second.hit('requests:key:k', MINUTE)
      hits += 2
      await first.sync()
      await second.sync()
      assert.equal(second.hit('requests:key:k', MINUTE).current, ++hits, `round ${round}`)
    }
  })

  it('starts a new window, in the table too, once the last one has ended', async () => {
    const counter = new SharedLimitCounter((await freshStore()).db, failLoudly)
    const windowMs = 400
    for (let hit = 1; hit <= 3; hit++) {
      assert.equal(counter.hit('writes:key:k', windowMs).current, hit)
      await counter.sync()
    }
    await sleep(windowMs + 50)
    const first = counter.hit('writes:key:k', windowMs)
    assert.equal(first.current, 1)
    assert.ok(first.ttl > windowMs - 50, `a whole new window (${first.ttl} ms left)`)
    await counter.sync()
    assert.equal(counter.hit('writes:key:k', windowMs).current, 2, 'the ended window left no hits')
  })
})
