// The process's metrics: what any layer counts or times as it works. A leaf that imports nothing of src/,
// so the layers below (http, mail, search) count here without knowing who reads the numbers. While metrics
// are off (no HORTUS_METRICS_PORT) every call here does nothing and prom-client is not even loaded (it
// took 25 ms of each start); `startCounting` (monitoring/) makes the real metrics, in one registry. Only the
// per-request and per-statement timings are wired in when metrics are on; the counts below are always
// called. docs/operations.md says what each series tells.
//
// Every label has a bounded set of values: a route's pattern, never its path, so that a scan of random ids
// cannot grow the series without bound.
import type * as Prom from 'prom-client'

type Labels = Record<string, string | number>

interface Declared {
  readonly name: string
  readonly help: string
  readonly labelNames?: readonly string[]
  readonly buckets?: number[]
  /** How the primary combines its workers' values (prom-client's cluster aggregation); 'sum' by default. */
  readonly aggregator?: Prom.Aggregator
}

const declared: { make(prom: typeof Prom, registry: Prom.Registry): void }[] = []
let registry: Prom.Registry | null = null

/** Makes every metric declared here, in a new registry, and returns it (the same one when called again). */
export async function startCounting(): Promise<Prom.Registry> {
  if (registry) return registry
  const prom = await import('prom-client')
  registry = new prom.Registry()
  for (const metric of declared) metric.make(prom, registry)
  return registry
}

class LazyCounter {
  private metric: Prom.Counter | null = null
  constructor(private readonly config: Declared) {
    declared.push(this)
  }
  make(prom: typeof Prom, into: Prom.Registry): void {
    this.metric = new prom.Counter({
      ...this.config,
      labelNames: [...(this.config.labelNames ?? [])],
      registers: [into],
    })
  }
  inc(labels: Labels = {}, by = 1): void {
    this.metric?.inc(labels, by)
  }
}

class LazyGauge {
  private metric: Prom.Gauge | null = null
  constructor(private readonly config: Declared) {
    declared.push(this)
  }
  make(prom: typeof Prom, into: Prom.Registry): void {
    this.metric = new prom.Gauge({
      ...this.config,
      labelNames: [...(this.config.labelNames ?? [])],
      registers: [into],
    })
  }
  set(value: number): void {
    this.metric?.set(value)
  }
  inc(): void {
    this.metric?.inc()
  }
  dec(): void {
    this.metric?.dec()
  }
}

class LazyHistogram {
  private metric: Prom.Histogram | null = null
  constructor(private readonly config: Declared) {
    declared.push(this)
  }
  make(prom: typeof Prom, into: Prom.Registry): void {
    this.metric = new prom.Histogram({
      ...this.config,
      labelNames: [...(this.config.labelNames ?? [])],
      registers: [into],
    })
  }
  observe(labels: Labels, value: number): void {
    this.metric?.observe(labels, value)
  }
}

/** Seconds, from a fraction of a millisecond (a plant from memory) to the request timeout. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const STATEMENT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5]

export const httpRequestSeconds = new LazyHistogram({
  name: 'hortus_http_request_duration_seconds',
  help: 'Requests answered, by route pattern, method and status, and how long each took to answer.',
  labelNames: ['method', 'route', 'status'],
  buckets: REQUEST_BUCKETS,
})

export const dbStatementSeconds = new LazyHistogram({
  name: 'hortus_db_statement_duration_seconds',
  help: 'Database statements, by connection (primary: writes and reads that must see them; reader).',
  labelNames: ['connection'],
  buckets: STATEMENT_BUCKETS,
})

export const dbTransactionSeconds = new LazyHistogram({
  name: 'hortus_db_transaction_duration_seconds',
  help: 'Write transactions from their start (with any wait for the write lock) to commit or rollback.',
  labelNames: ['outcome'],
  buckets: REQUEST_BUCKETS,
})

export const dbPoolWaitSeconds = new LazyHistogram({
  name: 'hortus_db_pool_wait_seconds',
  help: 'PostgreSQL: how long a statement waited for a connection of its pool.',
  labelNames: ['pool'],
  buckets: STATEMENT_BUCKETS,
})

export const dbBusyRetries = new LazyCounter({
  name: 'hortus_db_busy_retries_total',
  help: 'SQLite: transactions begun again because another process (an import) held the write lock.',
})

export const rateLimitRefusals = new LazyCounter({
  name: 'hortus_rate_limit_refusals_total',
  help: 'Requests refused with 429, by limit.',
  labelNames: ['limit'],
})

export const searchIndexWrites = new LazyCounter({
  name: 'hortus_search_index_writes_total',
  help: 'Plants written to the search index (each save, each imported plant).',
})

export const phraseBookBuilds = new LazyCounter({
  name: 'hortus_phrase_book_builds_total',
  help: "The search phrase book made whole (at start, after an import) or caught up with a save's keys.",
  labelNames: ['kind'],
})

export const phraseBookPhrases = new LazyGauge({
  name: 'hortus_phrase_book_phrases',
  help: 'Phrases in the search phrase book of this process.',
  aggregator: 'max',
})

export const importsRunning = new LazyGauge({
  name: 'hortus_imports_in_progress',
  help: 'Imports (the starter dataset, hortus import) writing from this process.',
})

export const mirrorSyncsRunning = new LazyGauge({
  name: 'hortus_mirror_syncs_in_progress',
  help: 'Mirror syncs (hortus mirror) running in this process.',
})

export const mailSent = new LazyCounter({
  name: 'hortus_mail_total',
  help: 'Mail handed to the SMTP server (sent), refused and to be tried again (retry), or given up (failed).',
  labelNames: ['outcome'],
})

export const webhookAttempts = new LazyCounter({
  name: 'hortus_webhook_attempts_total',
  help: 'Webhook deliveries tried: delivered (2xx), failed (to be tried again), or the webhook disabled.',
  labelNames: ['outcome'],
})
