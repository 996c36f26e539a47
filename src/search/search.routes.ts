// GET /search and POST /search: full-text search with facets, and (POST) the exact-match form. A POST's
// parameters are its query string's and its JSON body's together, the body winning on a conflict, so
// clients that put them in the URL of a POST work too.
import { Type } from 'typebox'
import { OffsetPaginationSchema, PageQuery, commonErrors, writeErrors } from '../http/schemas.ts'
import { sendJson, type Api, type ApiOptions } from '../http/api-context.ts'
import { isStrict, reportIgnored } from '../http/parameter-names.ts'
import { component } from '../http/openapi.ts'
import { PlantSchema } from '../plants/plant.schemas.ts'
import { FACET_VALUE_MAX_LENGTH } from '../plants/plant.ts'
import { TOTAL_ESTIMATED_HEADER } from '../paging.ts'
import { findExactPlants, searchFormOf, searchPlants, type SearchParams } from './search.service.ts'
import { suggestPlants } from './suggest.service.ts'

const tags = ['search']
const FacetText = Type.String({ format: 'single-line', maxLength: FACET_VALUE_MAX_LENGTH })
export const FacetValue = Type.Union([FacetText, Type.Array(FacetText, { maxItems: 50 })], {
  description:
    'Any other parameter is an attribute key in use (case-insensitive; GET /api/attributes lists them): ' +
    'one value, or several matching as OR; an empty value or array is no filter. A numeric key ' +
    '(GET /api/attributes marks them) also takes one range min..max, either side left out: Height=1..3, ' +
    'Height=20.., USDA Hardiness zone=..5; a plant matches when its value (a stored range counts as its span) ' +
    'overlaps it.',
})
export const TypeFilter = Type.Enum(['Plant', 'Species', 'Variety'])
const Query = Type.String({
  maxLength: 200,
  description:
    'What to find, as a gardener says it: words naming attribute values become constraints ("full sun ground ' +
    'cover", "drought tolerant perennials", "hardy to zone 4", "taller than 30 m", "companion plants for tomato"), ' +
    'the rest are searched in names, scientific names and descriptions; soft words ("plant", "seeds") are dropped. ' +
    "The answer's interpretation says how it was read. May be left out or empty when a facet or range is given: " +
    'then the plants meeting them, in id order.',
})
const ExactName = (description: string) => Type.String({ format: 'single-line', maxLength: 300, description })

const SearchQuery = Type.Object(
  { q: Type.Optional(Query), type: Type.Optional(TypeFilter), ...PageQuery.properties },
  { additionalProperties: FacetValue, maxProperties: 24 },
)

const PostParams = Type.Object(
  {
    q: Type.Optional(Query),
    type: Type.Optional(TypeFilter),
    ...PageQuery.properties,
    scientific_name: Type.Optional(ExactName('Exact-match form: the exact, case-sensitive scientific name.')),
    name: Type.Optional(ExactName('Exact-match form: the exact common name.')),
  },
  { additionalProperties: FacetValue, maxProperties: 24 },
)

const Words = Type.String({ description: 'The words of q it was read from.' })
const ConstraintSchema = Type.Union(
  [
    Type.Object({
      kind: Type.Literal('value'),
      key: Type.String(),
      values: Type.Array(Type.String(), { description: 'Any of these values (or an element of the value).' }),
      words: Words,
    }),
    Type.Object({
      kind: Type.Literal('has'),
      key: Type.String({ description: 'The plant has this key, whatever its value ("nitrogen fixers").' }),
      words: Words,
    }),
    Type.Object({
      kind: Type.Literal('range'),
      key: Type.String({ description: 'A numeric key (GET /api/attributes says which).' }),
      min: Type.Union([Type.Number(), Type.Null()]),
      max: Type.Union([Type.Number(), Type.Null()]),
      unit: Type.Union([Type.String(), Type.Null()], { description: 'The unit the key is stored in: m.' }),
      words: Words,
    }),
    Type.Object({
      kind: Type.Literal('companions'),
      plant: Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        scientific_name: Type.String(),
        link: Type.String(),
      }),
      words: Words,
    }),
  ],
  { description: 'One constraint read from q.' },
)

