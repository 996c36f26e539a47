// A plant's sowing calendar for a place: its windows (frost-windows.ts) turned into dates of one season
// (season.ts), and when the harvest comes. A variety without windows of its own has its parent's. The
// windows are typical ones; local frost dates matter more than any zone.
import type { Store } from '../db/store.ts'
import type { Plant } from '../plants/plant.ts'
import { getPlantDoc } from '../plants/plant-reads.ts'
import { sourceNamesOf } from '../provenance/provenance.service.ts'
import {
  daysToMaturity,
  frostWindows,
  type CalendarAction,
  type FrostWindow,
} from '../plants/frost-windows.ts'
import { addDays, isoDate, seasonOf, type Season } from './season.ts'

export interface CalendarRequest {
  last_frost: string
  first_frost?: string | undefined
  year?: number | undefined
}

export interface DatedWindow {
  action: CalendarAction
  from: string
  to: string
  note: string
  source: string | null
}

export interface PlantCalendar {
  plant_id: number
  year: number
  last_frost: string
  first_frost: string | null
  windows: DatedWindow[]
  harvest: { from: string; to: string } | null
  from_parent: boolean
  /** What the answer left out and why ("windows anchored on the first frost: no first_frost given"). */
  notes: string[]
}

export async function plantCalendar(
  store: Store,
  id: number,
  request: CalendarRequest,
): Promise<PlantCalendar> {
  const season = seasonOf(
    request.last_frost,
    request.first_frost,
    request.year ?? new Date().getUTCFullYear(),
  )
  const plant = JSON.parse(await getPlantDoc(store, id)) as Plant
  let source = plant
  let fromParent = false
  if (frostWindows(plant.data).length === 0 && plant.parent_id !== null) {
    source = JSON.parse(await getPlantDoc(store, plant.parent_id)) as Plant
    fromParent = true
  }
  const sources = (await sourceNamesOf(store, [source])).get(source.id)
  return calendarOf(plant.id, source, season, fromParent, sources)
}

export const NO_FIRST_FROST =
  'Windows set from the first fall frost are left out: send first_frost (MM-DD) to have them.'

function calendarOf(
  plantId: number,
  plant: Pick<Plant, 'data'>,
  season: Season,
  fromParent: boolean,
  /** The name of the dataset source of each window attribute, by key. */
  sources?: Map<string, string>,
): PlantCalendar {
  const all = frostWindows(plant.data)
  const usable = all.filter((window) => window.anchor === 'last' || season.firstFrost !== null)
  const windows = usable.map((window) => dated(window, season, sources))
  const notes = usable.length < all.length ? [NO_FIRST_FROST] : []
  return {
    plant_id: plantId,
    year: season.year,
    last_frost: isoDate(season.lastFrost),
    first_frost: season.firstFrost ? isoDate(season.firstFrost) : null,
    windows,
    harvest: harvestOf(windows, daysToMaturity(plant.data)),
    from_parent: fromParent,
    notes,
  }
}

/** A window as the dates it spans in a season. */
export function dated(window: FrostWindow, season: Season, sources?: Map<string, string>): DatedWindow {
  const anchor = window.anchor === 'last' ? season.lastFrost : season.firstFrost!
  return {
    action: window.action,
    from: isoDate(addDays(anchor, window.fromDays)),
    to: isoDate(addDays(anchor, window.toDays)),
    note: window.note,
    source: sources?.get(window.key) ?? null,
  }
}

/** From the earliest sowing or planting plus the fewest days to maturity, through the latest plus the most.
 * Seedlings sown indoors are counted from their transplanting when the plant has such a window. */
function harvestOf(
  windows: DatedWindow[],
  days: [number, number] | null,
): { from: string; to: string } | null {
  if (days === null || windows.length === 0) return null
  const inGround = windows.some((window) => window.action !== 'sow_indoors')
    ? windows.filter((window) => window.action !== 'sow_indoors')
    : windows
  const earliest = inGround.map((window) => window.from).sort()[0]!
  const latest = inGround
    .map((window) => window.to)
    .sort()
    .at(-1)!
  return {
    from: isoDate(addDays(new Date(`${earliest}T00:00:00Z`), days[0])),
    to: isoDate(addDays(new Date(`${latest}T00:00:00Z`), days[1])),
  }
}
