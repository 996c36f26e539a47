// Request and response schemas of the plant endpoints: they validate input and make the OpenAPI document.
import { Type } from 'typebox'
import {
  KeysetPaginationSchema,
  OffsetPaginationSchema,
  PageQuery,
  VisibleLine,
  VisibleText,
} from '../http/schemas.ts'
import { IdInteger, VersionInteger } from '../http/integers.ts'
import { component } from '../http/openapi.ts'
import { ATTRIBUTE_KEY_MAX_LENGTH } from './plant.ts'

export const AttributeSchema = Type.Object(
  {
    key: VisibleLine(ATTRIBUTE_KEY_MAX_LENGTH, 'Attribute name, e.g. "Light requirement".'),
    value: VisibleLine(2000, 'Always a string; lists are comma-separated, at most 100 elements.'),
  },
  { additionalProperties: false, description: 'One attribute of a plant: a key and its value.' },
)

export const PlantSchema = component(
  'Plant',
  Type.Object(
    {
      id: Type.Integer(),
      type: Type.Enum(['Plant', 'Variety']),
      scientific_name: Type.String(),
      name: Type.String(),
      version: Type.Integer({ description: 'Number of saved revisions; send it back on update.' }),
      description: Type.String(),
      link: Type.String({ description: 'Path of the plant page on the website: /plants/<slug>.' }),
      slug: Type.String(),
      parent_id: Type.Union([Type.Integer(), Type.Null()]),
      updated_at: Type.String({ format: 'date-time' }),
      created_at: Type.String({ format: 'date-time' }),
      images: Type.Object({
        thumb: Type.Union([Type.String(), Type.Null()]),
        title: Type.Union([Type.String(), Type.Null()]),
      }),
      data: Type.Array(component('Attribute', AttributeSchema)),
    },
    { description: 'A plant (species) or variety.' },
  ),
)

export const PlantListSchema = component(
  'PlantList',
  Type.Object(
    { plants: Type.Array(PlantSchema), pagination: OffsetPaginationSchema },
    { description: 'A page of plants.' },
  ),
)

export const PlantKeysetListSchema = component(
  'PlantKeysetList',
  Type.Object(
    {
      plants: Type.Array(PlantSchema),
      pagination: Type.Union([KeysetPaginationSchema, OffsetPaginationSchema]),
    },
    { description: 'A page of plants: keyset paging, or offset paging when page was given.' },
  ),
)

const TypeInput = Type.Enum(['Plant', 'Variety', 'Species'], {
  description: 'Species is another name for Plant.',
})
const ParentInput = Type.Union([IdInteger('The id of an existing Plant.'), Type.Null()], {
  description: 'Required for a Variety: the id of an existing Plant.',
})
const editable = {
  scientific_name: VisibleLine(300, 'Current scientific name.'),
  name: VisibleLine(300, 'Most common English name.'),
  description: Type.String({ format: 'multiline', maxLength: 20_000 }),
  type: TypeInput,
  parent_id: ParentInput,
  data: Type.Array(AttributeSchema, { maxItems: 200 }),
}
export const Note = VisibleText(2000, 'What was done and which sources were used.')

export const CreatePlantBody = Type.Object(
  {
    scientific_name: editable.scientific_name,
    name: editable.name,
    note: Note,
    description: Type.Optional(editable.description),
    type: Type.Optional(editable.type),
    parent_id: Type.Optional(editable.parent_id),
    data: Type.Optional(editable.data),
  },
  { additionalProperties: false },
)

export const UpdatePlantBody = Type.Object(
  {
    version: VersionInteger('The version you last read.'),
    note: Note,
    scientific_name: Type.Optional(editable.scientific_name),
    name: Type.Optional(editable.name),
    description: Type.Optional(editable.description),
    type: Type.Optional(editable.type),
    parent_id: Type.Optional(editable.parent_id),
    data: Type.Optional(editable.data),
    remove_data: Type.Optional(
      Type.Array(VisibleLine(ATTRIBUTE_KEY_MAX_LENGTH, 'An attribute key.'), {
        maxItems: 200,
        description:
          'Attribute keys to remove, matched as facets are (any case); the revision records each as a change to null. A key may not be both here and in data.',
      }),
    ),
    regenerate_slug: Type.Optional(
      Type.Boolean({ description: 'Derive a new slug from the names; otherwise the slug never changes.' }),
    ),
  },
  { additionalProperties: false },
)

const Cursor = (description: string) => IdInteger(description, { minimum: 0 })

export const ListPlantsQuery = Type.Object({
  ...PageQuery.properties,
  last_id: Type.Optional(Cursor('Cursor: plants after this id.')),
  last: Type.Optional(Cursor('Another name for last_id, as some clients send it; last_id wins.')),
  lastid: Type.Optional(Cursor('Another name for last_id, as some clients send it; last_id wins.')),
  updated_since: Type.Optional(
    Type.String({
      format: 'single-line',
      maxLength: 40,
      description: 'ISO 8601 date or date-time (UTC when no zone); inclusive.',
    }),
  ),
})
