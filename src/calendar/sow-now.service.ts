// GET /calendar: what to sow or plant on a date, for a place's frost dates. The plants with a window open
// on that date, in id order, narrowed by action, type and the search's facets, with those windows dated.
// Read from the window index, so no plant is parsed per request. A plant is listed for its own windows:
// a variety without windows of its own follows its plant's, and is not listed beside it (its plant is).
// The website's "Sow now" page asks the same about a week or a month (plantsToSow).
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { countedPagination, offsetWindow, plantListJson, type PageRequest } from '../paging.ts'
import type { IgnoredParameter } from '../text/closest-name.ts'
import { facetFilters } from '../search/facet-parameters.ts'
import { phraseBookOf } from '../search/phrase-book-cache.ts'
import { filterCondition, type PlantFilter } from '../search/plant-filter.ts'
import { toPlantType, type TypeParam } from '../search/search.service.ts'
import type { PlantType } from '../plants/plant.ts'
import { dated, NO_FIRST_FROST, type DatedWindow } from './calendar.service.ts'
import { WINDOW_KEYS, windowKey, type CalendarAction, type FrostWindow } from '../plants/frost-windows.ts'
import { sourceNamesOf } from '../provenance/provenance.service.ts'
import type { Plant } from '../plants/plant.ts'
import { plantOf } from '../plants/plant-reads.ts'
import { daysBetween, isoDate, isoDay, seasonsAround, type Season } from './season.ts'
import { openPlants, windowsOf, type FrostOffsets } from './sow-now.repository.ts'

/** The parameters of /calendar itself; every other name is a facet, as in /search. */
const SOW_NOW_PARAMETERS = [
  'last_frost',
  'first_frost',
  'date',
  'action',
  'type',
  'page',
  'per_page',
] as const

export interface SowNowParams extends PageRequest {
  last_frost: string
  first_frost?: string | undefined
  date?: string | undefined
  action?: string | undefined
  type?: TypeParam | undefined
  [facet: string]: unknown
}

export interface SowNowAnswer {
  json: string
  ignored: IgnoredParameter[]
  /** the total is an estimate (also in the pagination) */
  estimated: boolean
}

const ACTIONS = [...new Set(Object.values(WINDOW_KEYS))]

export async function sowNow(
  store: Store,
  params: SowNowParams,
  { strict }: { strict: boolean } = { strict: false },
): Promise<SowNowAnswer> {
  const date = params.date === undefined ? today() : isoDay('date', params.date)
  const seasons = seasonsAround(date, params.last_frost, params.first_frost)
  const actions = actionsOf(params.action)
  const { page, perPage, limit, offset } = offsetWindow(params)
  const book = await phraseBookOf(store.reader)
  const { filters, ignored } = await facetFilters(
    store.reader,
    params,
    SOW_NOW_PARAMETERS,
    book,
    strict,
    '/calendar',
  )
  const found = await plantsToSow(store, {
    seasons,
    from: date,
    to: date,
    actions,
    type: params.type ? toPlantType(params.type) : null,
    filters,
    limit,
    offset,
  })
  const notes = params.first_frost === undefined ? [NO_FIRST_FROST] : []
  return {
    json: plantListJson(
      found.plants.map((plant) => plant.doc),
      countedPagination(page, perPage, found),
      { date: isoDate(date), windows: found.windows, notes },
    ),
    ignored,
    estimated: found.estimated,
  }
}

export interface SowingQuery {
  /** The seasons that may hold the days (seasonsAround). */
  seasons: Season[]
  /** The first and last day asked about: a window open on any of them counts. */
  from: Date
  to: Date
  /** null: every action. */
  actions: readonly CalendarAction[] | null
  type: PlantType | null
  filters: PlantFilter[]
  limit: number
  offset: number
}

export interface PlantsToSow {
  total: number
  /** the total is an estimate (paging.ts countLimit) */
  estimated: boolean
  /** Each plant's document as stored (the API sends it) and as read (the website shows its fields). */
  plants: { id: number; doc: string; plant: Plant }[]
  /** By plant id: its windows open on one of the days, dated in the season that holds them. */
  windows: Record<string, DatedWindow[]>
}

/** The plants with a window of their own open on a day from `from` to `to`, in id order. */
export async function plantsToSow(store: Store, query: SowingQuery): Promise<PlantsToSow> {
  const found = await openPlants(store.reader, {
    actions: query.actions,
    offsets: offsetsOf(query.from, query.to, query.seasons),
    type: query.type,
    filter: filterCondition(query.filters),
    limit: query.limit,
    offset: query.offset,
  })
  const windows: Record<string, DatedWindow[]> = {}
  const ids = found.rows.map((plant) => plant.id)
  const plants = found.rows.map((row) => ({ ...row, plant: plantOf(row.doc) }))
  const docs = plants.map(({ id, plant }) => ({ id, data: plant.data }))
  const byId = new Map(docs.map((plant) => [plant.id, plant]))
  const sources = await sourceNamesOf(store, docs)
  for (const row of await windowsOf(store.reader, ids)) {
    const data = byId.get(row.plant_id)?.data ?? []
    const window: FrostWindow = {
      action: row.action,
      key: windowKey(row.action, data),
      anchor: row.anchor,
      fromDays: row.from_days,
      toDays: row.to_days,
      note: row.note,
    }
    if (query.actions !== null && !query.actions.includes(window.action)) continue
    const season = query.seasons.find((each) => isOpen(window, each, query.from, query.to))
    if (season) (windows[row.plant_id] ??= []).push(dated(window, season, sources.get(row.plant_id)))
  }
  return { total: found.total, estimated: found.estimated, plants, windows }
}

/** Today, UTC. */
export const today = () => new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)

/** `sow_indoors,sow_outdoors`: the actions asked for; null for all. */
function actionsOf(text: string | undefined): CalendarAction[] | null {
  if (text === undefined || text.trim() === '') return null
  const asked = text.split(',').map((part) => part.trim())
  const unknown = asked.filter((action) => !(ACTIONS as string[]).includes(action))
  if (unknown.length > 0) {
    throw new AppError(
      'badRequest',
      `Parameter action: "${unknown[0]!.slice(0, 30)}" is not an action; send one or more of ${ACTIONS.join(', ')}, separated by commas.`,
    )
  }
  return [...new Set(asked)] as CalendarAction[]
}

/** The days' distances from each season's frosts (the first frost only when it was given). */
function offsetsOf(from: Date, to: Date, seasons: Season[]): FrostOffsets {
  const span = (frost: Date) => ({ from: daysBetween(frost, from), to: daysBetween(frost, to) })
  return {
    last: seasons.map((season) => span(season.lastFrost)),
    first: seasons.flatMap((season) => (season.firstFrost ? [span(season.firstFrost)] : [])),
  }
}

function isOpen(window: FrostWindow, season: Season, from: Date, to: Date): boolean {
  const frost = window.anchor === 'last' ? season.lastFrost : season.firstFrost
  if (frost === null) return false
  return window.fromDays <= daysBetween(frost, to) && window.toDays >= daysBetween(frost, from)
}
