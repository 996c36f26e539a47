// Schemas used by more than one resource.
import { Type, type Static } from 'typebox'

export const ErrorSchema = Type.Object(
  { error: Type.String(), msg: Type.String() },
  { $id: 'Error', description: 'Every error: a short stable description and what to do about it.' },
)

export const OffsetPaginationSchema = Type.Object({
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  total_pages: Type.Integer(),
})

export const KeysetPaginationSchema = Type.Object({
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_id: Type.Integer({ description: 'Pass back as last_id for the next page; 0 before the first plant.' }),
  has_more: Type.Boolean(),
})

export const IdParams = Type.Object({
  // A string, so that a non-numeric id is a 404 (no such plant) rather than a 400.
  id: Type.String({ pattern: '^[0-9]{1,15}$', description: 'The integer plant id.' }),
})

/** Ids and other integers a client sends: JavaScript and both databases hold these exactly. */
export const SafeId = (description: string) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description })

/** One line of visible text (names, keys, values): no control characters, not blank. */
export const VisibleLine = (maxLength: number, description: string) =>
  Type.String({ format: 'visible-line', maxLength, description })

/** Free text that must not be blank (notes): tab and line breaks allowed, no other control characters. */
export const VisibleText = (maxLength: number, description: string) =>
  Type.String({ format: 'visible-text', maxLength, description })

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Page number, from 1.' })),
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Page size; above 100 it is 100.',
    }),
  ),
})

export type PageQueryType = Static<typeof PageQuery>

/** The error responses every authenticated endpoint can give. */
export const commonErrors = {
  400: ErrorSchema,
  401: ErrorSchema,
  404: ErrorSchema,
  503: ErrorSchema,
}
