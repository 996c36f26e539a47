// A visitor's frost dates, kept in a cookie of their own so every plant page and "Sow now" shows the
// windows as dates once they have been given. Nothing about them is stored on the server. The form is a
// GET (/frost-dates), like a search: it changes no data, only what this browser is shown, so it needs no
// form token and works without JavaScript.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../errors.ts'
import type { FrostDates } from '../../calendar/upcoming.ts'

const FROST_COOKIE = 'hortus_frost'

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const COOKIE_VALUE = /^(\d{2}-\d{2})(?:_(\d{2}-\d{2}))?$/

/** HttpOnly (no script reads it), SameSite=Lax, Secure over TLS, kept a year. */
const COOKIE_OPTIONS = {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: 'auto',
  maxAge: 365 * 86_400,
} as const

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** The dates of the cookie; null without one (or with one that is not ours). */
export function frostDatesOf(request: FastifyRequest): FrostDates | null {
  const match = COOKIE_VALUE.exec(request.cookies[FROST_COOKIE] ?? '')
  if (!match || !isMonthDay(match[1]!) || (match[2] !== undefined && !isMonthDay(match[2]))) return null
  return { last: match[1]!, first: match[2] ?? null }
}

export const setFrostDates = (reply: FastifyReply, frost: FrostDates): FastifyReply =>
  reply.setCookie(FROST_COOKIE, frost.first ? `${frost.last}_${frost.first}` : frost.last, COOKIE_OPTIONS)

export const clearFrostDates = (reply: FastifyReply): FastifyReply =>
  reply.clearCookie(FROST_COOKIE, { path: '/' })

export interface FrostForm {
  last_month?: string | undefined
  last_day?: string | undefined
  first_month?: string | undefined
  first_day?: string | undefined
}

/** The dates the form sent (month and day of each), or a 400 saying what to fix. */
export function frostDatesFromForm(form: FrostForm): FrostDates {
  const last = monthDayOf('Last spring frost', form.last_month, form.last_day)
  if (last === null)
    throw new AppError(
      'badRequest',
      'Choose the month and day of your last spring frost, then Show the dates.',
    )
  const first = monthDayOf('First fall frost', form.first_month, form.first_day)
  return { last, first }
}

function monthDayOf(label: string, month = '', day = ''): string | null {
  if (month === '' && day === '') return null
  const text = `${month.padStart(2, '0')}-${day.padStart(2, '0')}`
  if (!/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day) || !isMonthDay(text)) {
    const name = MONTHS[Number(month) - 1]
    throw new AppError(
      'badRequest',
      name && /^\d{1,2}$/.test(day)
        ? `${label}: ${name} has no day ${Number(day)}. Choose another day.`
        : `${label}: choose both a month and a day.`,
    )
  }
  return text
}

/** A real month and day (02-29 counts: a frost date of some years). */
function isMonthDay(text: string): boolean {
  if (!MONTH_DAY.test(text)) return false
  const date = new Date(`2000-${text}T00:00:00Z`)
  return date.toISOString().slice(5, 10) === text
}

/** "15 April" */
export const monthDayWords = (monthDay: string): string =>
  `${Number(monthDay.slice(3))} ${MONTHS[Number(monthDay.slice(0, 2)) - 1]}`

/** "18 Feb 2026" from YYYY-MM-DD */
export const dayWords = (iso: string, withYear = true): string =>
  `${Number(iso.slice(8))} ${MONTHS[Number(iso.slice(5, 7)) - 1]!.slice(0, 3)}${withYear ? ` ${iso.slice(0, 4)}` : ''}`
