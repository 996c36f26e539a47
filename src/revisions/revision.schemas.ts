// Schemas of the revision endpoints: a plant's history, a version of it, revert and the change feed.
import { Type } from 'typebox'
import { IdParams, OffsetPaginationSchema } from '../http/schemas.ts'
import { Count, VersionInteger } from '../http/integers.ts'
import { component } from '../http/openapi.ts'
import { Note } from '../plants/plant.schemas.ts'
import { DEFAULT_FEED_LIMIT, MAX_FEED_LIMIT } from './change-feed.ts'

const ChangeSchema = Type.Object({
  field: Type.String({
    description: 'A field name, data.<key> for an attribute, or links.<type> for a link made or removed.',
  }),
  from: Type.Union([Type.String(), Type.Integer(), Type.Null()], {
    description: 'null: the field or attribute was not there (or the link was made)',
  }),
  to: Type.Union([Type.String(), Type.Integer(), Type.Null()], {
    description: 'null: the attribute was removed (or the link was)',
  }),
})

const RevisionSchema = component(
  'Revision',
  Type.Object(
    {
      version: Type.Integer(),
      note: Type.String(),
      author: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
      changes: Type.Array(ChangeSchema),
    },
    { description: 'One saved revision: who, why, and what changed.' },
  ),
)

export const RevisionListSchema = component(
  'RevisionList',
  Type.Object(
    { revisions: Type.Array(RevisionSchema), pagination: OffsetPaginationSchema },
    { description: 'A page of revisions, newest first.' },
  ),
)

export const VersionParams = Type.Object({
  ...IdParams.properties,
  version: VersionInteger('A version of the plant, from 1.'),
})

export const RevertBody = Type.Object(
  {
    version: VersionInteger('The version you last read (the plant is at it now).'),
    to_version: VersionInteger('The earlier version whose fields and attributes to restore.'),
    note: Note,
  },
  { additionalProperties: false },
)

export const FeedQuery = Type.Object({
  since: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        'An opaque cursor: the `next` of an earlier answer; left out, the feed starts at the beginning.',
    }),
  ),
  limit: Type.Optional(
    Count(
      `How many changes, ${DEFAULT_FEED_LIMIT} by default; above ${MAX_FEED_LIMIT} it is ${MAX_FEED_LIMIT}.`,
    ),
  ),
})

export const ChangeFeedSchema = component(
  'ChangeFeed',
  Type.Object(
    {
      changes: Type.Array(
        Type.Object({
          cursor: Type.String({ description: 'This change\u2019s place in the feed.' }),
          plant_id: Type.Integer(),
          version: Type.Integer(),
          author: Type.String(),
          note: Type.String(),
          time: Type.String({ format: 'date-time' }),
          changes: Type.Array(ChangeSchema),
        }),
      ),
      next: Type.String({ description: 'Pass back as since for the changes after these.' }),
      has_more: Type.Boolean({ description: 'More changes are there now: ask again with next at once.' }),
    },
    {
      description:
        'Every revision of every plant, oldest first, in the order their saves committed: polling with next gets each once.',
    },
  ),
)
