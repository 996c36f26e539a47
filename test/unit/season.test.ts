// A place's frost dates as a season (src/calendar/season.ts): the last spring frost of a year and the first
// fall frost after it, in the next calendar year south of the equator; calendar days in UTC. A date a
// visitor writes wrong is a 400 that names the parameter.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AppError } from '../../src/errors.ts'
import {
  addDays,
  checkMonthDay,
  daysBetween,
  isoDate,
  isoDay,
  monthDay,
  seasonOf,
  seasonsAround,
  type Season,
} from '../../src/calendar/season.ts'

const day = (iso: string) => new Date(`${iso}T00:00:00Z`)
const dates = ({ year, lastFrost, firstFrost }: Season) => ({
  year,
  last: isoDate(lastFrost),
  first: firstFrost && isoDate(firstFrost),
})

/** A 400 whose message names the parameter and quotes the text. */
const badRequest = (name: string, quoted: string) => (error: unknown) => {
  assert.ok(error instanceof AppError)
  assert.equal(error.status, 400)
  assert.equal(error.kind, 'badRequest')
  assert.ok(error.msg.startsWith(`Parameter ${name}: "${quoted}" is not`), error.msg)
  return true
}

describe('seasonOf', () => {
  it('puts a northern first frost in the same year as the last', () => {
    assert.deepEqual(dates(seasonOf('04-15', '10-15', 2026)), {
      year: 2026,
      last: '2026-04-15',
      first: '2026-10-15',
    })
  })

  it('puts a southern first frost, earlier in the calendar, in the next year', () => {
    assert.deepEqual(dates(seasonOf('09-20', '05-10', 2026)), {
      year: 2026,
      last: '2026-09-20',
      first: '2027-05-10',
    })
    // Over the year's end by a day.
    assert.deepEqual(dates(seasonOf('12-31', '01-01', 2026)), {
      year: 2026,
      last: '2026-12-31',
      first: '2027-01-01',
    })
    // The first frost is after the last: on the same day, a year later.
    assert.equal(dates(seasonOf('04-15', '04-15', 2026)).first, '2027-04-15')
    assert.equal(dates(seasonOf('04-15', '04-16', 2026)).first, '2026-04-16')
  })

  it('has no first frost when none is given', () => {
    assert.deepEqual(dates(seasonOf('04-15', undefined, 2026)), {
      year: 2026,
      last: '2026-04-15',
      first: null,
    })
  })

  it('takes 02-29 in a leap year and refuses it in another, naming the parameter', () => {
    assert.equal(dates(seasonOf('02-29', '11-01', 2024)).last, '2024-02-29')
    assert.throws(() => seasonOf('02-29', undefined, 2026), badRequest('last_frost', '02-29'))
    // A first frost of 02-29 before the last falls in the next year, which must have that day.
    assert.throws(() => seasonOf('04-15', '02-29', 2024), badRequest('first_frost', '02-29'))
  })

  it('puts a first frost of 02-29 in the leap year after a last frost of the year before', () => {
    assert.equal(dates(seasonOf('04-15', '02-29', 2023)).first, '2024-02-29')
  })

  it('refuses what is not MM-DD, quoting no more than 20 characters', () => {
    for (const text of ['4-15', '04/15', '13-01', '00-10', '04-00', '04-31', '', '０４-１５', ' 04-15']) {
      assert.throws(() => seasonOf(text, undefined, 2026), badRequest('last_frost', text))
    }
    assert.throws(() => seasonOf('04-15', '1O-15', 2026), badRequest('first_frost', '1O-15'))
    assert.throws(
      () => seasonOf('04-15', '2026-10-01 and more words', 2026),
      badRequest('first_frost', '2026-10-01 and more '),
    )
  })
})

describe('monthDay', () => {
  it('gives the day at midnight UTC, and says which year the date is not of', () => {
    assert.equal(monthDay('last_frost', '04-15', 2026).toISOString(), '2026-04-15T00:00:00.000Z')
    assert.throws(
      () => monthDay('first_frost', '02-29', 2027),
      (error: AppError) => error.msg.includes('not a date of 2027 written MM-DD'),
    )
  })
})

