// A plant's history and versions, revert, and the change feed across all plants. Handlers only translate
// HTTP to service calls.
import { accountOf, sendJson, type Api, type ApiOptions } from '../http/api-context.ts'
import { IdParams, PageQuery, commonErrors, writeErrors } from '../http/schemas.ts'
import { PlantSchema } from '../plants/plant.schemas.ts'
import { listChanges } from './change-feed.ts'
import { revertPlant } from './revert.ts'
import { listRevisions, plantAtVersion } from './revision.service.ts'
import {
  ChangeFeedSchema,
  FeedQuery,
  RevertBody,
  RevisionListSchema,
  VersionParams,
} from './revision.schemas.ts'

const tags = ['revisions']

export async function revisionRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/plants/:id/revisions',
    {
      schema: {
        tags,
        operationId: 'listRevisions',
        summary: 'Every saved revision of a plant, newest first',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: RevisionListSchema, ...commonErrors },
      },
    },
    async (request) => listRevisions(store, request.params.id, request.query),
  )

  api.get(
    '/plants/:id/revisions/:version',
    {
      schema: {
        tags,
        operationId: 'getPlantVersion',
        summary: 'The whole plant as it was at a version',
        params: VersionParams,
        response: { 200: PlantSchema, ...commonErrors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await plantAtVersion(store, request.params.id, request.params.version)),
  )

  api.post(
    '/plants/:id/revert',
    {
      schema: {
        tags,
        operationId: 'revertPlant',
        summary: 'Restore the fields and attributes of an earlier version, as a new version',
        params: IdParams,
        body: RevertBody,
        response: { 200: PlantSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await revertPlant(store, request.params.id, request.body, accountOf(request))),
  )

  api.get(
    '/changes',
    {
      schema: {
        tags,
        operationId: 'listChanges',
        summary: 'Every revision of every plant, oldest first after a cursor: the feed mirrors follow',
        querystring: FeedQuery,
        response: { 200: ChangeFeedSchema, ...commonErrors },
      },
    },
    async (request) => listChanges(store, request.query),
  )
}
