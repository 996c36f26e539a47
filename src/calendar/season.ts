// A place's frost dates as a season: the last spring frost in `year`, and the first fall frost after it
// (in the next calendar year when its month and day come earlier, as in the southern hemisphere, where the
// last frost is in September and the first in May). Dates are calendar days in UTC; no time zone matters.
import { AppError } from '../errors.ts'

export interface Season {
  year: number
  lastFrost: Date
  firstFrost: Date | null
}

const MONTH_DAY = /^(\d{2})-(\d{2})$/

/** A date `MM-DD` in `year`, or a 400 naming the parameter. */
export function monthDay(name: string, text: string, year: number): Date {
  const match = MONTH_DAY.exec(text)
  const month = Number(match?.[1])
  const day = Number(match?.[2])
  const date = new Date(Date.UTC(year, month - 1, day))
  if (!match || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new AppError(
      'badRequest',
      `Parameter ${name}: "${text.slice(0, 20)}" is not a date of ${year} written MM-DD (such as 04-15).`,
    )
  }
  return date
}

export function seasonOf(lastFrost: string, firstFrost: string | undefined, year: number): Season {
  const last = monthDay('last_frost', lastFrost, year)
  if (firstFrost === undefined) return { year, lastFrost: last, firstFrost: null }
  // A first frost on 02-29 may only exist in the next year: the last frost's year is asked only when it
  // has the day (a first frost before the last falls in the next year anyway).
  const inYear =
    firstFrost === '02-29' && !isLeapYear(year) ? null : monthDay('first_frost', firstFrost, year)
  const first = inYear !== null && inYear > last ? inYear : monthDay('first_frost', firstFrost, year + 1)
  return { year, lastFrost: last, firstFrost: first }
}

const isLeapYear = (year: number) => new Date(Date.UTC(year, 1, 29)).getUTCDate() === 29

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000)

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10)

/** A month and day of some year (02-29 included), or a 400 naming the parameter. */
export function checkMonthDay(name: string, text: string): void {
  const match = MONTH_DAY.exec(text)
  const date = new Date(Date.UTC(2000, Number(match?.[1]) - 1, Number(match?.[2])))
  if (!match || isoDate(date).slice(5) !== text) {
    throw new AppError(
      'badRequest',
      `Parameter ${name}: "${text.slice(0, 20)}" is not a month and day written MM-DD (such as 04-15).`,
    )
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A date `YYYY-MM-DD` (years 1900 to 2200), or a 400 naming the parameter. */
export function isoDay(name: string, text: string): Date {
  const match = DATE.exec(text)
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (!match || year < 1900 || year > 2200 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new AppError(
      'badRequest',
      `Parameter ${name}: "${text.slice(0, 20)}" is not a date written YYYY-MM-DD (such as 2026-04-15).`,
    )
  }
  return date
}

/** The seasons that may hold `date`: those of its year, the year before (a fall window in the next winter)
 * and the year after (seedlings sown indoors before the new year's last frost). A frost date of 02-29 is
 * taken as 02-28, which every year has. */
export function seasonsAround(date: Date, lastFrost: string, firstFrost: string | undefined): Season[] {
  checkMonthDay('last_frost', lastFrost)
  if (firstFrost !== undefined) checkMonthDay('first_frost', firstFrost)
  const year = date.getUTCFullYear()
  return [year - 1, year, year + 1].map((each) =>
    seasonOf(everyYear(lastFrost), firstFrost === undefined ? undefined : everyYear(firstFrost), each),
  )
}

const everyYear = (monthDay: string) => (monthDay === '02-29' ? '02-28' : monthDay)

/** Whole days from `from` to `to`. */
export const daysBetween = (from: Date, to: Date): number =>
  Math.round((to.getTime() - from.getTime()) / 86_400_000)