describe('checkMonthDay', () => {
  it('takes every month and day of some year, 02-29 included', () => {
    for (const text of ['01-01', '02-29', '04-30', '12-31']) checkMonthDay('last_frost', text)
    for (const text of ['02-30', '04-31', '13-01', '00-01', '1-01', '01-1', '']) {
      assert.throws(() => checkMonthDay('first_frost', text), badRequest('first_frost', text))
    }
  })
})

describe('isoDay', () => {
  it('reads YYYY-MM-DD from 1900 to 2200, and refuses other years and days no calendar has', () => {
    assert.equal(isoDate(isoDay('date', '2026-04-15')), '2026-04-15')
    assert.equal(isoDate(isoDay('date', '1900-01-01')), '1900-01-01')
    assert.equal(isoDate(isoDay('date', '2200-12-31')), '2200-12-31')
    assert.equal(isoDate(isoDay('date', '2024-02-29')), '2024-02-29')
    for (const text of [
      '1899-12-31',
      '2201-01-01',
      '2026-02-29',
      '2026-13-01',
      '2026-4-15',
      '15-04-2026',
      '',
    ]) {
      assert.throws(() => isoDay('date', text), badRequest('date', text))
    }
  })
})

describe('seasonsAround', () => {
  it('gives the seasons of the year before, the year and the year after a date', () => {
    assert.deepEqual(seasonsAround(day('2026-06-01'), '04-15', '10-15').map(dates), [
      { year: 2025, last: '2025-04-15', first: '2025-10-15' },
      { year: 2026, last: '2026-04-15', first: '2026-10-15' },
      { year: 2027, last: '2027-04-15', first: '2027-10-15' },
    ])
    // South of the equator: a January date lies in the season that began the September before.
    const southern = seasonsAround(day('2026-01-10'), '09-20', '05-10').map(dates)
    assert.deepEqual(southern[0], { year: 2025, last: '2025-09-20', first: '2026-05-10' })
    assert.deepEqual(
      seasonsAround(day('2026-12-31'), '04-15', undefined).map(dates),
      [2025, 2026, 2027].map((year) => ({ year, last: `${year}-04-15`, first: null })),
    )
  })

  it('takes a frost of 02-29 as 02-28 in every year, never as an error', () => {
    assert.deepEqual(
      seasonsAround(day('2026-03-01'), '02-29', '02-29').map(dates),
      [2025, 2026, 2027].map((year) => ({ year, last: `${year}-02-28`, first: `${year + 1}-02-28` })),
    )
  })

  it('refuses a month and day no year has, naming the parameter', () => {
    assert.throws(
      () => seasonsAround(day('2026-06-01'), '02-30', undefined),
      badRequest('last_frost', '02-30'),
    )
    assert.throws(
      () => seasonsAround(day('2026-06-01'), '04-15', '10-32'),
      badRequest('first_frost', '10-32'),
    )
  })
})

describe('days', () => {
  it('adds and counts whole days over a year boundary, a leap day and a northern DST change', () => {
    assert.equal(isoDate(addDays(day('2026-12-31'), 1)), '2027-01-01')
    assert.equal(isoDate(addDays(day('2026-01-01'), -56)), '2025-11-06')
    assert.equal(isoDate(addDays(day('2024-02-28'), 1)), '2024-02-29')
    assert.equal(isoDate(addDays(day('2026-03-28'), 2)), '2026-03-30')
    assert.equal(daysBetween(day('2024-02-28'), day('2024-03-01')), 2)
    assert.equal(daysBetween(day('2026-03-01'), day('2026-02-28')), -1)
    assert.equal(daysBetween(day('2026-01-01'), day('2027-01-01')), 365)
    assert.equal(isoDate(new Date('2026-04-15T23:59:59.999Z')), '2026-04-15')
  })
})
