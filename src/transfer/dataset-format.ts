// The JSON Lines format of `hortus import` and `hortus export`: a header line with the licence, then one
// plant a line. Plants are identified by (scientific_name, name); parents and link targets name them so.
import { Type, type Static } from 'typebox'
import type { ValidateFunction } from 'ajv'
import { AttributeSchema } from '../plants/plant.schemas.ts'
import { bodyValidator } from '../http/validation.ts'
import { VisibleLine, VisibleText } from '../http/schemas.ts'
import { IdInteger, VersionInteger } from '../http/integers.ts'

export const LICENSE = 'CC BY-SA 4.0'
export const LICENSE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/'

const NamePair = Type.Object(
  {
    scientific_name: VisibleLine(300, 'Scientific name.'),
    name: VisibleLine(300, 'Common name.'),
  },
  { additionalProperties: false },
)

// What an export says of a plant, a parent or a link on the Hortus it came from: its id, version, slug and
// times. `hortus import` ignores them (a plant is known by its names); `hortus mirror` keeps them.
const ExportedId = (description: string) => Type.Optional(IdInteger(description))
const Exported = {
  id: ExportedId('The plant\u2019s id where it was exported.'),
  version: Type.Optional(VersionInteger('The plant\u2019s version where it was exported.')),
  slug: Type.Optional(Type.String({ maxLength: 700, description: 'Its slug where it was exported.' })),
  created_at: Type.Optional(Type.String({ format: 'date-time' })),
  updated_at: Type.Optional(Type.String({ format: 'date-time' })),
}

// Where a value came from: the `id` of one of the header's `sources`, or, for a value a person saved on the
// Hortus the file was exported from, who saved it and the plant's version then. A line's own `source` is
// that of each of its values and links that names none.
const SourceId = Type.String({
  pattern: '^[a-z0-9][a-z0-9-]{0,62}$',
  description: "The id of one of the header line's sources.",
})
const SavedBy = Type.Object(
  {
    author: VisibleLine(200, 'Who saved the value.'),
    version: VersionInteger("The plant's version that saved it."),
  },
  { additionalProperties: false },
)
const Origin = { source: Type.Optional(SourceId), saved_by: Type.Optional(SavedBy) }

const DatasetAttributeSchema = Type.Object(
  { ...AttributeSchema.properties, ...Origin },
  { additionalProperties: false },
)

const DatasetProblemSchema = Type.Object(
  {
    name: VisibleLine(200, 'The pest or disease.'),
    type: Type.Enum(['pest', 'disease']),
    severity: Type.Optional(VisibleLine(50, "How much harm it does, in the source's words.")),
    symptoms: Type.Optional(VisibleText(4000, 'What a gardener sees.')),
    management: Type.Optional(Type.Array(VisibleText(2000, 'One organic measure.'), { maxItems: 50 })),
    prevention: Type.Optional(VisibleText(4000, 'How to keep it away.')),
    source: Type.Optional(SourceId),
  },
  { additionalProperties: false },
)

export const DatasetLineSchema = Type.Object(
  {
    ...Exported,
    type: Type.Enum(['Plant', 'Variety']),
    ...NamePair.properties,
    description: Type.Optional(Type.String({ format: 'multiline', maxLength: 20_000 })),
    parent: Type.Optional(
      Type.Object(
        { id: ExportedId('The parent\u2019s id where it was exported.'), ...NamePair.properties },
        { additionalProperties: false },
      ),
    ),
    source: Type.Optional(SourceId),
    data: Type.Optional(Type.Array(DatasetAttributeSchema, { maxItems: 200 })),
    links: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: ExportedId('The link\u2019s id where it was exported.'),
            plant_id: ExportedId('The other plant\u2019s id where it was exported.'),
            created_at: Type.Optional(Type.String({ format: 'date-time' })),
            type: Type.Enum(['companion-to', 'antagonist-to']),
            ...NamePair.properties,
            note: VisibleText(2000, 'Why, and the source.'),
            ...Origin,
          },
          { additionalProperties: false },
        ),
      ),
    ),
    problems: Type.Optional(Type.Array(DatasetProblemSchema, { maxItems: 300 })),
    // Pictures: their rules are an upload's (import-images.ts), so a bad one is refused alone, not its line.
    images: Type.Optional(
      Type.Array(
        Type.Object(
          {
            file: Type.Optional(Type.String({ description: 'Path relative to the dataset file.' })),
            data: Type.Optional(Type.String({ description: 'The bytes, base64.' })),
            author: Type.Optional(Type.String()),
            license: Type.Optional(Type.String({ description: 'CC0-1.0, CC-BY-4.0 or CC-BY-SA-4.0.' })),
            source_url: Type.Optional(Type.String()),
            note: Type.Optional(Type.String()),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100 },
      ),
    ),
  },
  { additionalProperties: false },
)

export type DatasetLine = Static<typeof DatasetLineSchema>

export interface DatasetHeader {
  hortus_dataset: 1
  license: string
  license_url: string
  attribution: string
  /** `id` is what a line's, a value's or a link's `source` names. */
  sources?: { id?: string; name: string; url?: string; license?: string }[]
  exported_at?: string
  since?: string
}

/** The fields of an export line that say what the plant, its parent and its links are on the Hortus it
 * came from; what is left is the portable dataset (import ignores them). */
export function withoutExportedIds(line: DatasetLine): DatasetLine {
  const portable: DatasetLine = { ...line }
  for (const field of ['id', 'version', 'slug', 'created_at', 'updated_at'] as const) delete portable[field]
  if (line.parent) portable.parent = { scientific_name: line.parent.scientific_name, name: line.parent.name }
  if (line.links)
    portable.links = line.links.map((link) => {
      const copy = { ...link }
      delete copy.id
      delete copy.plant_id
      delete copy.created_at
      return copy
    })
  return portable
}

export const validateDatasetLine: ValidateFunction = bodyValidator(DatasetLineSchema)

export const isHeader = (value: unknown): value is DatasetHeader =>
  typeof value === 'object' && value !== null && 'hortus_dataset' in value

export const pairKey = (scientificName: string, name: string): string => `${scientificName}\u0000${name}`

/** Who to credit, carried in the header of every export. */
export const ATTRIBUTION =
  'Hortus plant database contributors, building on OpenFarm (CC0), Growstuff (CC BY-SA), Wikipedia ' +
  'contributors ("List of companion plants", CC BY-SA 4.0), the USDA NRCS PLANTS Database (public domain), ' +
  'FarmBot crop data (MIT, Copyright (c) 2018 Farmbot.io; notice in data/ATTRIBUTION.md of Hortus), ' +
  'CropGraph (Andrew Christison, CC BY 4.0), open_plant_names (CC0), the World Checklist of Useful Plant ' +
  'Species (Diazgranados et al. 2020, RBG Kew, CC BY 4.0) and Open Garden Planner (cofade, CC BY-SA 4.0). ' +
  'Credit the Hortus website with a link and share derived works under CC BY-SA 4.0.'
