// Sends the outbox through the operator's SMTP server (nodemailer), off the request path: a page that asks
// for a mail only writes its row (outbox.ts), and this loop, in every process, takes the due rows and sends
// them. A refusal is retried with a doubling wait for a day, then given up on; both are logged, and neither
// ever reaches the form that asked.
import nodemailer, { type Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import type { FastifyBaseLogger } from 'fastify'
import type { Store } from '../db/store.ts'
import * as outbox from './outbox.repository.ts'
import { mailSent } from '../metrics/instruments.ts'
import { Rounds } from '../rounds.ts'

export interface MailSettings {
  /** `smtp://user:password@host:port` or `smtps://…` (HORTUS_SMTP_URL). */
  smtpUrl: string
  /** The sender of every message (HORTUS_MAIL_FROM). */
  from: string
}

export interface SenderTiming {
  /** How often the outbox is looked at. */
  pollMs: number
  /** The first wait after a refusal; each next one is twice the last, at most an hour. */
  retrySeconds: number
  /** How long a message is retried before it is given up on. */
  giveUpSeconds: number
}

const DEFAULT_TIMING: SenderTiming = { pollMs: 1000, retrySeconds: 30, giveUpSeconds: 86_400 }
/** Messages taken at once; each is held this long, so a process that dies leaves them to another. */
const BATCH = 20
const HOLD_MS = 120_000
const MAX_WAIT_MS = 3_600_000
const KEEP_SENT_MS = 7 * 86_400_000

export class MailSender {
  private readonly transport: Transporter
  private readonly timing: SenderTiming
  /** Every due message each round, one after the other. */
  private readonly rounds: Rounds

  constructor(
    private readonly store: Store,
    private readonly settings: MailSettings,
    private readonly log: FastifyBaseLogger,
    timing: Partial<SenderTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing }
    this.rounds = new Rounds(() => this.sendRound(), this.timing.pollMs)
    // A server that does not answer cannot hold the loop: each step of a delivery has its time.
    this.transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } satisfies SMTPTransport.Options)
  }

  start(): void {
    this.rounds.start()
  }

  /** Stops the loop and waits for the round in progress. */
  async stop(): Promise<void> {
    await this.rounds.stop()
    this.transport.close()
  }

  private async sendRound(): Promise<void> {
    try {
      const now = new Date()
      // Most rounds find nothing: asked of the reader first, so an idle round takes no write lock.
      if (!(await outbox.anyDue(this.store.reader, now.toISOString()))) return
      const due = await outbox.takeDue(this.store.db, {
        now: now.toISOString(),
        lockedUntil: new Date(now.getTime() + HOLD_MS).toISOString(),
        limit: BATCH,
        dialect: this.store.dialect,
      })
      for (const message of due) await this.send(message)
      if (due.length > 0)
        await outbox.deleteSentBefore(this.store.db, new Date(now.getTime() - KEEP_SENT_MS).toISOString())
    } catch (error) {
      // The database may be away for a moment: the next round tries again.
      this.log.warn({ err: error }, 'mail outbox not read')
    }
  }

  private async send(message: outbox.OutboxMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
      })
      await outbox.markSent(this.store.db, message.id, new Date().toISOString())
      mailSent.inc({ outcome: 'sent' })
      this.log.info({ mail: message.id, attempts: message.attempts + 1 }, 'mail sent')
    } catch (error) {
      const now = Date.now()
      const text = error instanceof Error ? error.message : String(error)
      const wait = Math.min(this.timing.retrySeconds * 1000 * 2 ** message.attempts, MAX_WAIT_MS)
      const givenUp = now - Date.parse(message.created_at) + wait > this.timing.giveUpSeconds * 1000
      await outbox.markRefused(this.store.db, message.id, {
        error: text,
        retryAt: new Date(now + wait).toISOString(),
        failedAt: givenUp ? new Date(now).toISOString() : null,
      })
      mailSent.inc({ outcome: givenUp ? 'failed' : 'retry' })
      this.log[givenUp ? 'error' : 'warn'](
        { mail: message.id, attempts: message.attempts + 1, err: error },
        givenUp ? 'mail given up on after a day of refusals' : 'mail refused; it will be tried again',
      )
    }
  }
}
