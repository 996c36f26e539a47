// The season a gardener looks at today: the first of last year's, this year's and next year's whose
// windows have not all passed. In November the northern spring to come, not the one gone; in a southern
// January the season that began in September and runs to May.
import type { Store } from '../db/store.ts'
import { plantCalendar, type PlantCalendar } from './calendar.service.ts'

export interface FrostDates {
  /** MM-DD */
  last: string
  /** MM-DD, or null when not known */
  first: string | null
}

export async function upcomingCalendar(
  store: Store,
  plantId: number,
  frost: FrostDates,
  today: string,
): Promise<PlantCalendar> {
  const year = Number(today.slice(0, 4))
  const ask = (each: number) =>
    plantCalendar(store, plantId, {
      last_frost: frost.last,
      first_frost: frost.first ?? undefined,
      year: each,
    })
  for (const each of [year - 1, year]) {
    const calendar = await ask(each)
    if (calendar.windows.some((window) => window.to >= today)) return calendar
  }
  return ask(year + 1)
}
