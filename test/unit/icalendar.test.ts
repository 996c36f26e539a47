// The iCalendar writer: what a calendar app reads (RFC 5545): CRLF lines of at most 75 octets, folded
// outside UTF-8 characters, escaped text, all-day events with an exclusive end.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { escapeText, eventSummary, fold, icalendar } from '../../src/calendar/icalendar.ts'

const unfold = (text: string) => text.replace(/\r\n /g, '')

describe('the iCalendar writer', () => {
  const file = icalendar(
    [
      {
        uid: 'plant-12-0-20260218@hortus',
        from: '2026-02-18',
        to: '2026-03-04',
        summary: eventSummary('sow_indoors', 'Tomato'),
        description:
          '6-8 weeks before the last frost (15 April). Windows are typical ones; local frost dates matter more than any zone.',
      },
      {
        uid: 'plant-12-1-20261231@hortus',
        from: '2026-12-31',
        to: '2026-12-31',
        summary: eventSummary('plant', 'Garlic, "Music"'),
        description: 'line one\nline two \\ end',
      },
    ],
    new Date('2026-11-25T13:20:05.123Z'),
    'Tomato',
  )

  it('writes a VCALENDAR of CRLF lines, each at most 75 octets', () => {
    assert.ok(file.endsWith('\r\n'))
    assert.equal(file.replace(/\r\n/g, '').includes('\n'), false)
    for (const line of file.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line)
    const lines = unfold(file).split('\r\n')
    assert.deepEqual(lines.slice(0, 3), [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Hortus//Sowing calendar//EN',
    ])
    assert.equal(lines.at(-2), 'END:VCALENDAR')
    assert.equal(lines.filter((line) => line === 'BEGIN:VEVENT').length, 2)
  })

  it('gives each window an all-day event with an exclusive end, a stamp and a uid', () => {
    const lines = unfold(file).split('\r\n')
    assert.ok(lines.includes('UID:plant-12-0-20260218@hortus'))
    assert.ok(lines.includes('DTSTAMP:20261125T132005Z'))
    assert.ok(lines.includes('DTSTART;VALUE=DATE:20260218'))
    assert.ok(lines.includes('DTEND;VALUE=DATE:20260305'))
    assert.ok(lines.includes('DTEND;VALUE=DATE:20270101'), 'the day after the last day, over the year end')
    assert.ok(lines.includes('SUMMARY:Sow Tomato indoors'))
  })

  it('escapes text and folds long lines', () => {
    const lines = unfold(file).split('\r\n')
    assert.ok(lines.includes('SUMMARY:Plant Garlic\\, "Music"'))
    assert.ok(lines.includes('DESCRIPTION:line one\\nline two \\\\ end'))
    assert.ok(
      lines.includes(
        'DESCRIPTION:6-8 weeks before the last frost (15 April). Windows are typical ones\\; local frost dates matter more than any zone.',
      ),
    )
    assert.equal(escapeText('a;b,c\\d\r\ne'), 'a\\;b\\,c\\\\d\\ne')
  })

  it('never folds inside a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`
    const folded = fold(line)
    const parts = folded.split('\r\n')
    assert.ok(parts.length > 1)
    for (const part of parts) {
      assert.ok(Buffer.byteLength(part) <= 75)
      assert.equal(Buffer.from(part).toString('utf8'), part, 'whole characters only')
    }
    assert.ok(parts.slice(1).every((part) => part.startsWith(' ')))
    assert.equal(unfold(folded), line)
    assert.equal(fold('SHORT:x'), 'SHORT:x')
    assert.equal(fold('X'.repeat(75)), 'X'.repeat(75))
    assert.equal(fold('X'.repeat(76)), `${'X'.repeat(75)}\r\n X`)
  })
})
