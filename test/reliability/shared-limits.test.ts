// The limits hold across processes: two real Hortus processes on one PostgreSQL database, a client's
// requests alternating between them, are refused at about the limit in total, not at twice it (each
// process adds its counts to the database every 250 ms and reads back the others'). SQLite is served by
// one process, so on SQLite this file registers nothing.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createKeyPair, type KeyPair } from '../../src/accounts/api-keys.ts'
import type { Store } from '../../src/db/store.ts'
import { SYNC_INTERVAL_MS } from '../../src/http/shared-limit-store.ts'
import { startAnsweringServer, type Started } from '../helpers/processes.ts'
import { recordFigure } from '../helpers/reliability.ts'
import { createTestDatabaseUrl, openTestStore, TEST_DIALECT } from '../helpers/test-database.ts'

const LIMIT = 40
const AUTH_FAILURE_LIMIT = 30
/** Between one request and the next (the client alternates between the processes). */
const PACE_MS = 50
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The others' counts are at most two sync intervals (half a second) old: what a client sends in that
 * time may pass beyond the limit. Twice that is allowed, for a busy machine; per-process counting would
 * still fail the bound (each process would let the whole limit through). */
const LAG_ALLOWANCE = Math.ceil((4 * SYNC_INTERVAL_MS) / PACE_MS) + 1

if (TEST_DIALECT === 'postgres')
  describe('limits across two processes on one PostgreSQL database', () => {
    let store: Store
    const servers: { port: number; started: Started }[] = []

    before(async () => {
      const url = await createTestDatabaseUrl()
      store = await openTestStore(url)
      for (let i = 0; i < 2; i++) {
        servers.push(
          await startAnsweringServer({
            DATABASE_URL: url,
            HORTUS_RATE_LIMIT_PER_MINUTE: String(LIMIT),
            HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE: String(AUTH_FAILURE_LIMIT),
          }),
        )
      }
    })
    after(async () => {
      for (const { started } of servers) started.child.kill('SIGKILL')
      await store?.close()
    })

    const newKey = () => createKeyPair(store, `shared-${Math.random().toString(36).slice(2)}@example.org`)
    const get = (port: number, key: KeyPair) =>
      fetch(`http://127.0.0.1:${port}/api/plants?per_page=1`, {
        headers: { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret },
      })
    /** Sends `count` requests with `key`, alternating between the processes, PACE_MS apart. */
    const alternate = async (key: KeyPair, count: number) => {
      const answers: Response[] = []
      for (let i = 0; i < count; i++) {
        const response = await get(servers[i % 2]!.port, key)
        await response.arrayBuffer()
        answers.push(response)
        await sleep(PACE_MS)
      }
      return answers
    }

    it('refuses a key at about its limit in total, not at twice it, and leaves other keys alone', async () => {
      const key = await newKey()
      const answers = await alternate(key, 2 * LIMIT)
      const accepted = answers.filter((r) => r.status === 200).length
      const firstRefused = answers.findIndex((r) => r.status === 429) + 1
      recordFigure({
        suite: 'limits',
        measure: `requests accepted across 2 processes, limit ${LIMIT}/min, ${2 * LIMIT} sent alternating`,
        value: accepted,
        target: `${LIMIT} to ${LIMIT + LAG_ALLOWANCE} (a second of requests)`,
      })
      recordFigure({
        suite: 'limits',
        measure: `first 429 across 2 processes, limit ${LIMIT}`,
        value: firstRefused,
      })
      assert.ok(accepted >= LIMIT, `only ${accepted} accepted: a key gets its whole limit`)
      assert.ok(accepted <= LIMIT + LAG_ALLOWANCE, `${accepted} accepted: the processes did not share counts`)
      assert.ok(
        answers.slice(-10).every((r) => r.status === 429),
        'both processes refuse once they have heard of the other',
      )
      for (const [i, response] of answers.entries()) {
        assert.equal(response.headers.get('ratelimit-limit'), String(LIMIT), `answer ${i + 1}`)
        if (response.status === 200) continue
        assert.equal(response.headers.get('ratelimit-remaining'), '0')
        const retryAfter = Number(response.headers.get('retry-after'))
        assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`)
      }

      // Both processes count the key in the same window, which began with its first request.
      const [last, beforeLast] = [answers.at(-1)!, answers.at(-2)!]
      const retryAfters = [last, beforeLast].map((r) => Number(r.headers.get('retry-after')))
      assert.ok(Math.abs(retryAfters[0]! - retryAfters[1]!) <= 1, `Retry-After ${retryAfters.join(' and ')}`)
      assert.ok(
        retryAfters[0]! > 45,
        `Retry-After ${retryAfters[0]}: the window began with the first request`,
      )

      const other = await newKey()
      for (const { port } of servers) {
        const response = await get(port, other)
        assert.equal(response.status, 200, 'another key is unaffected')
        assert.equal(response.headers.get('ratelimit-limit'), String(LIMIT))
      }
    })

    it("counts another process's requests in RateLimit-Remaining once it has synced", async () => {
      const key = await newKey()
      const [first, second] = servers
      for (let i = 0; i < 10; i++) assert.equal((await get(first!.port, key)).status, 200)
      await sleep(2 * SYNC_INTERVAL_MS)
      // The second process learns a key's total when it syncs its own first request for the key.
      await get(second!.port, key)
      await sleep(2 * SYNC_INTERVAL_MS)
      const response = await get(second!.port, key)
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('ratelimit-remaining'), String(LIMIT - 12))
    })

    it('counts failed authentications from an address across processes', async () => {
      const wrong = { key_id: 'hk_nobody', key_secret: 'guess' }
      const answers = await alternate(wrong, 2 * AUTH_FAILURE_LIMIT + 10)
      const failures = answers.filter((r) => r.status === 401).length
      recordFigure({
        suite: 'limits',
        measure: `failed authentications answered across 2 processes, limit ${AUTH_FAILURE_LIMIT}/min`,
        value: failures,
        target: `${AUTH_FAILURE_LIMIT} to ${AUTH_FAILURE_LIMIT + LAG_ALLOWANCE}`,
      })
      assert.ok(failures >= AUTH_FAILURE_LIMIT, `only ${failures} failures answered 401`)
      assert.ok(failures <= AUTH_FAILURE_LIMIT + LAG_ALLOWANCE, `${failures} failures answered`)
      assert.ok(answers.slice(-5).every((r) => r.status === 429))
    })
  })
