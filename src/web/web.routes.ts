// The website, on the same origin as /api: server-rendered pages that call the same services as the API.
// Pages work without JavaScript; the one stylesheet is served from src/web/public.
import { fromRoot } from '../paths.ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyStatic from '@fastify/static'
import { Type } from 'typebox'
import type { Store } from '../db/store.ts'
import type { AppError } from '../errors.ts'
import type { Plant } from '../plants/plant.ts'
import type { OffsetPagination } from '../paging.ts'
import { countAllPlants } from '../plants/plant-reads.ts'
import { searchPlants, type SearchParams } from '../search/search.service.ts'
import { suggestPlants } from '../search/suggest.service.ts'
import { SuggestQuery } from '../search/search.routes.ts'
import { listAttributes } from '../attributes/attribute.service.ts'
import { FACET_VALUE_MAX_LENGTH } from '../plants/plant.ts'
import { HomePage } from './pages/home.tsx'
import { SearchPage, type Facet } from './pages/search.tsx'
import { PlantPage, GROWING_CONDITIONS } from './pages/plant.tsx'
import { MessagePage } from './pages/message.tsx'
import { plantPageView } from './plant-page.ts'
import { viewerOf } from './viewer.ts'

const HTML_TYPE = 'text/html; charset=utf-8'
/** The attributes offered as search filters, with their most frequent values. */
const FILTERS = [
  ...GROWING_CONDITIONS.filter((key) => !['Height', 'Width', 'Soil pH'].includes(key)),
  'Edible parts',
]

const FacetValue = Type.Union([
  Type.String({ format: 'single-line', maxLength: FACET_VALUE_MAX_LENGTH }),
  Type.Array(Type.String({ format: 'single-line', maxLength: FACET_VALUE_MAX_LENGTH }), { maxItems: 20 }),
])
const SearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ format: 'single-line', maxLength: 200 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  },
  { additionalProperties: FacetValue, maxProperties: 24 },
)

export async function webRoutes(
  web: FastifyInstance,
  { store, contact }: { store: Store; contact: string | null },
): Promise<void> {
  await web.register(fastifyStatic, {
    root: fromRoot('src/web/public'),
    prefix: '/static/',
    maxAge: '1h',
  })
  const page = async (reply: FastifyReply, html: JSX.Element) => reply.type(HTML_TYPE).send(await html)

  web.get('/', { schema: { hide: true } }, async (request, reply) =>
    page(
      reply,
      HomePage({ plants: await countAllPlants(store), viewer: await viewerOf(request, store), contact }),
    ),
  )

  web.get('/search', { schema: { hide: true, querystring: SearchQuery } }, async (request, reply) => {
    const { q = '', page: pageNumber, ...chosen } = request.query as SearchParams & { q?: string }
    const filters = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== ''))
    const registry = JSON.parse(await listAttributes(store)) as {
      attributes: { key: string; values: { value: string; plants: number }[] }[]
    }
    const facets: Facet[] = FILTERS.flatMap((key) => {
      const attribute = registry.attributes.find((each) => each.key === key)
      const value = filters[key]
      return attribute
        ? [{ key, values: attribute.values, chosen: typeof value === 'string' ? value : '' }]
        : []
    })
    const base = new URLSearchParams({ q, ...(filters as Record<string, string>) }).toString()
    const viewer = await viewerOf(request, store)
    if (!q.trim())
      return page(reply, SearchPage({ query: q, facets, plants: [], pagination: null, base, viewer }))
    const { json } = await searchPlants(store, { ...filters, q, page: pageNumber ?? 1, per_page: 20 })
    const result = JSON.parse(json) as { plants: Plant[]; pagination: OffsetPagination }
    return page(reply, SearchPage({ query: q, facets, ...result, base, viewer }))
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
      const view = await plantPageView(store, slug)
      return page(reply, PlantPage({ ...view, viewer: await viewerOf(request, store) }))
    },
  )
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

export const isPagePath = (url: string): boolean => !url.startsWith('/api/') && url !== '/api'
export { HTML_TYPE }
