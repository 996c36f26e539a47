// Load for the storage-fault suites: the real server as a child process, and a few readers and writers
// over real HTTP that keep going while a test breaks the database under them. Every answer is kept (its
// status, error, Retry-After and time) and every write acknowledged with 2xx is remembered, so a test can
// tell what the clients saw and check afterwards that nothing acknowledged was lost.
import type { KeyPair } from '../../src/accounts/api-keys.ts'
import { startAnsweringServer, type Started } from './processes.ts'
import { createTestKey } from './test-database.ts'

/** No answer may take longer: a request still unanswered then counts as a hang. */
export const ANSWER_BOUND_MS = 5_000

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface HortusServer {
  baseUrl: string
  key: KeyPair
  started: Started
  stop(): Promise<void>
}

/** Creates a key in the database (running its migrations), then starts `npm start`'s server on it. */
export async function startHortus(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<HortusServer> {
  const key = await createTestKey(databaseUrl, 'faults@example.org')
  const { port, started } = await startAnsweringServer({ DATABASE_URL: databaseUrl, ...env })
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    key,
    started,
    stop: async () => {
      if (started.child.exitCode !== null || started.child.signalCode !== null) return
      started.child.kill('SIGTERM')
      const timer = setTimeout(() => started.child.kill('SIGKILL'), 15_000)
      await started.finished
      clearTimeout(timer)
    },
  }
}

export interface Answer {
  what: 'read' | 'create' | 'update' | 'probe'
  method: string
  path: string
  /** 0: no answer within ANSWER_BOUND_MS; -1: the connection failed */
  status: number
  /** the body's fields, for an error its `error` */
  keys: string[]
  error: string | undefined
  contentType: string | null
  retryAfter: string | null
  /** when the request was sent and when its answer had arrived (performance.now()) */
  sent: number
  arrived: number
}

/** What a client may be answered while the database fails: a success, a 503 with Retry-After in the
 * error shape, or (for an update after a 503 whose write committed after all) a version mismatch. */
export function expectedAnswer(answer: Answer): boolean {
  if (answer.status === 200 || answer.status === 201) return true
  const errorShape =
    answer.contentType === 'application/json; charset=utf-8' && answer.keys.join() === 'error,msg'
  if (answer.status === 503)
    return errorShape && answer.error === 'service unavailable' && Number(answer.retryAfter) > 0
  return answer.status === 422 && answer.what === 'update' && answer.error === 'version mismatch'
}

export interface Acknowledged {
  name: string
  version: number
  description: string
}

interface PlantBody {
  id: number
  name: string
  version: number
  description: string
}

let counter = 0

export class FaultLoad {
  readonly answers: Answer[] = []
  /** Every plant a 2xx answer acknowledged, as last acknowledged. */
  readonly acknowledged = new Map<number, Acknowledged>()
  private running = false
  private clients: Promise<void>[] = []

  constructor(
    private readonly server: HortusServer,
    private readonly label: string,
  ) {}

