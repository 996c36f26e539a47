// GET /plants/<id>/problems: a plant's pests and diseases, with what to do about them.
import { Type } from 'typebox'
import { IdParams, commonErrors } from '../http/schemas.ts'
import type { Api, ApiOptions } from '../http/api-context.ts'
import { component } from '../http/openapi.ts'
import { SourceCreditSchema } from '../provenance/provenance.routes.ts'
import { plantProblems } from './problems.service.ts'

const Text = (description: string) => Type.Union([Type.String(), Type.Null()], { description })

const PlantProblemsSchema = component(
  'PlantProblems',
  Type.Object({
    plant_id: Type.Integer(),
    from_parent: Type.Boolean({ description: 'A variety without records of its own has its parent\u2019s.' }),
    problems: Type.Array(
      Type.Object({
        name: Type.String(),
        type: Type.Enum(['pest', 'disease']),
        severity: Text('How much harm it does, in the source\u2019s words (low, moderate, high).'),
        symptoms: Text('What a gardener sees.'),
        management: Type.Array(Type.String(), { description: 'Organic measures, each a sentence.' }),
        prevention: Text('How to keep it away.'),
        source: SourceCreditSchema,
      }),
    ),
  }),
)

export async function problemRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/plants/:id/problems',
    {
      schema: {
        tags: ['problems'],
        operationId: 'plantProblems',
        summary: 'The pests and diseases of a plant, with symptoms, organic management and prevention',
        params: IdParams,
        response: { 200: PlantProblemsSchema, ...commonErrors },
      },
    },
    async (request) => plantProblems(store, request.params.id),
  )
}
