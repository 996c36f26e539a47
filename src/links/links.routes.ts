// /plants/<id>/links: how companions and antagonists are written and read.
import { Type } from 'typebox'
import {
  IdParams,
  OffsetPaginationSchema,
  PageQuery,
  VisibleText,
  commonErrors,
  writeErrors,
} from '../http/schemas.ts'
import { accountOf, type Api, type ApiOptions } from '../http/api-context.ts'
import { component } from '../http/openapi.ts'
import { IdInteger } from '../http/integers.ts'
import { createLink, listPlantLinks, removeLink } from './link.service.ts'

const tags = ['links']
const LinkType = Type.Enum(['companion-to', 'antagonist-to'])
const Note = VisibleText(2000, 'Why, and the source.')

const LinkFields = Type.Object(
  {
    id: Type.Integer(),
    type: LinkType,
    plant_id: Type.Integer({ description: 'The other plant of the link.' }),
    name: Type.String(),
    scientific_name: Type.String(),
    note: Type.String(),
    author: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { description: 'A companion or antagonist link, seen from one of its two plants.' },
)

const LinkSchema = component('Link', LinkFields)
const LinkListSchema = component(
  'LinkList',
  Type.Object(
    { links: Type.Array(LinkSchema), pagination: OffsetPaginationSchema },
    { description: 'A page of links.' },
  ),
)
const RemovedLinkSchema = component(
  'RemovedLink',
  Type.Object(
    {
      ...LinkFields.properties,
      removed_at: Type.String({ format: 'date-time' }),
      removed_note: Type.String(),
      removed_by: Type.String(),
    },
    { description: 'A removed link, with when, why and by whom it was removed.' },
  ),
)

const LinkParams = Type.Object({ ...IdParams.properties, link_id: IdInteger('The integer link id.') })

export async function linkRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/plants/:id/links',
    {
      schema: {
        tags,
        operationId: 'listLinks',
        summary: 'Every link of a plant (companions and antagonists), with type and note',
        params: IdParams,
        querystring: Type.Object({ ...PageQuery.properties, type: Type.Optional(LinkType) }),
        response: { 200: LinkListSchema, ...commonErrors },
      },
    },
    async (request) => listPlantLinks(store, request.params.id, request.query),
  )

  api.post(
    '/plants/:id/links',
    {
      schema: {
        tags,
        operationId: 'createLink',
        summary: 'Link two plants; links are symmetric and one per pair',
        params: IdParams,
        body: Type.Object(
          { plant_id: IdInteger('The plant to link to.'), type: LinkType, note: Note },
          { additionalProperties: false },
        ),
        response: { 201: LinkSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLink(store, request.params.id, request.body, accountOf(request))),
  )

  api.delete(
    '/plants/:id/links/:link_id',
    {
      schema: {
        tags,
        operationId: 'removeLink',
        summary: 'Remove a link, saying why (the removal is kept with its note)',
        params: LinkParams,
        body: Type.Object({ note: Note }, { additionalProperties: false }),
        response: { 200: RemovedLinkSchema, ...writeErrors },
      },
    },
    async (request) =>
      removeLink(store, request.params.id, request.params.link_id, request.body.note, accountOf(request)),
  )
}
