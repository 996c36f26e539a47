// A plant's dated windows as an iCalendar file (RFC 5545) that any calendar app opens: one all-day event
// per window. Pure: the caller gives the dates, the stamp and the words. Lines end in CRLF and are folded
// at 75 octets (a continuation line starts with a space), never inside a UTF-8 character; text values
// escape backslash, semicolon, comma and line breaks.
import type { CalendarAction } from '../plants/frost-windows.ts'

export interface CalendarEvent {
  /** Unique and stable for the same window of the same plant: a re-import updates the event. */
  uid: string
  /** The first day, YYYY-MM-DD. */
  from: string
  /** The last day, YYYY-MM-DD (written as DTEND the day after: iCalendar's end is exclusive). */
  to: string
  summary: string
  description: string
}

const PRODID = '-//Hortus//Sowing calendar//EN'
const LINE_OCTETS = 75

/** The file: a VCALENDAR with its events, stamped `stamp` (when the file was made). */
export function icalendar(events: readonly CalendarEvent[], stamp: Date, name: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ]
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${dateTime(stamp)}`,
      `DTSTART;VALUE=DATE:${basicDate(event.from)}`,
      `DTEND;VALUE=DATE:${basicDate(dayAfter(event.to))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.map(fold).join('\r\n') + '\r\n'
}

/** "Sow Tomato indoors", "Transplant Tomato": what the calendar app shows on the day. */
export function eventSummary(action: CalendarAction, plantName: string): string {
  switch (action) {
    case 'sow_indoors':
      return `Sow ${plantName} indoors`
    case 'sow_outdoors':
      return `Sow ${plantName} outdoors`
    case 'transplant':
      return `Transplant ${plantName}`
    case 'plant':
      return `Plant ${plantName}`
  }
}

/** TEXT as RFC 5545 3.3.11 writes it. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** One content line folded into lines of at most 75 octets, continuations starting with a space. */
export function fold(line: string): string {
  const parts: string[] = []
  let part = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    // The first line holds 75 octets; a continuation's leading space is one of its 75.
    const room = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1
    if (octets + size > room) {
      parts.push(part)
      part = ''
      octets = 0
    }
    part += char
    octets += size
  }
  parts.push(part)
  return parts.join('\r\n ')
}

const basicDate = (iso: string) => iso.replace(/-/g, '')
const dayAfter = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
const dateTime = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
