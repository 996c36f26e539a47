// GET /search and POST /search: full-text search with facets, and (POST) the exact-match form.
import { Type } from 'typebox'
import { ErrorSchema, PageQuery, commonErrors } from '../http/schemas.ts'
import { sendJson, type Api, type ApiOptions } from '../http/api-context.ts'
import { component } from '../http/openapi.ts'
import { PlantListSchema, PlantSchema } from '../plants/plant.schemas.ts'
import { findExactPlants, searchFormOf, searchPlants } from './search.service.ts'

const tags = ['search']
const FacetValue = Type.Union(
  [Type.String({ maxLength: 200 }), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })],
  {
    description: 'Any other parameter is an attribute key; one value, or several (matching as OR).',
  },
)
const TypeFilter = Type.Enum(['Plant', 'Species', 'Variety'])
const Query = Type.String({
  maxLength: 200,
  description: 'Words to find in names, scientific names and descriptions.',
})
const RESERVED = new Set(['q', 'type', 'page', 'per_page', 'scientific_name', 'name'])

const SearchQuery = Type.Object(
  { q: Query, type: Type.Optional(TypeFilter), ...PageQuery.properties },
  { additionalProperties: FacetValue, maxProperties: 24 },
)

const SearchBody = Type.Object(
  {
    q: Type.Optional(Query),
    type: Type.Optional(TypeFilter),
    ...PageQuery.properties,
    scientific_name: Type.Optional(
      Type.String({
        maxLength: 300,
        description: 'Exact-match form: the exact, case-sensitive scientific name.',
      }),
    ),
    name: Type.Optional(
      Type.String({ maxLength: 300, description: 'Exact-match form: the exact common name.' }),
    ),
  },
  { additionalProperties: FacetValue, maxProperties: 24 },
)

const ExactListSchema = component(
  'ExactPlantList',
  Type.Object({ plants: Type.Array(PlantSchema) }, { description: 'Every plant of the exact match.' }),
)

function facetsOf(params: Record<string, unknown>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(params).filter(([key]) => !RESERVED.has(key)) as [string, string | string[]][],
  )
}

export async function searchRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/search',
    {
      schema: {
        tags,
        operationId: 'searchPlants',
        summary: 'Full-text search; any attribute key is a facet (repeat it for OR)',
        querystring: SearchQuery,
        response: { 200: PlantListSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown> & typeof request.query
      return sendJson(reply, await searchPlants(store, { ...query, facets: facetsOf(query) }))
    },
  )

  api.post(
    '/search',
    {
      schema: {
        tags,
        operationId: 'searchPlantsWithBody',
        summary: 'Full-text search (q) or exact match (scientific_name + type [+ name])',
        body: SearchBody,
        response: {
          200: Type.Union([PlantListSchema, ExactListSchema], {
            description: 'A page of plants (full-text form), or every exact match (exact-match form).',
          }),
          ...commonErrors,
          415: ErrorSchema,
          422: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown> & typeof request.body
      if (searchFormOf(body) === 'exact') {
        const { scientific_name = '', type = 'Plant', name } = body
        return sendJson(reply, await findExactPlants(store, { scientific_name, type, name }))
      }
      return sendJson(reply, await searchPlants(store, { ...body, q: body.q ?? '', facets: facetsOf(body) }))
    },
  )
}
