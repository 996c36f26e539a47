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
  let first = monthDay('first_frost', firstFrost, year)
  if (first <= last) first = monthDay('first_frost', firstFrost, year + 1)
  return { year, lastFrost: last, firstFrost: first }
}

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000)

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10)
