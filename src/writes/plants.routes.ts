// /plants endpoints. Handlers only translate HTTP to service calls.
import { IdParams, PageQuery, commonErrors, writeErrors } from '../http/schemas.ts'
import { accountOf, sendJson, type Api, type ApiOptions } from '../http/api-context.ts'
import { getPlantForAnswer, listCompanions, listPlants, listVarieties } from '../plants/plant-reads.ts'
import { createPlant, updatePlant } from './plant-writes.ts'
import {
  CreatePlantBody,
  ListPlantsQuery,
  PlantKeysetListSchema,
  PlantListSchema,
  PlantSchema,
  UpdatePlantBody,
} from '../plants/plant.schemas.ts'

const tags = ['plants']

export async function plantRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/plants',
    {
      schema: {
        tags,
        operationId: 'listPlants',
        summary: 'List plants by id: keyset paging, or offset paging when page is given',
        querystring: ListPlantsQuery,
        response: { 200: PlantKeysetListSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const { json, etagSeed } = await listPlants(store, request.query)
      return sendJson(reply, json, 200, etagSeed)
    },
  )

  api.post(
    '/plants',
    {
      schema: {
        tags,
        operationId: 'createPlant',
        summary: 'Create a plant (201 with the whole plant)',
        body: CreatePlantBody,
        response: { 201: PlantSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await createPlant(store, request.body, accountOf(request)), 201),
  )

  api.get(
    '/plants/:id',
    {
      schema: {
        tags,
        operationId: 'getPlant',
        summary: 'Read one plant',
        params: IdParams,
        response: { 200: PlantSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const plant = await getPlantForAnswer(store, id)
      void reply.header('last-modified', new Date(plant.updated_at).toUTCString())
      return sendJson(reply, plant.doc, 200, `${id}.${plant.version}`)
    },
  )

  api.put(
    '/plants/:id',
    {
      schema: {
        tags,
        operationId: 'updatePlant',
        summary: 'Update a plant: only the fields to change, with version and note; data is merged',
        params: IdParams,
        body: UpdatePlantBody,
        response: { 200: PlantSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await updatePlant(store, request.params.id, request.body, accountOf(request))),
  )

  api.get(
    '/plants/:id/varieties',
    {
      schema: {
        tags,
        operationId: 'listVarieties',
        summary: 'The varieties of a plant',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: PlantListSchema, ...commonErrors },
      },
    },
    async (request, reply) => sendJson(reply, await listVarieties(store, request.params.id, request.query)),
  )

  api.get(
    '/plants/:id/companions',
    {
      schema: {
        tags,
        operationId: 'listCompanions',
        summary: 'Plants linked to this one as companion-to (antagonists excluded)',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: PlantListSchema, ...commonErrors },
      },
    },
    async (request, reply) => sendJson(reply, await listCompanions(store, request.params.id, request.query)),
  )
}
