// The change feed as an async iterator: walks GET /changes with its cursor, then polls for new changes.
// The cursor it keeps is the place after the last change handed out, so saving it after handling a change
// and following from it later goes on without repeating one.
import { sleep } from './retry.ts'
import type { ChangeFeedPage } from './client.ts'

export interface FollowOptions {
  /** A cursor saved from an earlier feed (`feed.cursor` or a change's `cursor`); from the beginning
   * without one. */
  since?: string
  /** Changes per request (the server's default is 100, its maximum 1,000). */
  limit?: number
  /** How long to wait before asking again once caught up. Default 5,000 ms. */
  pollIntervalMs?: number
  /** End the iteration once caught up instead of polling: a one-off sync. */
  stopWhenCaughtUp?: boolean
  /** Ends the iteration (also while it waits for the next poll). */
  signal?: AbortSignal
}

type ListChanges = (query: { since?: string; limit?: number }) => Promise<ChangeFeedPage>

export class ChangeFeed implements AsyncIterable<ChangeFeedPage['changes'][number]> {
  /** The place after the last change handed out; undefined before the first, when started without one. */
  cursor: string | undefined

  constructor(
    private readonly list: ListChanges,
    private readonly options: FollowOptions,
  ) {
    this.cursor = options.since
  }

  async *[Symbol.asyncIterator]() {
    const { limit, pollIntervalMs = 5_000, stopWhenCaughtUp = false, signal } = this.options
    while (!signal?.aborted) {
      const page = await this.list({
        ...(this.cursor === undefined ? {} : { since: this.cursor }),
        ...(limit === undefined ? {} : { limit }),
      })
      for (const change of page.changes) {
        this.cursor = change.cursor
        yield change
        if (signal?.aborted) return
      }
      this.cursor = page.next
      if (page.has_more) continue
      if (stopWhenCaughtUp) return
      try {
        await sleep(pollIntervalMs, signal)
      } catch {
        return // aborted while waiting: the iteration just ends
      }
    }
  }
}
