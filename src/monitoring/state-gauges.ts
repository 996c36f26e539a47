// Gauges read from the database when the metrics are scraped: the change feed's position, the mail and
// webhook queues, a mirror's last sync, the plants in the search index. With several workers each reads
// the same rows, so the series keep the highest (the aggregator 'max'), not the sum.
import { Gauge, type Registry } from 'prom-client'
import type { Store } from '../db/store.ts'
import { countPlants } from '../plants/plant.repository.ts'
import { lastFeedPosition } from '../revisions/revision.repository.ts'
import { lastMirrorSync, mailQueue, webhookQueue } from './service-state.repository.ts'

export function watchServiceState(store: Store, registry: Registry): void {
  const db = store.reader
  gauge(
    registry,
    'hortus_change_feed_commit',
    "The change feed's latest commit: the first part of its newest cursor.",
    [],
    async (set) => set({}, (await lastFeedPosition(db)).commit),
  )
  gauge(
    registry,
    'hortus_plants',
    'Plants and varieties in the database, each one in the search index.',
    [],
    async (set) => set({}, await countPlants(db, { updatedSince: null })),
  )
  // Both queue gauges from one read of the two queues per scrape.
  const queues = oncePerScrape(async () => {
    const now = Date.now()
    const [mail, webhooks] = await Promise.all([mailQueue(db, now), webhookQueue(db, now)])
    return { mail, webhooks }
  })
  gauge(
    registry,
    'hortus_queue_waiting',
    'Mail and webhook deliveries waiting to go out.',
    ['queue'],
    async (set) => {
      const { mail, webhooks } = await queues()
      set({ queue: 'mail' }, mail.waiting)
      set({ queue: 'webhooks' }, webhooks.waiting)
    },
  )
  gauge(
    registry,
    'hortus_queue_oldest_waiting_seconds',
    'How long the oldest waiting mail or webhook delivery has waited (0 when none waits).',
    ['queue'],
    async (set) => {
      const { mail, webhooks } = await queues()
      set({ queue: 'mail' }, mail.oldestSeconds)
      set({ queue: 'webhooks' }, webhooks.oldestSeconds)
    },
  )
  gauge(
    registry,
    'hortus_mirror_last_sync_timestamp_seconds',
    'When hortus mirror last brought this database up to its source (0 when it mirrors nothing).',
    [],
    async (set) => {
      const synced = await lastMirrorSync(db)
      if (synced !== null) set({}, synced)
    },
  )
}

/** `read`'s answer, shared by the calls within a second: the gauges of one scrape. */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | null = null
  return () => {
    if (!last || performance.now() - last.at > 1000) last = { at: performance.now(), answer: read() }
    return last.answer
  }
}

type SetValue = (labels: Record<string, string>, value: number) => void

function gauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: (set: SetValue) => Promise<void>,
): void {
  new Gauge({
    name,
    help,
    labelNames,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset()
      await read((labels, value) => this.set(labels, value))
    },
  })
}
