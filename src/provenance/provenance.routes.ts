// GET /plants/<id>/provenance: the source of every value and link of a plant.
import { Type } from 'typebox'
import { IdParams, commonErrors } from '../http/schemas.ts'
import type { Api, ApiOptions } from '../http/api-context.ts'
import { component } from '../http/openapi.ts'
import { plantProvenance } from './provenance.service.ts'

export const SourceCreditSchema = Type.Union(
  [
    Type.Object({
      name: Type.String(),
      url: Type.Union([Type.String(), Type.Null()]),
      license: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ],
  { description: 'The dataset source that brought it; null for what a person saved (see author).' },
)

const SavedBy = {
  source: SourceCreditSchema,
  version: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The version of the plant that saved it (its history has that revision).',
  }),
  author: Type.String({ description: 'Who saved it: a member, or `import` with the source.' }),
}

const PlantProvenanceSchema = component(
  'PlantProvenance',
  Type.Object({
    plant_id: Type.Integer(),
    data: Type.Array(Type.Object({ key: Type.String(), value: Type.String(), ...SavedBy })),
    links: Type.Array(
      Type.Object({
        id: Type.Integer({ description: 'The link id.' }),
        type: Type.Enum(['companion-to', 'antagonist-to']),
        plant_id: Type.Integer({ description: 'The other plant.' }),
        name: Type.String(),
        scientific_name: Type.String(),
        note: Type.String(),
        ...SavedBy,
      }),
    ),
  }),
)

export async function provenanceRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/plants/:id/provenance',
    {
      schema: {
        tags: ['provenance'],
        operationId: 'plantProvenance',
        summary: 'Where each value and link of a plant came from: a dataset source, or who saved it',
        params: IdParams,
        response: { 200: PlantProvenanceSchema, ...commonErrors },
      },
    },
    async (request) => plantProvenance(store, request.params.id),
  )
}
