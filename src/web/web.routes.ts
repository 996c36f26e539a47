// The website, on the same origin as /api: server-rendered pages that call the same services as the API.
// Pages work without JavaScript; the one stylesheet is served from src/web/public.
import { fromRoot } from '../paths.ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyStatic from '@fastify/static'
import { Type } from 'typebox'
import { PageNumber } from '../http/integers.ts'
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import type { Plant } from '../plants/plant.ts'
import type { OffsetPagination } from '../paging.ts'
import { countAllPlants } from '../plants/plant-reads.ts'
import { SEARCH_PARAMETERS, searchPlants } from '../search/search.service.ts'
import { suggestPlants } from '../search/suggest.service.ts'
import { SuggestQuery } from '../search/search.routes.ts'
import { listAttributes } from '../attributes/attribute.service.ts'
import { FACET_VALUE_MAX_LENGTH, normalizeFacet } from '../plants/plant.ts'
import { recentChanges } from '../revisions/recent-changes.ts'
import { stylesheetRoute } from './stylesheet.ts'
import { CROP_ICONS_DIR, CROP_ICONS_PATH } from '../images/crop-icons.ts'
import { HomePage } from './pages/home.tsx'
import { shownPictureCredits, type PictureCredit } from '../images/image.service.ts'
import { SearchPage, type Facet, type Interpretation, type RangeFields } from './pages/search.tsx'
import { PlantPage, GROWING_CONDITIONS } from './pages/plant.tsx'
import { MessagePage } from './pages/message.tsx'
import { plantPageView } from './plant-page.ts'
import { viewerOf } from './viewer.ts'
import { frostDatesOf } from './frost-dates.ts'

const HTML_TYPE = 'text/html; charset=utf-8'
const HARDINESS_KEY = 'USDA Hardiness zone'
/** The attributes offered as search filters, with their most frequent values; the numeric ones (Height,
 * USDA Hardiness zone) are offered as ranges instead. */
const FILTERS = [
  ...GROWING_CONDITIONS.filter((key) => !['Height', 'Width', 'Soil pH', HARDINESS_KEY].includes(key)),
  'Edible parts',
]

const FacetValue = Type.Union([
  Type.String({ format: 'single-line', maxLength: FACET_VALUE_MAX_LENGTH }),
  Type.Array(Type.String({ format: 'single-line', maxLength: FACET_VALUE_MAX_LENGTH }), { maxItems: 20 }),
])
/** A range field as typed; the route reads it, so a wrong one gets a message on the search page. */
const RangeField = Type.Optional(Type.String({ format: 'single-line', maxLength: 20 }))
const SearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ format: 'single-line', maxLength: 200 })),
    page: Type.Optional(PageNumber(10_000)),
    height_from: RangeField,
    height_to: RangeField,
    hardy_to_zone: RangeField,
  },
  { additionalProperties: FacetValue, maxProperties: 24 },
)

