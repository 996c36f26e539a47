// Asking for a mail: a row in the outbox, written in the caller's transaction when it has one, so a mail
// is queued exactly when what it tells of happened. The sender (mail-sender.ts) does the rest.
import type { Db } from '../db/store.ts'
import { insertMessage } from './outbox.repository.ts'

export interface Mail {
  to: string
  subject: string
  /** The plain-text body; the site's name and address end it (mailFooter). */
  text: string
}

export async function queueMail(db: Db, mail: Mail): Promise<void> {
  await insertMessage(db, { ...mail, now: new Date().toISOString() })
}

/** How every message ends: which site sent it, and where it is. */
export function mailFooter(siteUrl: string): string {
  return `\n\n-- \nHortus, the community plant database at ${siteUrl}\n`
}
