// The process's metrics, kept by prom-client in one registry: what any layer counts or times as it works.
// A leaf that imports nothing of src/, so the layers below (http, mail, search) count here without
// knowing who reads the numbers. Counting costs a few hundred nanoseconds and is always on; only the
// per-request and per-statement timings, which run on every request, are taken when metrics are served
// (HORTUS_METRICS_PORT: monitoring/). docs/operations.md says what each series tells.
//
// Every label has a bounded set of values: a route's pattern, never its path, so that a scan of random ids
// cannot grow the series without bound.
import { Counter, Gauge, Histogram, Registry } from 'prom-client'

export const registry = new Registry()
const registers = [registry]

/** Seconds, from a fraction of a millisecond (a plant from memory) to the request timeout. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const STATEMENT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5]

export const httpRequestSeconds = new Histogram({
  name: 'hortus_http_request_duration_seconds',
  help: 'Requests answered, by route pattern, method and status, and how long each took to answer.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers,
})

export const dbStatementSeconds = new Histogram({
  name: 'hortus_db_statement_duration_seconds',
  help: 'Database statements, by connection (primary: writes and reads that must see them; reader).',
  labelNames: ['connection'] as const,
  buckets: STATEMENT_BUCKETS,
  registers,
})

export const dbTransactionSeconds = new Histogram({
  name: 'hortus_db_transaction_duration_seconds',
  help: 'Write transactions from their start (with any wait for the write lock) to commit or rollback.',
  labelNames: ['outcome'] as const,
  buckets: REQUEST_BUCKETS,
  registers,
})

export const dbPoolWaitSeconds = new Histogram({
  name: 'hortus_db_pool_wait_seconds',
  help: 'PostgreSQL: how long a statement waited for a connection of its pool.',
  labelNames: ['pool'] as const,
  buckets: STATEMENT_BUCKETS,
  registers,
})

export const dbBusyRetries = new Counter({
  name: 'hortus_db_busy_retries_total',
  help: 'SQLite: transactions begun again because another process (an import) held the write lock.',
  registers,
})

export const rateLimitRefusals = new Counter({
  name: 'hortus_rate_limit_refusals_total',
  help: 'Requests refused with 429, by limit.',
  labelNames: ['limit'] as const,
  registers,
})

export const searchIndexWrites = new Counter({
  name: 'hortus_search_index_writes_total',
  help: 'Plants written to the search index (each save, each imported plant).',
  registers,
})

export const phraseBookBuilds = new Counter({
  name: 'hortus_phrase_book_builds_total',
  help: "The search phrase book made whole (at start, after an import) or caught up with a save's keys.",
  labelNames: ['kind'] as const,
  registers,
})

export const phraseBookPhrases = new Gauge({
  name: 'hortus_phrase_book_phrases',
  help: 'Phrases in the search phrase book of this process.',
  aggregator: 'max',
  registers,
})

export const importsRunning = new Gauge({
  name: 'hortus_imports_in_progress',
  help: 'Imports (the starter dataset, hortus import) writing from this process.',
  registers,
})

export const mirrorSyncsRunning = new Gauge({
  name: 'hortus_mirror_syncs_in_progress',
  help: 'Mirror syncs (hortus mirror) running in this process.',
  registers,
})

export const mailSent = new Counter({
  name: 'hortus_mail_total',
  help: 'Mail handed to the SMTP server (sent), refused and to be tried again (retry), or given up (failed).',
  labelNames: ['outcome'] as const,
  registers,
})

export const webhookAttempts = new Counter({
  name: 'hortus_webhook_attempts_total',
  help: 'Webhook deliveries tried: delivered (2xx), failed (to be tried again), or the webhook disabled.',
  labelNames: ['outcome'] as const,
  registers,
})
