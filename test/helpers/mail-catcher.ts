// A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it is sent, parsed by
// mailparser, for tests to read; it can refuse the next messages with a temporary error, as a busy server
// does.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'

export interface CaughtMail {
  to: string
  from: string
  subject: string
  text: string
  /** Whether the message has an HTML part (Hortus sends plain text only). */
  html: boolean
}

export class MailCatcher {
  readonly mails: CaughtMail[] = []
  /** Messages refused so far. */
  refused = 0
  private refuseNext = 0
  private readonly server: SMTPServer

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.refuseNext > 0) {
          this.refuseNext--
          this.refused++
          stream.resume()
          const error = Object.assign(new Error('Busy: try again later'), { responseCode: 451 })
          stream.on('end', () => callback(error))
          return
        }
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to
            this.mails.push({
              to: to?.value[0]?.address ?? '',
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string',
            })
            callback()
          })
          .catch((error: Error) => callback(error))
      },
    })
  }

  static async start(): Promise<MailCatcher> {
    const catcher = new MailCatcher()
    await new Promise<void>((resolve) => catcher.server.listen(0, '127.0.0.1', resolve))
    return catcher
  }

  /** What HORTUS_SMTP_URL would be. */
  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`
  }

  /** Refuses the next `count` messages with 451. */
  refuse(count: number): void {
    this.refuseNext = count
  }

  /** The mails to `to`, of this subject when one is given. */
  to(to: string, subject?: RegExp): CaughtMail[] {
    return this.mails.filter((caught) => caught.to === to && (!subject || subject.test(caught.subject)))
  }

  /** The (`after` + 1)th mail to `to` (of that subject), waiting up to `ms` for it. */
  async waitFor(
    to: string,
    { after = 0, ms = 10_000, subject }: { after?: number; ms?: number; subject?: RegExp } = {},
  ) {
    const deadline = Date.now() + ms
    for (;;) {
      const mail = this.to(to, subject)[after]
      if (mail) return mail
      if (Date.now() > deadline)
        throw new Error(`no mail to ${to} within ${ms} ms (${this.mails.length} caught)`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}
