// What the plant page's sowing calendar shows: the windows in words, and with the visitor's frost dates
// (frost-dates.ts) the same windows dated for the season to come (calendar/upcoming.ts).
import type { Store } from '../../db/store.ts'
import type { Plant } from '../../plants/plant.ts'
import { frostWindows, type CalendarAction } from '../../plants/frost-windows.ts'
import type { PlantCalendar } from '../../calendar/calendar.service.ts'
import { upcomingCalendar, type FrostDates } from '../../calendar/upcoming.ts'

export interface PlantCalendarView {
  plant: Pick<Plant, 'id' | 'name' | 'link'>
  /** The windows as the attributes word them, with the attribute each is in: the plant's, else its parent's. */
  words: { action: CalendarAction; note: string; key: string }[]
  /** The parent whose windows these are, when the plant has none of its own. */
  parent: Pick<Plant, 'name' | 'link'> | null
  frost: FrostDates | null
  /** The windows dated for the frost dates, when given. */
  calendar: PlantCalendar | null
  today: string
}

export async function plantCalendarView(
  store: Store,
  plant: Plant,
  parent: Plant | null,
  frost: FrostDates | null,
): Promise<PlantCalendarView> {
  const today = new Date().toISOString().slice(0, 10)
  const own = frostWindows(plant.data)
  const inherited = own.length === 0 && parent ? frostWindows(parent.data) : []
  const words = (own.length ? own : inherited).map(({ action, note, key }) => ({ action, note, key }))
  const calendar = frost && words.length ? await upcomingCalendar(store, plant.id, frost, today) : null
  return {
    plant: { id: plant.id, name: plant.name, link: plant.link },
    words,
    parent: inherited.length && parent ? { name: parent.name, link: parent.link } : null,
    frost,
    calendar,
    today,
  }
}
