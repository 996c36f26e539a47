// /webhooks: register, list, read and delete an account's webhooks, and read their delivery attempts.
import { Type } from 'typebox'
import { accountOf, type Api, type ApiOptions } from '../http/api-context.ts'
import { IdInteger } from '../http/integers.ts'
import { component } from '../http/openapi.ts'
import { commonErrors, PageQuery, writeErrors } from '../http/schemas.ts'
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  WEBHOOK_EVENTS,
  webhookDeliveries,
} from './webhook.service.ts'

const tags = ['webhooks']
const WebhookParams = Type.Object({ id: IdInteger('The integer webhook id.') })

const WebhookFields = {
  id: Type.Integer(),
  url: Type.String({ description: 'Where each change is POSTed.' }),
  events: Type.Array(Type.String(), { description: 'The events sent: plant.changed.' }),
  plants: Type.Union([Type.Array(Type.Integer()), Type.Null()], {
    description: 'The plants whose changes are sent; null for every plant.',
  }),
  created_at: Type.String({ format: 'date-time' }),
  disabled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When Hortus stopped sending, after a day of failed deliveries; null while it sends.',
  }),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
}
const WebhookSchema = component('Webhook', Type.Object(WebhookFields, { description: 'A webhook.' }))
const NewWebhookSchema = component(
  'NewWebhook',
  Type.Object(
    {
      ...WebhookFields,
      secret: Type.String({
        description: 'The signing secret, shown only now: keep it to check signatures.',
      }),
    },
    { description: 'A webhook just made, with its signing secret.' },
  ),
)
const WebhookListSchema = component(
  'WebhookList',
  Type.Object({ webhooks: Type.Array(WebhookSchema) }, { description: 'The webhooks of the key’s account.' }),
)
const AttemptListSchema = component(
  'WebhookAttemptList',
  Type.Object(
    {
      attempts: Type.Array(
        Type.Object({
          event_id: Type.String({ description: 'The event, as the body\u2019s id.' }),
          time: Type.String({ format: 'date-time' }),
          status: Type.Union([Type.Integer(), Type.Null()], {
            description: 'The receiver\u2019s HTTP status; null when none came.',
          }),
          duration_ms: Type.Integer(),
          error: Type.Union([Type.String(), Type.Null()]),
          delivered: Type.Boolean(),
        }),
      ),
    },
    { description: 'A webhook\u2019s delivery attempts, newest first.' },
  ),
)

export async function webhookRoutes(
  api: Api,
  { store, allowPrivate }: ApiOptions & { allowPrivate: boolean },
): Promise<void> {
  api.post(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Register a URL to be sent each change; the answer holds its signing secret, shown once',
        body: Type.Object(
          {
            url: Type.String({
              format: 'single-line',
              maxLength: 2000,
              description: 'An http(s) URL on a public address.',
            }),
            events: Type.Array(Type.Enum([...WEBHOOK_EVENTS]), { minItems: 1, maxItems: 10 }),
            plants: Type.Optional(Type.Array(IdInteger('A plant id.'), { maxItems: 1000 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: NewWebhookSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWebhook(store, accountOf(request), request.body, allowPrivate)),
  )

  api.get(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: 'The webhooks of the key’s account',
        response: { 200: WebhookListSchema, ...commonErrors },
      },
    },
    async (request) => listWebhooks(store, accountOf(request)),
  )

  api.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'getWebhook',
        summary: 'One webhook (without its secret)',
        params: WebhookParams,
        response: { 200: WebhookSchema, ...commonErrors },
      },
    },
    async (request) => getWebhook(store, accountOf(request), request.params.id),
  )

  api.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook: nothing more is sent to it',
        params: WebhookParams,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...commonErrors },
      },
    },
    async (request, reply) => {
      await deleteWebhook(store, accountOf(request), request.params.id)
      return reply.code(204).send(null)
    },
  )

  api.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: 'Each delivery attempt of a webhook, newest first: time, status, duration, error',
        params: WebhookParams,
        querystring: PageQuery,
        response: { 200: AttemptListSchema, ...commonErrors },
      },
    },
    async (request) => webhookDeliveries(store, accountOf(request), request.params.id, request.query),
  )
}
