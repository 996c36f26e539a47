// CropGraph's crop calendar (CC BY 4.0, "CropGraph (Andrew Christison), CC BY 4.0"): sowing and planting
// windows in days relative to the last spring or first fall frost, days to harvest and the minimum soil
// temperature to sow, as the vocabulary's keys ("When to sow (indoors)": "6-8 weeks before the last
// frost"). The calendar API parses the window text back, so its grammar is fixed (windowText).
import { join } from 'node:path'
import type { Attribute } from './entry.ts'
import { readSourceText } from './source-files.ts'

export type CalendarAction = 'start_indoors' | 'direct_sow' | 'transplant' | 'plant_now'
export type CalendarAnchor = 'last_spring' | 'first_fall'

export interface CalendarWindow {
  action: CalendarAction
  anchor: CalendarAnchor
  fromFrostDays: number
  toFrostDays: number
  notes?: string | null
}

export interface CalendarEntry {
  slug: string
  commonName: string
  scientificName: string
  aliases?: string[]
  /** vegetable, fruit, herb, flower, legume, cover-crop, root. */
  category?: string
  season: string
  daysToHarvest: { min: number; max: number }
  /** null where the calendar gives none (mostly perennials planted as plants). */
  minSoilTempF: number | null
  /** The USDA zones it grows in: for a perennial, where it lives through the winter. */
  zoneRange?: { min: number; max: number }
  windows: CalendarWindow[]
}

export function readCropCalendar(sourceDir: string): CalendarEntry[] {
  const path = join(sourceDir, 'cropgraph', 'crop-calendar.json')
  const parsed = JSON.parse(readSourceText(path)) as { license: string; entries: CalendarEntry[] }
  if (parsed.license !== 'CC-BY-4.0') throw new Error(`crop calendar licence: ${parsed.license}`)
  return parsed.entries
}

/** The keys written, in the order of the build's KEY_ORDER. */
export const CALENDAR_KEYS = [
  'When to sow (indoors)',
  'When to sow (outdoors)',
  'When to plant (transplant)',
  'When to plant (division)',
  'When to plant (cuttings)',
  'Days to maturity',
  'Germination temperature',
  'Pests',
  'Diseases',
] as const

const CUTTINGS = /\bcuttings?\b/i
const DIVISIONS = /\b(crowns?|sets?|top-?sets?|tubers?|divisions?|divide|cloves?)\b/i
const PLANTS = /\b(plants|bare-root|potted|starts|seedlings|transplants)\b/i

/**
 * Calendar crops whose plant_now windows have no note, and what is planted, by hand: what the trade
 * sells and extension guides plant. Each is a key the note rule gives for those words.
 */
export const PLANT_NOW_BY_HAND: ReadonlyMap<string, { key: string; why: string }> = new Map([
  [
    'strawberry',
    {
      key: 'When to plant (division)',
      why: 'strawberries are planted as crowns (dormant bare-root crowns, the runners\u2019 daughter plants): the rule\u2019s crowns',
    },
  ],
  [
    'raspberry',
    {
      key: 'When to plant (transplant)',
      why: 'raspberries are planted as bare-root or potted canes: the rule\u2019s bare-root plants',
    },
  ],
])

/** Written into the build report: each rule with its reason. */
export const CALENDAR_DECISIONS: readonly string[] = [
  'Keys: a start_indoors window → "When to sow (indoors)"; direct_sow → "When to sow (outdoors)"; transplant → "When to plant (transplant)". A plant_now window goes by what its note says is planted: cuttings ("cutting", "cuttings") → "When to plant (cuttings)"; crowns, sets (and top-sets), tubers, divisions (and "divide"), or cloves (a garlic clove is a division of the bulb) → "When to plant (division)"; plants ("plants", "bare-root", "potted", "starts", "seedlings", "transplants") → "When to plant (transplant)", checked in that order. A plant_now window whose note names none of them, or that has no note, is left out: the calendar does not say what is planted (counted below); except for two of the 40 most-grown crops, whose windows are all plant_now without a note, given by hand by the same rule: ' +
    [...PLANT_NOW_BY_HAND].map(([slug, { key, why }]) => `${slug} → "${key}" (${why})`).join('; ') +
    '.',
  'Windows: each is written in days relative to its frost as "<A>-<B> weeks before the last frost", "<A>-<B> weeks after the last frost", or, where it straddles the frost, "<A> weeks before to <B> weeks after the last frost"; "the first frost" for the calendar\'s first_fall anchor. A and B are in reading order (fromFrostDays −56, toFrostDays −42 is "6-8 weeks before the last frost"), a single number where they are equal, "at the last frost" for 0 to 0, and "days" instead of "weeks" where either offset is not a whole number of weeks ("10-20 days after the last frost"). Several windows of one key are joined by "; ", those of the last frost first, each anchor\'s in the order they open. The unit is singular for exactly one ("1 week before to 4 weeks after the last frost").',
  'Days to maturity: daysToHarvest as "min-max" ("55-90"), or one number where they are equal. Germination temperature: minSoilTempF (the minimum soil temperature to sow) in °C, rounded to whole degrees ("10" for 50 °F); left out where the calendar gives none (525 entries), and for kinds taken together (below) unless they agree. USDA Hardiness zone: the lower end of zoneRange, as a single zone ("4"), the way the dataset writes zones (USDA PLANTS: the mapping), for a perennial only (season "perennial"; for an annual or biennial the range says where it grows in a season, not where it survives winter), for kinds taken together only where all are perennial and agree, and only where no other source gives the entry a zone: USDA PLANTS\u2019 zone, from the coldest temperature a taxon stands, is kept over the calendar\u2019s, and a different calendar zone is listed under Disagreements between sources.',
  "Cultivars: the calendar's cultivar entries (\"brandywine-tomato\") are varieties of their species. An entry whose scientific name is a cultivar name (with 'quotes') is not used. A starter Variety that the calendar names (by the rules below) takes the calendar's values only where they differ from those its parent takes; where they are the same, the Variety has none of its own and its parent's apply (counted below). The calendar's other cultivars become Varieties where they differ from their crop (below).",
]

