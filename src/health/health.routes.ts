// GET /api/health: for load balancers and monitors, without a key. 200 when the database answers, 503 with
// Retry-After when it does not, or while the process that just started warms up (readiness.ts; the error
// handler adds the header to every 503).
import { Type } from 'typebox'
import { errorResponse } from '../http/schemas.ts'
import { component } from '../http/openapi.ts'
import type { Api, ApiOptions } from '../http/api-context.ts'
import { checkHealth } from './health.service.ts'
import type { Readiness } from './readiness.ts'
import { AppError } from '../errors.ts'

const HealthSchema = component(
  'Health',
  Type.Object(
    { status: Type.Literal('ok'), database: Type.Literal('ok') },
    { description: 'The service answers and so does its database.' },
  ),
)

export async function healthRoutes(
  api: Api,
  { store, readiness }: ApiOptions & { readiness: Readiness },
): Promise<void> {
  api.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        operationId: 'checkHealth',
        summary: 'Whether the service and its database answer (no key needed)',
        security: [],
        response: {
          200: HealthSchema,
          400: errorResponse('Bad request: an unknown query parameter.'),
          503: errorResponse(
            'The database does not answer, or the process has just started and is warming up: retry after Retry-After seconds.',
          ),
        },
      },
    },
    async () => {
      if (readiness.starting) {
        throw new AppError(
          'unavailable',
          'Hortus has just started and is preparing its search. Retry after the number of seconds in Retry-After.',
          { retryAfterSeconds: 1 },
        )
      }
      return checkHealth(store)
    },
  )
}
