// Mails members about changes to the plants they watch. Every process runs this loop; each round takes the
// notifier's place in the change feed for its transaction (on PostgreSQL with SKIP LOCKED, so one process
// at a time), reads the revisions after it, queues the mails in the same transaction and moves the place:
// a change is mailed about once, even across restarts. A member's own edits never notify them.
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Store } from '../db/store.ts'
import { mailFooter, queueMail } from '../mail/outbox.ts'
import { feedMovedPast, holdFeedPlace, moveFeedPlace } from '../revisions/feed-places.repository.ts'
import * as repo from './watchlist.repository.ts'
import { newUnsubscribeLink } from './watchlist.service.ts'
import { Rounds } from '../rounds.ts'

export interface NotifierTiming {
  pollMs: number
  /** How often a digest is sent: a day. */
  digestSeconds: number
}

const DEFAULT_TIMING: NotifierTiming = { pollMs: 2000, digestSeconds: 86_400 }
const REVISIONS_PER_ROUND = 200
const DIGEST_CHANGES = 50
const KEEP_UNSUBSCRIBE_LINKS_MS = 365 * 86_400_000

export class WatchNotifier {
  private readonly timing: NotifierTiming
  private readonly rounds: Rounds

  constructor(
    private readonly store: Store,
    /** Mail is configured; without it the notifier only keeps its place, so no backlog waits for mail. */
    private readonly mail: boolean,
    private readonly publicUrl: string | null,
    private readonly log: FastifyBaseLogger,
    timing: Partial<NotifierTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing }
    this.rounds = new Rounds(() => this.notifyRound(), this.timing.pollMs)
  }

  start(): void {
    this.rounds.start()
  }

  stop(): Promise<void> {
    return this.rounds.stop()
  }

  private async notifyRound(): Promise<void> {
    try {
      if (await this.anythingToDo()) await this.store.transaction((tx) => this.notifyIn(tx))
    } catch (error) {
      this.log.warn({ err: error }, 'watchlist notifier round failed')
    }
  }

  /** A change after the notifier's place, or a digest due: asked of the reader, so an idle round takes no
   * write lock. */
  private async anythingToDo(): Promise<boolean> {
    if (await feedMovedPast(this.store.reader, 'watchlists')) return true
    if (!this.mail) return false
    const dayAgo = new Date(Date.now() - this.timing.digestSeconds * 1000).toISOString()
    return (await repo.dueDigests(this.store.reader, dayAgo)).length > 0
  }

  private async notifyIn(tx: Db): Promise<void> {
    const place = await holdFeedPlace(tx, 'watchlists', this.store.dialect)
    if (!place) return
    const now = new Date()
    const revisions = await repo.revisionsAfterPlace(tx, place, REVISIONS_PER_ROUND)
    const last = revisions.at(-1)
    if (last) await moveFeedPlace(tx, 'watchlists', { commit: last.commit_seq, id: last.id })
    if (!this.mail) return
    const hourAgo = new Date(now.getTime() - 3_600_000).toISOString()
    for (const revision of revisions) {
      for (const watcher of await repo.instantWatchers(tx, revision.plant_id)) {
        if (watcher.id === revision.author_id) continue
        if (!(await repo.claimMailSlot(tx, watcher.id, revision.plant_id, now.toISOString(), hourAgo)))
          continue
        const site = this.publicUrl ?? watcher.site_url
        const unsubscribe = await newUnsubscribeLink(tx, watcher.id, site)
        await queueMail(tx, {
          to: watcher.email,
          subject: `${revision.name} was changed on Hortus`,
          text:
            `Hello ${watcher.name},\n\n` +
            `${revision.name}, on your watchlist, was changed by ${revision.author}${revision.note ? `: "${revision.note}"` : ''}.\n\n` +
            `See what changed: ${site}/plants/${revision.slug}/diff?to=${revision.version}\n` +
            `Your watchlist: ${site}/watchlist\n\n` +
            `You get this mail because you watch ${revision.name} and asked to be mailed at once when a watched plant changes (at most one mail per plant an hour).\n` +
            `Stop these mails with one click: ${unsubscribe}` +
            mailFooter(site),
        })
      }
    }
    await this.sendDigests(tx, now)
  }

  private async sendDigests(tx: Db, now: Date): Promise<void> {
    const due = await repo.dueDigests(
      tx,
      new Date(now.getTime() - this.timing.digestSeconds * 1000).toISOString(),
    )
    for (const member of due) {
      const changes = await repo.changesToWatched(tx, member.id, member.last_digest_at, DIGEST_CHANGES)
      await repo.setLastDigest(tx, member.id, now.toISOString())
      if (changes.length === 0) continue
      const site = this.publicUrl ?? member.site_url
      const unsubscribe = await newUnsubscribeLink(tx, member.id, site)
      const lines = changes.map(
        (change) =>
          `- ${change.name}, version ${change.version}, by ${change.author}${change.note ? `: "${change.note}"` : ''}\n  ${site}/plants/${change.slug}/diff?to=${change.version}`,
      )
      await queueMail(tx, {
        to: member.email,
        subject: `Changes to your watched plants on Hortus`,
        text:
          `Hello ${member.name},\n\n` +
          `since the last digest, these changes were made to plants on your watchlist${changes.length === DIGEST_CHANGES ? ` (the newest ${DIGEST_CHANGES})` : ''}:\n\n` +
          `${lines.join('\n')}\n\n` +
          `Your watchlist: ${site}/watchlist\n\n` +
          `You get this mail because you asked for a daily digest of the changes to the plants you watch.\n` +
          `Stop these mails with one click: ${unsubscribe}` +
          mailFooter(site),
      })
    }
    if (due.length > 0)
      await repo.deleteUnsubscribeLinksBefore(
        tx,
        new Date(now.getTime() - KEEP_UNSUBSCRIBE_LINKS_MS).toISOString(),
      )
  }
}
