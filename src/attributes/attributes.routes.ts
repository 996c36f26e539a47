// GET /attributes and GET /attributes/<key>: the attribute registry. Handlers only translate HTTP to
// service calls.
import { Type } from 'typebox'
import { PageQuery, commonErrors, OffsetPaginationSchema } from '../http/schemas.ts'
import { sendJson, type Api, type ApiOptions } from '../http/api-context.ts'
import { component } from '../http/openapi.ts'
import { TOP_VALUES, attributeValues, listAttributes } from './attribute.service.ts'

const tags = ['attributes']

const ValueCount = Type.Object({
  value: Type.String({ description: 'A value, or one element of comma-separated values.' }),
  plants: Type.Integer({ description: 'How many plants have it.' }),
})

const AttributeListSchema = component(
  'AttributeList',
  Type.Object(
    {
      attributes: Type.Array(
        Type.Object({
          key: Type.String({ description: 'The key as written, e.g. "Light requirement".' }),
          plants: Type.Integer({ description: 'How many plants have this key.' }),
          values: Type.Array(ValueCount, {
            description: `The ${TOP_VALUES} most frequent values, the most frequent first.`,
          }),
          numeric: Type.Boolean({
            description:
              'Most of its values are numbers or ranges ("0.61", "6.0-8.0"): a search filters it by range ' +
              '(Height=1..3, Height=20.., Height=..5), and words in q such as "taller than 30 m" read it.',
          }),
          min: Type.Optional(Type.Number({ description: 'A numeric key: its smallest number.' })),
          max: Type.Optional(Type.Number({ description: 'A numeric key: its largest number.' })),
        }),
      ),
    },
    { description: 'Every attribute key in use, the most used first: each is a search facet.' },
  ),
)

const AttributeValuesSchema = component(
  'AttributeValues',
  Type.Object(
    {
      key: Type.String(),
      plants: Type.Integer({ description: 'How many plants have this key.' }),
      values: Type.Array(ValueCount),
      pagination: OffsetPaginationSchema,
    },
    { description: 'A page of the values of one attribute key, the most frequent first.' },
  ),
)

const KeyParams = Type.Object({
  key: Type.String({ maxLength: 200, description: 'An attribute key, in any letter case.' }),
})

export async function attributeRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/attributes',
    {
      schema: {
        tags,
        operationId: 'listAttributes',
        summary: `Every attribute key in use, with how many plants have it and its ${TOP_VALUES} most frequent values`,
        response: { 200: AttributeListSchema, ...commonErrors },
      },
    },
    async (_request, reply) => sendJson(reply, await listAttributes(store)),
  )

  api.get(
    '/attributes/:key',
    {
      schema: {
        tags,
        operationId: 'listAttributeValues',
        summary: 'Every value of one attribute key, the most frequent first (offset paging)',
        params: KeyParams,
        querystring: PageQuery,
        response: { 200: AttributeValuesSchema, ...commonErrors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await attributeValues(store, request.params.key, request.query)),
  )
}
