// The limits' counters shared by every Hortus process on one PostgreSQL database (several workers, several
// machines), without a database round trip per request. Each process counts its requests in memory and,
// every SYNC_INTERVAL_MS while it has new ones, adds them to `rate_limit_counts` in one statement that
// returns every key's window and total over all processes. A request is refused when this process's count
// plus the others' last known total is over the limit. The others' totals are at most two intervals old
// (theirs reach the table within one, ours read them back within the next), so across processes a key can
// get past its limit by what the processes receive in about half a second; within one process it is exact.
//
// A key's window starts with its first request, as in the plugin's own store: the first process to sync
// the key sets it in the table, and the others adopt it (Retry-After and RateLimit-Reset name its end).
// Processes' clocks must agree to well under a second (NTP). Rows of ended windows are deleted now and then
// by whichever process syncs.
import type { FastifyInstance } from 'fastify'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Db } from '../db/store.ts'
import { addHits, deleteCountsBefore, type LimitCount } from './limit-counts.repository.ts'

export const SYNC_INTERVAL_MS = 250
const PRUNE_EVERY_MS = 60_000

/** The store every limit of `app` counts in, synced from now until the app closes. */
export function sharedLimitStore(app: FastifyInstance, db: Db): FastifyRateLimitStoreCtor {
  const counter = new SharedLimitCounter(db, {
    failed: (error) => app.log.warn({ err: error }, 'limit counts not shared: counting locally meanwhile'),
    recovered: () => app.log.info('limit counts shared again'),
  })
  counter.start()
  app.addHook('onClose', () => counter.stop())
  return counter.storeClass()
}

interface Count {
  /** The shared window's start once the key was synced, until then this process's first hit. */
  windowStart: number
  windowMs: number
  /** Hits this process counted in the window: `synced` of them are in the table's row, `inFlight` being
   * added by the sync under way, `unsynced` not yet sent. */
  synced: number
  inFlight: number
  unsynced: number
  /** The other processes' hits in the window, as of the last sync that included this key. */
  others: number
}

export class SharedLimitCounter {
  private readonly counts = new Map<string, Count>()
  private timer: NodeJS.Timeout | undefined
  private syncing: Promise<void> | null = null
  private unsynced = false
  private lastPrune = 0
  private failing = false

  constructor(
    private readonly db: Db,
    private readonly report: { failed(error: unknown): void; recovered(): void },
  ) {}

  /** The hot path: memory only. */
  hit(key: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now()
    let count = this.counts.get(key)
    if (count === undefined || count.windowStart + count.windowMs <= now) {
      count = { windowStart: now, windowMs, synced: 0, inFlight: 0, unsynced: 0, others: 0 }
      this.counts.set(key, count)
    }
    count.unsynced++
    this.unsynced = true
    const current = count.synced + count.inFlight + count.unsynced + count.others
    return { current, ttl: count.windowStart + windowMs - now }
  }

  start(): void {
    this.timer ??= setInterval(() => void this.sync(), SYNC_INTERVAL_MS).unref()
  }

  /** Stops syncing (before the store closes). The hits of the last interval stay this process's: a
   * stopping process gives up at most a quarter second of counts, and its shutdown waits for nothing. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.syncing
  }

  /** Adds the new hits to the table and learns the others' totals; one sync at a time. */
  sync(): Promise<void> {
    if (this.syncing || !this.unsynced) return this.syncing ?? Promise.resolve()
    this.syncing = this.syncNow().finally(() => (this.syncing = null))
    return this.syncing
  }

  private async syncNow(): Promise<void> {
    this.unsynced = false
    const now = Date.now()
    const taken = new Map<string, { count: Count; hits: number }>()
    const rows: LimitCount[] = []
    let longestWindow = 0
    for (const [key, count] of this.counts) {
      if (count.windowStart + count.windowMs <= now) {
        this.counts.delete(key)
        continue
      }
      longestWindow = Math.max(longestWindow, count.windowMs)
      if (count.unsynced === 0) continue
      taken.set(key, { count, hits: count.unsynced })
      rows.push({
        key,
        window_start: new Date(count.windowStart).toISOString(),
        window_end: new Date(count.windowStart + count.windowMs).toISOString(),
        hits: count.unsynced,
      })
      // Still counted while the sync is under way: requests meanwhile must see them. (They once went
      // uncounted for the sync's round trip, and a fourth sign-up attempt got past a limit of three.)
      count.inFlight += count.unsynced
      count.unsynced = 0
    }
    let totals: Map<string, LimitCount>
    try {
      totals = new Map((await addHits(this.db, rows)).map((total) => [total.key, total]))
    } catch (error) {
      // The database is away: the hits stay to be added at the next sync, and meanwhile each process
      // limits on what it knows (its own count and the others' last totals).
      for (const { count, hits } of taken.values()) {
        count.inFlight -= hits
        count.unsynced += hits
      }
      this.unsynced = taken.size > 0
      if (!this.failing) this.report.failed(error)
      this.failing = true
      return
    }
    for (const [key, { count, hits }] of taken) {
      count.inFlight -= hits
      const total = totals.get(key)
      // ISO text from either database (postgres.ts parses timestamptz to it); new Date keeps the milliseconds.
      const sharedStart = total ? new Date(total.window_start).getTime() : count.windowStart
      if (sharedStart !== count.windowStart) {
        // Another process started the key's window (adopt it), or a new one began since this process
        // last synced the key: of this process's hits, only the ones just added are in the row.
        count.windowStart = sharedStart
        count.synced = 0
      }
      count.synced += hits
      if (total) count.others = Math.max(0, total.hits - count.synced)
    }
    if (this.failing) this.report.recovered()
    this.failing = false
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now
      // Rows of ended windows only take room: failing to delete them now is no loss.
      await deleteCountsBefore(this.db, new Date(now - Math.max(longestWindow, 60_000)).toISOString()).catch(
        () => {},
      )
    }
  }

  /** The store for @fastify/rate-limit. Every limit shares it: their keys start with the limit's name. */
  storeClass(): FastifyRateLimitStoreCtor {
    const hit = (key: string, windowMs: number) => this.hit(key, windowMs)
    return class SharedLimitStore implements FastifyRateLimitStore {
      incr(
        key: string,
        callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
        windowMs: number,
      ) {
        callback(null, hit(key, windowMs))
      }
      child(): FastifyRateLimitStore {
        return this
      }
    }
  }
}
