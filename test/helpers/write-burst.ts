// A concurrent write burst against a real Hortus process, and the ledger of everything it acknowledged:
// the crash and shutdown suites kill or stop the process in the middle of it, restart it on the same
// database and check that nothing the ledger holds was lost.
import { sql } from 'kysely'
import { startAnsweringServer, waitFor, type Started } from './processes.ts'
import { createTestKey, openTestStore, TEST_DIALECT } from './test-database.ts'

/** A small seeded generator (mulberry32): the same seed gives the same kill moments and choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** HORTUS_RELIABILITY_SEED replays a run; otherwise a new seed, which the suite prints. */
export function reliabilitySeed(): number {
  const given = Number(process.env.HORTUS_RELIABILITY_SEED)
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1
}

/** Key headers for a new key on the database (created directly, as `hortus keys create` does). */
export async function createKeyHeaders(databaseUrl: string): Promise<Record<string, string>> {
  const key = await createTestKey(databaseUrl, 'burst@example.org', 'burst')
  return { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
}

export interface Answer {
  status: number
  headers: Headers
  body: any
}

/** An API client of one running process; a request that gets no answer throws. */
export class Api {
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string>,
  ) {}

  async send(method: string, path: string, body?: unknown, timeoutMs = 15_000): Promise<Answer> {
    const headers: Record<string, string> = { ...this.headers }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
    return { status: response.status, headers: response.headers, body: parsed }
  }
}

export interface HortusProcess {
  started: Started
  api: Api
}

/** `node src/server.ts` on the database, answering on a free port. */
export async function startHortus(
  databaseUrl: string,
  keyHeaders: Record<string, string>,
  env: Record<string, string> = {},
): Promise<HortusProcess> {
  const { port, started } = await startAnsweringServer({
    DATABASE_URL: databaseUrl,
    HORTUS_KEY_BRAND: 'service',
    ...env,
  })
  return { started, api: new Api(`http://127.0.0.1:${port}`, keyHeaders) }
}

/** What the burst's clients were told: a 2xx answer is a promise that the write is kept. */
export class Ledger {
  /** plant id → the highest version a 2xx answer showed for it */
  readonly versions = new Map<number, number>()
  /** acknowledged links, as "lower id-higher id" */
  readonly links = new Set<string>()
  creates = 0
  updates = 0
  linksMade = 0

  get writes(): number {
    return this.creates + this.updates + this.linksMade
  }

  acknowledge(plant: { id: number; version: number }): void {
    if ((this.versions.get(plant.id) ?? 0) < plant.version) this.versions.set(plant.id, plant.version)
  }
}

const pairKey = (a: number, b: number): string => `${Math.min(a, b)}-${Math.max(a, b)}`

/** One request of the burst, as its client saw it. */
export interface Sent {
  startedAt: number
  endedAt: number
  /** the HTTP status, or 0 when no answer came (the connection was refused, reset or cut) */
  status: number
  headers?: Headers
  body: unknown
}

/** A client of the burst. It works on its own plants only, one request at a time, so it knows their
 * versions (a write that committed without an answer before a crash is found by the next mismatch). */
export class Writer {
  private readonly plants: { id: number; version: number }[] = []
  private readonly linked = new Set<string>()
  private made = 0

  constructor(
    private readonly name: string,
    private readonly random: () => number,
  ) {}

  /** Writes until `stop()` is true or the server stops answering. */
  async run(api: Api, ledger: Ledger, sent: Sent[], stop: () => boolean): Promise<void> {
    while (!stop()) {
      const startedAt = Date.now()
      try {
        const answer = await this.step(api, ledger)
        sent.push({ startedAt, endedAt: Date.now(), ...answer })
      } catch (error) {
        sent.push({
          startedAt,
          endedAt: Date.now(),
          status: 0,
          body: `${String(error)} ${String((error as Error).cause)}`,
        })
        return
      }
    }
  }

  private async step(api: Api, ledger: Ledger): Promise<Answer> {
    const choice = this.random()
    if (this.plants.length < 2 || choice < 0.35) return this.create(api, ledger)
    if (choice < 0.8) return this.update(api, ledger)
    return this.link(api, ledger)
  }

  private pick() {
    return this.plants[Math.floor(this.random() * this.plants.length)]!
  }

  private async create(api: Api, ledger: Ledger): Promise<Answer> {
    const n = ++this.made
    const answer = await api.send('POST', '/api/plants', {
      scientific_name: `Burstus ${this.name} ${n}`,
      name: `Burst plant ${this.name} ${n}`,
      note: 'write burst',
      // Attributes shared by every client: their registry counters are rows all writers update.
      data: [
        { key: 'Colour', value: ['red', 'white', 'blue'][n % 3]! },
        { key: 'Height', value: `${n % 7} m` },
      ],
    })
    if (answer.status === 201) {
      ledger.creates++
      ledger.acknowledge(answer.body)
      this.plants.push({ id: answer.body.id, version: answer.body.version })
    }
    return answer
  }

  private async update(api: Api, ledger: Ledger): Promise<Answer> {
    const plant = this.pick()
    const answer = await api.send('PUT', `/api/plants/${plant.id}`, {
      version: plant.version,
      note: 'write burst',
      description: `changed by ${this.name}, write ${++this.made}`,
    })
    if (answer.status === 200) {
      ledger.updates++
      ledger.acknowledge(answer.body)
      plant.version = answer.body.version
    } else if (answer.status === 422 && answer.body?.error === 'version mismatch') {
      // A write of ours committed without an answer (before a crash): learn the version again.
      const current = await api.send('GET', `/api/plants/${plant.id}`)
      if (current.status === 200) plant.version = current.body.version
    }
    return answer
  }