export async function webRoutes(
  web: FastifyInstance,
  { store, contact }: { store: Store; contact: string | null },
): Promise<void> {
  stylesheetRoute(web)
  await web.register(fastifyStatic, {
    root: fromRoot('src/web/public'),
    prefix: '/static/',
    maxAge: '1h',
  })
  // FarmBot's crop icons, for the cards of plants without a photo (images/crop-icons.ts): from the
  // repository, as the stylesheet is. The first registration decorates the reply already.
  await web.register(fastifyStatic, {
    root: CROP_ICONS_DIR,
    prefix: CROP_ICONS_PATH,
    maxAge: '1d',
    decorateReply: false,
  })
  const page = async (reply: FastifyReply, html: JSX.Element) => reply.type(HTML_TYPE).send(await html)

  web.get('/', { schema: { hide: true } }, async (request, reply) => {
    const viewer = await viewerOf(request, store)
    const [plants, recent] = await Promise.all([countAllPlants(store), recentChanges(store, {}, viewer)])
    return page(reply, HomePage({ plants, latest: recent.changes.slice(0, LATEST_SHOWN), viewer, contact }))
  })

  web.get('/search', { schema: { hide: true, querystring: SearchQuery } }, async (request, reply) => {
    const { q = '', page: pageNumber, ...given } = request.query as WebSearchQuery
    const registry = JSON.parse(await listAttributes(store)) as { attributes: RegistryKey[] }
    const { ranges, filters } = rangesAndFilters(given)
    const facets: Facet[] = FILTERS.flatMap((key) => {
      const attribute = registry.attributes.find((each) => each.key === key)
      const value = filters[key]
      return attribute
        ? [{ key, values: attribute.values, chosen: typeof value === 'string' ? value : '' }]
        : []
    })
    const numeric = new Set(registry.attributes.filter((each) => each.numeric).map((each) => each.key))
    const view = {
      query: q,
      facets,
      ranges,
      offered: { height: numeric.has('Height'), zone: numeric.has(HARDINESS_KEY) },
      others: [...Object.entries(filters), ...Object.entries(ranges as Record<string, string>)].flatMap(
        ([name, value]) => [value].flat().map((each): [string, string] => [name, each]),
      ),
      plants: [] as Plant[],
      credits: new Map<number, PictureCredit>(),
      pagination: null as OffsetPagination | null,
      interpretation: null as Interpretation | null,
      viewer: await viewerOf(request, store),
    }
    const asked = rangeParameters(ranges)
    if (typeof asked === 'string') return page(reply.code(400), SearchPage({ ...view, problem: asked }))
    const keys = new Set(registry.attributes.map((each) => normalizeFacet(each.key)))
    const browsing =
      Object.keys(asked).length > 0 ||
      Object.keys(filters).some(
        (name) => keys.has(normalizeFacet(name)) && !(SEARCH_PARAMETERS as readonly string[]).includes(name),
      )
    if (!q.trim() && !browsing) return page(reply, SearchPage(view))
    try {
      const { json } = await searchPlants(store, {
        ...filters,
        ...asked,
        ...(q.trim() ? { q } : {}),
        page: pageNumber ?? 1,
        per_page: 20,
      })
      const answer = JSON.parse(json) as SearchAnswerJson
      const credits = await shownPictureCredits(store, answer.plants)
      return page(reply, SearchPage({ ...view, ...answer, credits }))
    } catch (error) {
      // A filter the search refuses (a range on a key that takes values, say) is said on the page itself.
      if (error instanceof AppError && error.status === 400)
        return page(reply.code(400), SearchPage({ ...view, problem: error.msg }))
      throw error
    }
  })

  // The search box's type-ahead: the same service and answer as GET /api/suggest, without a key, so the
  // page's script never holds one.
  web.get('/suggest', { schema: { hide: true, querystring: SuggestQuery } }, async (request) =>
    suggestPlants(store, (request.query as { q: string }).q),
  )

  web.get(
    '/plants/:slug',
    {
      schema: {
        hide: true,
        params: Type.Object({ slug: Type.String({ format: 'single-line', maxLength: 200 }) }),
      },
    },
    async (request, reply) => {
      const { slug } = request.params as { slug: string }
      const view = await plantPageView(store, slug, frostDatesOf(request))
      return page(reply, PlantPage({ ...view, viewer: await viewerOf(request, store) }))
    },
  )
}

/** The latest changes on the home page; /changes has them all. */
const LATEST_SHOWN = 5

type WebSearchQuery = { q?: string; page?: number } & Record<string, string | string[] | undefined>
type RegistryKey = { key: string; values: { value: string; plants: number }[]; numeric: boolean }
type SearchAnswerJson = { plants: Plant[]; pagination: OffsetPagination; interpretation: Interpretation }

const RANGE_FIELDS = ['height_from', 'height_to', 'hardy_to_zone'] as const

/** The range fields as typed (trimmed, empty ones left out), apart from the facets; empty facets are no filter. */
function rangesAndFilters(given: Record<string, string | string[] | undefined>) {
  const ranges: RangeFields = {}
  const filters: [string, string | string[]][] = []
  for (const [name, value] of Object.entries(given)) {
    const values = [value ?? []].flat().filter((each) => each.trim() !== '')
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

/** The page for an error on a page (the API answers the same errors as JSON). */
export function errorPage(error: AppError): JSX.Element {
  const titles: Record<number, string> = {
    400: 'That request is not right',
    403: 'Not allowed',
    404: 'Page not found',
    405: 'Page not found',
    429: 'Too many at once',
    503: 'Briefly unavailable',
  }
  // Some kinds share a status but not what a person should read first.
  const byKind: Partial<Record<AppError['kind'], string>> = {
    formExpired: 'That form has expired',
    accountBlocked: 'This account is blocked',
  }
  const title =
    byKind[error.kind] ??
    titles[error.status] ??
    (error.status >= 500 ? 'Something went wrong' : 'That did not work')
  return MessagePage({ title, message: error.status === 405 ? 'There is no such page.' : error.msg })
}

export { HTML_TYPE }
