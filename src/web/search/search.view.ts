// What the search page shows for the query string it was asked with: the facet filters from the attribute
// registry, the range fields as typed (or what is wrong with them, in the form's words), and the API's
// search of the words and filters, 20 plants a page.
import type { Store } from '../../db/store.ts'
import { AppError } from '../../errors.ts'
import { attributeRegistry } from '../../attributes/attribute.service.ts'
import { shownPictureCredits, type PictureCredit } from '../../images/image.service.ts'
import { normalizeFacet } from '../../plants/plant.ts'
import { SEARCH_PARAMETERS, searchPlantList } from '../../search/search.service.ts'
import { GROWING_CONDITIONS } from '../plant/plant.tsx'
import type { Facet, RangeFields, SearchView } from './search.tsx'

const HARDINESS_KEY = 'USDA Hardiness zone'
/** The attributes offered as search filters, with their most frequent values; the numeric ones (Height,
 * USDA Hardiness zone) are offered as ranges instead. */
const FILTERS = [
  ...GROWING_CONDITIONS.filter((key) => !['Height', 'Width', 'Soil pH', HARDINESS_KEY].includes(key)),
  'Edible parts',
]
const PER_PAGE = 20

/** The page's query string: q and page, the range fields, and any facet by its key (one value or several). */
export type WebSearchQuery = { q?: string; page?: number; [parameter: string]: unknown }

/** The search page's view and its status: 400 with the problem said on the page when a range field or a
 * filter is refused. */
export async function searchPageView(
  store: Store,
  { q = '', page, ...given }: WebSearchQuery,
): Promise<{ view: SearchView; status: number }> {
  const registry = await attributeRegistry(store)
  const { ranges, filters } = rangesAndFilters(given)
  const facets: Facet[] = FILTERS.flatMap((key) => {
    const attribute = registry.attributes.find((each) => each.key === key)
    const value = filters[key]
    return attribute
      ? [{ key, values: attribute.values, chosen: typeof value === 'string' ? value : '' }]
      : []
  })
  const numeric = new Set(registry.attributes.filter((each) => each.numeric).map((each) => each.key))
  const view: SearchView = {
    query: q,
    facets,
    ranges,
    offered: { height: numeric.has('Height'), zone: numeric.has(HARDINESS_KEY) },
    others: [...Object.entries(filters), ...Object.entries(ranges as Record<string, string>)].flatMap(
      ([name, value]) => [value].flat().map((each): [string, string] => [name, each]),
    ),
    plants: [],
    credits: new Map<number, PictureCredit>(),
    pagination: null,
    interpretation: null,
  }
  const asked = rangeParameters(ranges)
  if (typeof asked === 'string') return { view: { ...view, problem: asked }, status: 400 }
  const keys = new Set(registry.attributes.map((each) => normalizeFacet(each.key)))
  const browsing =
    Object.keys(asked).length > 0 ||
    Object.keys(filters).some(
      (name) => keys.has(normalizeFacet(name)) && !(SEARCH_PARAMETERS as readonly string[]).includes(name),
    )
  if (!q.trim() && !browsing) return { view, status: 200 }
  try {
    const answer = await searchPlantList(store, {
      ...filters,
      ...asked,
      ...(q.trim() ? { q } : {}),
      page: page ?? 1,
      per_page: PER_PAGE,
    })
    const credits = await shownPictureCredits(store, answer.plants)
    return { view: { ...view, ...answer, credits }, status: 200 }
  } catch (error) {
    // A filter the search refuses (a range on a key that takes values, say) is said on the page itself.
    if (error instanceof AppError && error.status === 400)
      return { view: { ...view, problem: error.msg }, status: 400 }
    throw error
  }
}

const RANGE_FIELDS = ['height_from', 'height_to', 'hardy_to_zone'] as const

/** The range fields as typed (trimmed, empty ones left out), apart from the facets; empty facets are no filter. */
function rangesAndFilters(given: Record<string, unknown>) {
  const ranges: RangeFields = {}
  const filters: [string, string | string[]][] = []
  for (const [name, value] of Object.entries(given)) {
    const values = [value ?? []]
      .flat()
      .filter((each): each is string => typeof each === 'string' && each.trim() !== '')
    if ((RANGE_FIELDS as readonly string[]).includes(name)) {
      if (typeof value === 'string' && value.trim() !== '') ranges[name as keyof RangeFields] = value.trim()
    } else if (values.length > 0) filters.push([name, values.length === 1 ? values[0]! : values])
  }
  // fromEntries, not assignment: a parameter named __proto__ stays a parameter.
  return { ranges, filters: Object.fromEntries(filters) }
}

/** A height in metres as the number field sends it: plain decimals, never negative. */
const METRES = /^(?:\d{1,6}(?:\.\d{1,6})?|\.\d{1,6})$/

/** The search's range facets from the form's range fields (Height=1..3, USDA Hardiness zone=..4), or what
 * is wrong with them, in the form's words. */
function rangeParameters(ranges: RangeFields): Record<string, string> | string {
  const parameters: Record<string, string> = {}
  const from = ranges.height_from ?? ''
  const to = ranges.height_to ?? ''
  for (const [label, text] of [
    ['Height from', from],
    ['Height to', to],
  ] as const) {
    if (text !== '' && !METRES.test(text))
      return `${label}: “${text}” is not a height in metres. Write a number such as 0.5 or 2, or leave it empty.`
  }
  if (from !== '' && to !== '' && Number(from) > Number(to))
    return `Height from (${from} m) is more than Height to (${to} m). Swap them, or leave one empty.`
  if (from !== '' || to !== '')
    parameters.Height = `${from === '' ? '' : String(Number(from))}..${to === '' ? '' : String(Number(to))}`
  const zone = ranges.hardy_to_zone
  if (zone !== undefined) {
    if (!/^\d{1,2}$/.test(zone) || Number(zone) < 1 || Number(zone) > 13)
      return `Hardy to zone: “${zone}” is not a zone. Choose a zone from 1 to 13, or Any.`
    // The value is the coldest zone a plant survives: hardy to zone 4 is 4 or lower.
    parameters[HARDINESS_KEY] = `..${Number(zone)}`
  }
  return parameters
}
