// What the "Sow now" page lists for the visitor's frost dates: the plants with a window open this week
// (today and the six days after), and those whose window opens later in the coming month, the same
// question GET /api/calendar answers for one day (calendar/sow-now.service.ts).
import type { Store } from '../../db/store.ts'
import type { Plant } from '../../plants/plant.ts'
import type { DatedWindow } from '../../calendar/calendar.service.ts'
import { addDays, isoDate, seasonsAround } from '../../calendar/season.ts'
import { plantsToSow, today as todayUtc } from '../../calendar/sow-now.service.ts'
import type { FrostDates } from '../../calendar/upcoming.ts'
import type { CalendarAction } from '../../plants/frost-windows.ts'

/** Each list shows at most this many plants, by name (the dataset has a few hundred with windows). */
const MOST_LISTED = 300

interface SowItem {
  plant: Pick<Plant, 'id' | 'name' | 'scientific_name' | 'link'>
  windows: DatedWindow[]
}

export interface SowList {
  from: string
  to: string
  items: SowItem[]
  /** More plants have a window open than the list shows (MOST_LISTED). */
  more: boolean
}

export interface SowNowView {
  frost: FrostDates | null
  /** The action the lists are narrowed to, or null for all. */
  action: CalendarAction | null
  today: string
  week: SowList | null
  month: SowList | null
}

export async function sowNowView(
  store: Store,
  frost: FrostDates | null,
  action: CalendarAction | null,
): Promise<SowNowView> {
  const day = todayUtc()
  const today = isoDate(day)
  if (frost === null) return { frost, action, today, week: null, month: null }
  const seasons = seasonsAround(day, frost.last, frost.first ?? undefined)
  const list = async (from: Date, to: Date, opensFrom: string | null): Promise<SowList> => {
    const found = await plantsToSow(store, {
      seasons,
      from,
      to,
      actions: action === null ? null : [action],
      type: null,
      filters: [],
      limit: MOST_LISTED,
      offset: 0,
    })
    const items = found.plants.flatMap(({ id, plant }) => {
      const windows = (found.windows[id] ?? []).filter(
        (window) => opensFrom === null || window.from >= opensFrom,
      )
      const { name, scientific_name, link } = plant
      return windows.length ? [{ plant: { id, name, scientific_name, link }, windows }] : []
    })
    items.sort((a, b) => a.plant.name.localeCompare(b.plant.name, 'en'))
    return { from: isoDate(from), to: isoDate(to), items, more: found.total > found.plants.length }
  }
  const weekEnd = addDays(day, 6)
  const week = await list(day, weekEnd, null)
  // Later this month: windows that open after this week, up to a month from today.
  const month = await list(addDays(day, 7), addDays(day, 30), isoDate(addDays(day, 7)))
  return { frost, action, today, week, month }
}