  private async link(api: Api, ledger: Ledger): Promise<Answer> {
    let [a, b] = [this.pick(), this.pick()]
    for (let tries = 0; (a === b || this.linked.has(pairKey(a.id, b.id))) && tries < 5; tries++) {
      ;[a, b] = [this.pick(), this.pick()]
    }
    if (a === b || this.linked.has(pairKey(a.id, b.id))) return this.create(api, ledger)
    const answer = await api.send('POST', `/api/plants/${a.id}/links`, {
      plant_id: b.id,
      type: this.random() < 0.5 ? 'companion-to' : 'antagonist-to',
      note: 'write burst',
    })
    if (answer.status === 201) {
      ledger.linksMade++
      ledger.links.add(pairKey(a.id, b.id))
      // A link is a save of both plants.
      a.version++
      b.version++
    }
    // 201, or a link that committed without an answer before a crash ("linked already"): taken either way.
    if (answer.status === 201 || answer.status === 422) this.linked.add(pairKey(a.id, b.id))
    return answer
  }
}

/** Runs the writers side by side until each stops; every request goes into `sent`. */
export async function writeBurst(
  api: Api,
  writers: Writer[],
  ledger: Ledger,
  stop: () => boolean = () => false,
): Promise<Sent[]> {
  const sent: Sent[] = []
  await Promise.all(writers.map((writer) => writer.run(api, ledger, sent, stop)))
  return sent
}

/** Waits until the burst has `writes` more acknowledged writes than when called, so a kill or a signal
 * that follows lands in a running burst however slow the machine is. */
export async function underWay(server: HortusProcess, ledger: Ledger, writes = 10): Promise<void> {
  const target = ledger.writes + writes
  await waitFor('the write burst is under way', () => ledger.writes >= target, {
    started: server.started,
    timeoutMs: 60_000,
  })
}

/** Every plant as the API lists it: id → version. */
async function listedVersions(api: Api): Promise<Map<number, number>> {
  const versions = new Map<number, number>()
  for (let lastId = 0; ;) {
    const page = await api.send('GET', `/api/plants?per_page=100&last_id=${lastId}`)
    if (page.status !== 200) throw new Error(`GET /api/plants: ${page.status} ${JSON.stringify(page.body)}`)
    for (const plant of page.body.plants) versions.set(plant.id, plant.version)
    if (!page.body.pagination.has_more) return versions
    lastId = page.body.pagination.last_id
  }
}

/** The ids of the plants linked to `id`, as the API lists them. */
async function linkedTo(api: Api, id: number): Promise<Set<number>> {
  const ids = new Set<number>()
  for (let page = 1; ; page++) {
    const answer = await api.send('GET', `/api/plants/${id}/links?per_page=100&page=${page}`)
    if (answer.status !== 200) throw new Error(`GET links of ${id}: ${answer.status}`)
    for (const link of answer.body.links) ids.add(link.plant_id)
    if (page >= answer.body.pagination.total_pages) return ids
  }
}

export interface LedgerCheck {
  /** acknowledged creates the API does not list */
  lost: number[]
  /** plants the API shows at a version below one a 2xx answer showed */
  behind: string[]
  /** acknowledged links the API does not list */
  missingLinks: string[]
  /** plants whose revisions are not exactly 1..version (version as the API shows it) */
  revisionMismatches: string[]
  /** SQLite's PRAGMA integrity_check: "ok", or what it found; null on PostgreSQL */
  integrity: string | null
}

/** What the API of the restarted process shows against the ledger, the revisions in the database against
 * the versions the API shows, and SQLite's own integrity check. `links` are the ones to look up (each
 * round checks its own: an earlier round's were checked then). */
export async function checkLedger(
  api: Api,
  databaseUrl: string,
  ledger: Ledger,
  links: Iterable<string>,
): Promise<LedgerCheck> {
  const listed = await listedVersions(api)
  const lost: number[] = []
  const behind: string[] = []
  for (const [id, version] of ledger.versions) {
    const shown = listed.get(id)
    if (shown === undefined) lost.push(id)
    else if (shown < version) behind.push(`plant ${id} at ${shown}, acknowledged ${version}`)
  }

  const missingLinks: string[] = []
  const byLower = new Map<number, number[]>()
  for (const pair of links) {
    const [low, high] = pair.split('-').map(Number) as [number, number]
    byLower.set(low, [...(byLower.get(low) ?? []), high])
  }
  for (const [low, highs] of byLower) {
    const linked = await linkedTo(api, low)
    for (const high of highs) if (!linked.has(high)) missingLinks.push(pairKey(low, high))
  }

  const store = await openTestStore(databaseUrl)
  try {
    const rows = await store.db
      .selectFrom('plant_revisions')
      .select((eb) => [
        'plant_id',
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.min<number>('version').as('first'),
        eb.fn.max<number>('version').as('last'),
      ])
      .groupBy('plant_id')
      .execute()
    const revisions = new Map(rows.map((row) => [Number(row.plant_id), row]))
    const revisionMismatches: string[] = []
    for (const [id, version] of listed) {
      const row = revisions.get(id)
      const [count, first, last] = row ? [Number(row.count), Number(row.first), Number(row.last)] : [0, 0, 0]
      // (plant_id, version) is unique: version revisions from 1 to version are exactly 1..version.
      if (count !== version || first !== 1 || last !== version) {
        revisionMismatches.push(`plant ${id} at version ${version}: ${count} revisions, ${first}..${last}`)
      }
    }
    let integrity: string | null = null
    if (TEST_DIALECT === 'sqlite') {
      const result = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(store.db)
      integrity = result.rows.map((row) => row.integrity_check).join('; ')
    }
    return { lost, behind, missingLinks, revisionMismatches, integrity }
  } finally {
    await store.close()
  }
}
