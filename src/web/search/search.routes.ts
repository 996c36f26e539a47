// The search page (/search: words, facet filters, range fields, paging) and its box's type-ahead
// (/suggest).
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { Type } from 'typebox'
import type { Store } from '../../db/store.ts'
import { PageNumber } from '../../http/integers.ts'
import { FACET_VALUE_MAX_LENGTH } from '../../plants/plant.ts'
import { SuggestQuery } from '../../search/search.routes.ts'
import { suggestPlants } from '../../search/suggest.service.ts'
import { sendPage } from '../common/page-replies.ts'
import { viewerOf } from '../common/viewer.ts'
import { SearchPage } from './search.tsx'
import { searchPageView } from './search.view.ts'

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

export async function searchRoutes(web: TypedFastify, { store }: { store: Store }): Promise<void> {
  web.get('/search', { schema: { hide: true, querystring: SearchQuery } }, async (request, reply) => {
    const { view, status } = await searchPageView(store, request.query)
    return sendPage(reply, SearchPage({ ...view, viewer: await viewerOf(request, store) }), { status })
  })

  // The search box's type-ahead: the same service and answer as GET /api/suggest, without a key, so the
  // page's script never holds one.
  web.get('/suggest', { schema: { hide: true, querystring: SuggestQuery } }, async (request) =>
    suggestPlants(store, request.query.q),
  )
}