  /** One request with the server's key (or `key`), never waiting longer than ANSWER_BOUND_MS. */
  async request(what: Answer['what'], method: string, path: string, body?: unknown, key = this.server.key) {
    const sent = performance.now()
    let status = -1
    let parsed: Record<string, unknown> = {}
    let contentType: string | null = null
    let retryAfter: string | null = null
    try {
      const response = await fetch(`${this.server.baseUrl}${path}`, {
        method,
        headers: {
          'x-service-key-id': key.key_id,
          'x-service-key-secret': key.key_secret,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(ANSWER_BOUND_MS),
      })
      const text = await response.text()
      status = response.status
      contentType = response.headers.get('content-type')
      retryAfter = response.headers.get('retry-after')
      try {
        parsed = JSON.parse(text) as Record<string, unknown>
      } catch {
        parsed = { unparsable: text.slice(0, 200) }
      }
    } catch (error) {
      status = error instanceof Error && error.name === 'TimeoutError' ? 0 : -1
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      parsed = {
        error: `${(error as Error).name}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      }
    }
    const answer: Answer = {
      what,
      method,
      path,
      status,
      keys: Object.keys(parsed).sort(),
      error: typeof parsed.error === 'string' ? parsed.error : undefined,
      contentType,
      retryAfter,
      sent,
      arrived: performance.now(),
    }
    this.answers.push(answer)
    if ((status === 200 || status === 201) && (what === 'create' || what === 'update' || what === 'probe')) {
      const plant = parsed as unknown as PlantBody
      this.acknowledged.set(plant.id, {
        name: plant.name,
        version: plant.version,
        description: plant.description,
      })
    }
    return { answer, body: parsed }
  }

  newPlant() {
    return {
      scientific_name: 'Faultia testata',
      name: `Fault plant ${this.label} ${process.pid}-${++counter}`,
      note: 'fault test',
      description: `written around a fault ${counter}`,
    }
  }

  /** Plants for the readers and the updaters, created before the load starts. */
  async seed(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const { answer } = await this.request('create', 'POST', '/api/plants', this.newPlant())
      if (answer.status !== 201) throw new Error(`seeding: ${answer.status} ${answer.error}`)
    }
  }

  /** Starts `readers` clients reading plants, lists and search, and `writers` creating plants and
   * updating the ones they created. Each stops when `stop()` is called (or after 3,000 requests). */
  start({ readers, writers }: { readers: number; writers: number }): void {
    this.running = true
    const seeded = [...this.acknowledged.keys()]
    for (let i = 0; i < readers; i++) this.clients.push(this.reader(seeded))
    for (let i = 0; i < writers; i++) this.clients.push(this.writer())
  }

  async stop(): Promise<void> {
    this.running = false
    await Promise.all(this.clients)
    this.clients = []
  }

  private async reader(ids: number[]): Promise<void> {
    for (let i = 0; this.running && i < 3_000; i++) {
      const id = ids[i % ids.length]!
      const path = [`/api/plants/${id}`, '/api/plants?per_page=20', '/api/search?q=faultia'][i % 3]!
      const { answer } = await this.request('read', 'GET', path)
      await sleep(answer.status === 503 ? 50 : 10)
    }
  }

  private async writer(): Promise<void> {
    // The versions this writer last saw of its own plants; no other client writes to them.
    const own = new Map<number, number>()
    for (let i = 0; this.running && i < 3_000; i++) {
      const updating = own.size >= 3 && i % 2 === 1
      let status: number
      if (!updating) {
        const { answer, body } = await this.request('create', 'POST', '/api/plants', this.newPlant())
        if (answer.status === 201) own.set(body.id as number, body.version as number)
        status = answer.status
      } else {
        const ids = [...own.keys()]
        const id = ids[i % ids.length]!
        const change = { version: own.get(id), note: 'fault test', description: `update ${++counter}` }
        const { answer, body } = await this.request('update', 'PUT', `/api/plants/${id}`, change)
        status = answer.status
        if (status === 200) own.set(id, body.version as number)
        // A 503 may hide a commit whose answer was lost: read the version again before the next update.
        else if (this.running) {
          const { answer: read, body: stored } = await this.request('read', 'GET', `/api/plants/${id}`)
          if (read.status === 200) own.set(id, stored.version as number)
        }
      }
      await sleep(status === 503 ? 50 : 10)
    }
  }

  /** Waits until `count` answers sent after `since` were 503s, or `capMs` has passed. */
  async until503s(count: number, since: number, capMs: number): Promise<void> {
    const deadline = performance.now() + capMs
    while (performance.now() < deadline) {
      if (this.answers.filter((a) => a.sent >= since && a.status === 503).length >= count) return
      await sleep(25)
    }
  }

  /** Creates a plant every 25 ms from `since` until one is acknowledged; the time from `since` to that
   * answer, or null if none came within `capMs`. */
  async resumed(since: number, capMs = 10_000): Promise<number | null> {
    while (performance.now() - since < capMs) {
      const { answer } = await this.request('probe', 'POST', '/api/plants', this.newPlant())
      if (answer.status === 201) return answer.arrived - since
      await sleep(25)
    }
    return null
  }

  /** The acknowledged plants that are missing or behind what was acknowledged. The load has stopped, so
   * each plant is read as its last writer left it: at its acknowledged version, or later when a write
   * whose answer was a 503 committed after all. */
  async lostAcknowledged(): Promise<string[]> {
    const lost: string[] = []
    for (const [id, plant] of this.acknowledged) {
      const { answer, body } = await this.request('read', 'GET', `/api/plants/${id}`)
      const stored = body as unknown as PlantBody
      if (answer.status !== 200) lost.push(`plant ${id}: ${answer.status} ${answer.error ?? ''}`)
      else if (stored.name !== plant.name || stored.version < plant.version)
        lost.push(`plant ${id}: version ${stored.version} (acknowledged ${plant.version})`)
      else if (stored.version === plant.version && stored.description !== plant.description)
        lost.push(`plant ${id}: version ${stored.version} has another description`)
    }
    return lost
  }
}
