// A real streaming replica (PostgreSQL only): a private cluster, a replica of it made with
// `pg_basebackup -R`, and the server started with DATABASE_READ_URL pointing at the replica.
// - Reads are served by the replica: with its replay paused, a write's own answer carries the new
//   version while a read still shows the old one (and a plant just created is not found yet).
// - Stopping the replica under load: reads fall back to the primary (only requests in flight at the stop
//   may get a 503, never a 500), nothing acknowledged is lost, and reads go back to the replica once it
//   is started again.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import {
  ANSWER_BOUND_MS,
  expectedAnswer,
  FaultLoad,
  sleep,
  startHortus,
  type Answer,
  type HortusServer,
} from '../helpers/fault-load.ts'
import {
  pgCtl,
  startPrivateCluster,
  startReplica,
  stopPrivateCluster,
  testDatabaseOn,
  type Cluster,
  type Replica,
} from '../helpers/private-cluster.ts'
import { recordFigure } from '../helpers/reliability.ts'
import { TEST_DIALECT } from '../helpers/test-database.ts'

const SUITE = 'read replica'

interface PlantBody {
  id: number
  version: number
  description: string
  updated_at: string
}

/** Runs SQL on the replica as the superuser (pausing and resuming its replay). */
async function onReplica(replica: Replica, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: replica.url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}