/** The text of one window in the calendar API's grammar. */
export function windowText(window: Pick<CalendarWindow, 'anchor' | 'fromFrostDays' | 'toFrostDays'>): string {
  const { fromFrostDays: from, toFrostDays: to } = window
  if (!Number.isInteger(from) || !Number.isInteger(to) || from > to)
    throw new Error(`bad window ${from}..${to}`)
  const frost = window.anchor === 'last_spring' ? 'the last frost' : 'the first frost'
  if (from === 0 && to === 0) return `at ${frost}`
  const weeks = from % 7 === 0 && to % 7 === 0
  const count = (days: number): number => Math.abs(weeks ? days / 7 : days)
  // "1 week", "2 weeks", "0-1 weeks": singular only for exactly one.
  const unit = (a: number, b: number = a): string =>
    `${a === b ? a : `${a}-${b}`} ${weeks ? 'week' : 'day'}${a === 1 && b === 1 ? '' : 's'}`
  if (to <= 0) return `${unit(count(to), count(from))} before ${frost}`
  if (from >= 0) return `${unit(count(from), count(to))} after ${frost}`
  return `${unit(count(from))} before to ${unit(count(to))} after ${frost}`
}

/** The key a window is written under, or undefined for a plant_now window whose note names nothing. */
export function windowKey(window: CalendarWindow, slug?: string): string | undefined {
  switch (window.action) {
    case 'start_indoors':
      return 'When to sow (indoors)'
    case 'direct_sow':
      return 'When to sow (outdoors)'
    case 'transplant':
      return 'When to plant (transplant)'
    case 'plant_now': {
      const note = window.notes ?? ''
      if (CUTTINGS.test(note)) return 'When to plant (cuttings)'
      if (DIVISIONS.test(note)) return 'When to plant (division)'
      if (PLANTS.test(note)) return 'When to plant (transplant)'
      return slug === undefined ? undefined : PLANT_NOW_BY_HAND.get(slug)?.key
    }
  }
}

export function celsius(fahrenheit: number): number {
  return Math.round(((fahrenheit - 32) * 5) / 9)
}

/** The same window, whatever its note. */
function windowId(window: CalendarWindow): string {
  return `${window.action} ${window.anchor} ${window.fromFrostDays} ${window.toFrostDays}`
}

/**
 * The attributes of one calendar entry, or of several kinds of one crop taken together (kinds must give
 * the same windows; Days to maturity spans theirs; Germination temperature only where they agree).
 */
export function calendarAttributes(kinds: CalendarEntry[]): Attribute[] {
  const [first, ...rest] = kinds
  if (!first) return []
  const ids = (entry: CalendarEntry): string => entry.windows.map(windowId).sort().join('|')
  for (const other of rest) {
    if (ids(other) !== ids(first))
      throw new Error(`CropGraph kinds ${first.slug} and ${other.slug} give different windows`)
  }
  const byKey = new Map<string, CalendarWindow[]>()
  for (const window of first.windows) {
    const key = windowKey(window, first.slug)
    if (!key) continue
    const list = byKey.get(key) ?? []
    if (!list.some((seen) => windowId(seen) === windowId(window))) list.push(window)
    byKey.set(key, list)
  }
  const data: Attribute[] = []
  for (const key of CALENDAR_KEYS) {
    const windows = byKey.get(key)
    if (!windows) continue
    const ordered = [...windows].sort(
      (a, b) =>
        Number(a.anchor === 'first_fall') - Number(b.anchor === 'first_fall') ||
        a.fromFrostDays - b.fromFrostDays ||
        a.toFrostDays - b.toFrostDays,
    )
    data.push({ key, value: ordered.map(windowText).join('; ') })
  }
  const min = Math.min(...kinds.map((kind) => kind.daysToHarvest.min))
  const max = Math.max(...kinds.map((kind) => kind.daysToHarvest.max))
  if (min > 0 && max >= min)
    data.push({ key: 'Days to maturity', value: min === max ? `${min}` : `${min}-${max}` })
  const temperatures = new Set(
    kinds.map((kind) => (kind.minSoilTempF === null ? undefined : celsius(kind.minSoilTempF))),
  )
  const [temperature] = temperatures
  if (temperatures.size === 1 && temperature !== undefined)
    data.push({ key: 'Germination temperature', value: `${temperature}` })
  const zones = new Set(kinds.map((kind) => (kind.season === 'perennial' ? kind.zoneRange?.min : undefined)))
  const [zone] = zones
  if (zones.size === 1 && zone !== undefined && zone >= 1)
    data.push({ key: 'USDA Hardiness zone', value: `${zone}` })
  return data
}