const SearchResultSchema = component(
  'SearchResult',
  Type.Object(
    {
      plants: Type.Array(PlantSchema),
      pagination: OffsetPaginationSchema,
      interpretation: Type.Object(
        {
          constraints: Type.Array(ConstraintSchema, {
            description:
              'What q was read to ask of a plant. Plants matching the name words that meet every constraint ' +
              'come first (a plant whose whole name the name words are, first of all); without name words, ' +
              'only the plants meeting them, in id order. Values of one key match as OR.',
          }),
          name_words: Type.Array(Type.String(), {
            description: 'The words of q searched in names, scientific names and descriptions.',
          }),
          dropped_words: Type.Array(Type.String(), {
            description: 'Soft words of q that add nothing to a name ("plant", "seeds", "for"): left out.',
          }),
          unmatched_words: Type.Array(Type.String(), {
            description:
              'Name words no plant matches together with the others: the search ran without them, so the ' +
              'plants shown match the other words.',
          }),
          ignored_parameters: Type.Array(
            Type.Object({
              name: Type.String(),
              did_you_mean: Type.Union([Type.String(), Type.Null()], {
                description: 'The parameter or attribute key it most likely meant, if one is close.',
              }),
            }),
            {
              description:
                'Names that are neither a search parameter nor an attribute key in use: the search ran ' +
                'without them (the Hortus-Ignored-Parameters header names them too). ' +
                'With Prefer: handling=strict they are a 400 instead.',
            },
          ),
        },
        { description: 'How the request was read.' },
      ),
    },
    { description: 'A page of plants, and how the request was read.' },
  ),
)

const ExactListSchema = component(
  'ExactPlantList',
  Type.Object({ plants: Type.Array(PlantSchema) }, { description: 'Every plant of the exact match.' }),
)

export const SuggestQuery = Type.Object({
  q: Type.String({
    maxLength: 200,
    description: 'What has been typed so far: the start of a common, scientific or other name.',
    examples: ['toma'],
  }),
})

const SuggestionListSchema = component(
  'SuggestionList',
  Type.Object(
    {
      suggestions: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          scientific_name: Type.String(),
          type: Type.Enum(['Plant', 'Variety']),
        }),
        { maxItems: 10 },
      ),
    },
    {
      description:
        'Up to 10 plants with a name starting with the typed words; from the fourth letter a typo is corrected.',
      examples: [
        {
          suggestions: [
            { id: 1699, name: 'Tomato', scientific_name: 'Solanum lycopersicum', type: 'Plant' },
            { id: 1255, name: 'Tomatillo', scientific_name: 'Physalis philadelphica', type: 'Plant' },
          ],
        },
      ],
    },
  ),
)

export async function searchRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/search',
    {
      schema: {
        tags,
        operationId: 'searchPlants',
        summary: 'Full-text search; any attribute key is a facet (repeat it for OR)',
        querystring: SearchQuery,
        response: { 200: SearchResultSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const { json, ignored, estimated } = await searchPlants(store, request.query, {
        strict: isStrict(request),
      })
      reportIgnored(reply, ignored)
      if (estimated) void reply.header(TOTAL_ESTIMATED_HEADER, 'true')
      return sendJson(reply, json)
    },
  )

  api.get(
    '/suggest',
    {
      schema: {
        tags,
        operationId: 'suggestPlants',
        summary: 'Type-ahead: plants whose names start with the typed words',
        querystring: SuggestQuery,
        response: { 200: SuggestionListSchema, ...commonErrors },
      },
    },
    async (request) => suggestPlants(store, request.query.q),
  )

  api.post(
    '/search',
    {
      schema: {
        tags,
        operationId: 'searchPlantsWithBody',
        summary: 'Full-text search (q) or exact match (scientific_name + type [+ name])',
        querystring: PostParams,
        body: PostParams,
        response: {
          200: Type.Union([SearchResultSchema, ExactListSchema], {
            description: 'A page of plants (full-text form), or every exact match (exact-match form).',
          }),
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const params = { ...request.query, ...request.body } as SearchParams
      if (searchFormOf(params) === 'exact') {
        const { scientific_name = '', type = 'Plant', name } = params
        return sendJson(reply, await findExactPlants(store, { scientific_name, type, name }))
      }
      const { json, ignored, estimated } = await searchPlants(store, params, { strict: isStrict(request) })
      reportIgnored(reply, ignored)
      if (estimated) void reply.header(TOTAL_ESTIMATED_HEADER, 'true')
      return sendJson(reply, json)
    },
  )
}