async function pauseReplay(replica: Replica): Promise<void> {
  await onReplica(replica, 'SELECT pg_wal_replay_pause()')
  for (let i = 0; i < 200; i++) {
    const { rows } = await onReplica(replica, 'SELECT pg_get_wal_replay_pause_state() AS state')
    if ((rows[0] as { state: string }).state === 'paused') return
    await sleep(25)
  }
  throw new Error('the replica did not pause its replay')
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function caughtUp(cluster: Cluster, replica: Replica): Promise<void> {
  const primary = new pg.Client({ connectionString: cluster.url, connectionTimeoutMillis: 5_000 })
  await primary.connect()
  const { rows } = await primary.query('SELECT pg_current_wal_lsn() AS lsn').finally(() => primary.end())
  const target = (rows[0] as { lsn: string }).lsn
  const done = await within(10_000, async () => {
    const { rows: replayed } = await onReplica(
      replica,
      `SELECT pg_last_wal_replay_lsn() >= '${target}'::pg_lsn AS done`,
    )
    return (replayed[0] as { done: boolean }).done
  })
  if (done === null) throw new Error(`the replica did not replay up to ${target} within 10 s`)
}

/** Polls `check` every 25 ms; the milliseconds it took to become true, or null after `capMs`. */
async function within(capMs: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = performance.now()
  while (performance.now() - started < capMs) {
    if (await check()) return performance.now() - started
    await sleep(25)
  }
  return null
}

if (TEST_DIALECT === 'postgres')
  describe('a streaming replica behind DATABASE_READ_URL (PostgreSQL)', { timeout: 180_000 }, () => {
    let cluster: Cluster
    let replica: Replica
    let server: HortusServer
    before(async () => {
      cluster = await startPrivateCluster()
      const url = await testDatabaseOn(cluster)
      replica = await startReplica(cluster)
      const readUrl = new URL(url)
      readUrl.port = new URL(replica.url).port
      server = await startHortus(url, { DATABASE_READ_URL: readUrl.toString() })
    })
    after(async () => {
      await server?.stop()
      if (cluster) await stopPrivateCluster(cluster)
    })

    it("serves reads from the replica, and a write's own answer from the primary", async () => {
      const client = new FaultLoad(server, 'replica')
      const get = async (id: number) => {
        const { answer, body } = await client.request('read', 'GET', `/api/plants/${id}`)
        return { status: answer.status, plant: body as unknown as PlantBody }
      }
      const { body: created } = await client.request('create', 'POST', '/api/plants', client.newPlant())
      const plant = created as unknown as PlantBody
      const replicated = await within(5_000, async () => (await get(plant.id)).status === 200)
      assert.ok(replicated !== null, 'the replica shows a new plant within 5 s')

      await pauseReplay(replica)
      let resumed = false
      try {
        const change = { version: 1, note: 'replica test', description: 'saved on the primary' }
        const { answer: put, body: saved } = await client.request(
          'update',
          'PUT',
          `/api/plants/${plant.id}`,
          change,
        )
        assert.equal(put.status, 200)
        // The write's own answer is the saved plant, from the primary...
        assert.equal(saved.version, 2)
        assert.equal(saved.description, 'saved on the primary')
        // ...while reads, from the paused replica, still show the version before it.
        const read = await get(plant.id)
        assert.equal(read.status, 200)
        assert.equal(
          read.plant.version,
          1,
          'a read comes from the replica, which has not replayed the update',
        )
        const { body: fresh } = await client.request('create', 'POST', '/api/plants', client.newPlant())
        assert.equal(
          (await get(fresh.id as number)).status,
          404,
          'a plant just created is not on the replica yet',
        )
        // What a sync client sees: the update is on the primary, not yet in updated_since reads.
        const since = encodeURIComponent(saved.updated_at as string)
        const { body: page } = await client.request('read', 'GET', `/api/plants?updated_since=${since}`)
        const ids = (page.data as PlantBody[] | undefined)?.map((p) => p.id) ?? []
        assert.ok(!ids.includes(plant.id), 'updated_since on the replica does not list the update yet')

        await onReplica(replica, 'SELECT pg_wal_replay_resume()')
        resumed = true
        const caughtUp = await within(5_000, async () => (await get(plant.id)).plant.version === 2)
        assert.ok(caughtUp !== null, 'the replica shows the update once its replay resumes')
        recordFigure({
          suite: SUITE,
          measure: 'reads served by the replica (old version while replay paused)',
          value: 'yes',
          target: 'yes',
        })
        recordFigure({
          suite: SUITE,
          measure: "a write's own answer current while replay paused",
          value: 'yes',
          target: 'yes',
        })
        recordFigure({
          suite: SUITE,
          measure: 'replica showed the update after replay resumed (ms)',
          value: Math.round(caughtUp),
        })
        console.log(
          `replica: a new plant replicated in ${Math.round(replicated)} ms; the update ${Math.round(caughtUp)} ms after replay resumed`,
        )
      } finally {
        if (!resumed) await onReplica(replica, 'SELECT pg_wal_replay_resume()')
      }
    })

    it('falls back to the primary while the replica is stopped, never a 500, and returns to it', async () => {
      const load = new FaultLoad(server, 'replica-stop')
      await load.seed(6)
      load.start({ readers: 3, writers: 2 })
      let stopped = 0
      let fallbackReads: number
      let backOnReplica: number | null = null
      // The probe's 404: the replica, paused, does not have the plant yet.
      let replicaAnswer: Answer | undefined
      try {
        await sleep(300)
        stopped = performance.now()
        await pgCtl(cluster, 'stop', replica.datadir)
        await sleep(1_500)
        // A plant created after the stop exists only on the primary: a read finds it there.
        const { body: created } = await load.request('create', 'POST', '/api/plants', load.newPlant())
        const { answer: read } = await load.request('read', 'GET', `/api/plants/${created.id as number}`)
        assert.equal(read.status, 200, 'a read while the replica is stopped is answered by the primary')
        fallbackReads = load.answers.filter(
          (a) => a.what === 'read' && a.sent > stopped && a.status === 200,
        ).length

        await pgCtl(cluster, 'start', replica.datadir)
        // Back on the replica: with its replay paused, a plant created now is found by reads only while
        // they fall back to the primary.
        await pauseReplay(replica)
        const { body: probe } = await load.request('create', 'POST', '/api/plants', load.newPlant())
        backOnReplica = await within(15_000, async () => {
          const { answer } = await load.request('read', 'GET', `/api/plants/${probe.id as number}`)
          if (answer.status === 404) replicaAnswer = answer
          return answer.status === 404
        })
        await onReplica(replica, 'SELECT pg_wal_replay_resume()')
      } finally {
        await load.stop()
      }
      // The acknowledged writes are read back through the replica: first let it replay everything.
      await caughtUp(cluster, replica)
      const lost = await load.lostAcknowledged()
      const unavailable = load.answers.filter((a) => a.status === 503)
      const unexpected = load.answers.filter((a) => a !== replicaAnswer && !expectedAnswer(a))
      const slowest = Math.max(...load.answers.map((a) => a.arrived - a.sent))
      const figure = (measure: string, value: number | string, target?: string) =>
        recordFigure({ suite: SUITE, measure: `replica stopped: ${measure}`, value, target })
      figure('500s and other unexpected answers', unexpected.length, '0')
      figure('503s (requests in flight at the stop)', unavailable.length)
      figure('reads answered by the primary while it was down', fallbackReads)
      figure('slowest answer (ms)', Math.round(slowest), `< ${ANSWER_BOUND_MS}`)
      figure(
        'reads back on the replica after it started (ms)',
        backOnReplica === null ? 'never' : Math.round(backOnReplica),
        '≤ 15000',
      )
      figure('acknowledged writes lost', `${lost.length} of ${load.acknowledged.size}`, '0')
      console.log(
        `replica stopped: ${load.answers.length} answers, ${unavailable.length} × 503, ${unexpected.length} unexpected, ` +
          `${fallbackReads} reads answered by the primary; slowest ${Math.round(slowest)} ms; reads back on the ` +
          `replica ${backOnReplica === null ? 'never' : `${Math.round(backOnReplica)} ms`} after it started; ` +
          `${lost.length} of ${load.acknowledged.size} acknowledged plants lost`,
      )

      const { child, output } = server.started
      assert.deepEqual(
        unexpected.slice(0, 5).map((a) => `${a.method} ${a.path} → ${a.status} ${a.error ?? ''}`),
        [],
        `only 2xx and 503 with Retry-After; the server: ${child.exitCode ?? child.signalCode ?? 'running'}\n${output.stdout.slice(-2000)}${output.stderr.slice(-2000)}`,
      )
      assert.ok(slowest < ANSWER_BOUND_MS, `an answer took ${Math.round(slowest)} ms`)
      assert.ok(backOnReplica !== null, 'reads go back to the replica once it is started again')
      // The operator is told both ways.
      assert.match(output.stderr, /The read replica cannot be reached \(.+\): reads go to the primary/)
      assert.match(output.stderr, /The read replica answers again: reads go to it\./)
      assert.deepEqual(lost, [], 'every acknowledged write is there')
    })
  })
