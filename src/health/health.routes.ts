// GET /api/health: for load balancers and monitors, without a key. 200 when the database answers, 503 with
// Retry-After when it does not (the error handler adds the header to every 503).
import { Type } from 'typebox'
import { ErrorSchema } from '../http/schemas.ts'
import type { Api, ApiOptions } from '../http/api-context.ts'
import { checkHealth } from './health.service.ts'

const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
})

export async function healthRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Whether the service and its database answer (no key needed)',
        security: [],
        response: { 200: HealthSchema, 400: ErrorSchema, 503: ErrorSchema },
      },
    },
    async () => checkHealth(store),
  )
}
