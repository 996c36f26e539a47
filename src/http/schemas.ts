// Schemas used by more than one resource.
import { Type, type Static } from 'typebox'
import { component } from './openapi.ts'
import { Count, IdInteger, PageNumber } from './integers.ts'

export const ErrorSchema = component(
  'Error',
  Type.Object(
    {
      error: Type.String({ description: 'What went wrong, in words that do not change: "not found".' }),
      msg: Type.String({ description: 'What exactly was wrong, and what to do about it.' }),
    },
    { description: 'Every error: a short stable description and what to do about it.' },
  ),
)

export const OffsetPaginationSchema = component(
  'OffsetPagination',
  Type.Object(
    {
      page: Type.Integer(),
      per_page: Type.Integer(),
      total: Type.Integer(),
      total_pages: Type.Integer(),
      total_estimated: Type.Optional(
        Type.Literal(true, {
          description:
            'Search and the sowing calendar, only when total is an estimate (more than 2,000 matches, ' +
            'counted no further; the Hortus-Total-Estimated header says so too): total_pages then counts at ' +
            'least one page after this one, and the last page of results has the exact total and no such field.',
        }),
      ),
    },
    { description: 'Offset paging: ask for another page with page (and per_page).' },
  ),
)

export const KeysetPaginationSchema = component(
  'KeysetPagination',
  Type.Object(
    {
      per_page: Type.Integer(),
      total: Type.Integer(),
      last_id: Type.Integer({
        description: 'Pass back as last_id for the next page; 0 before the first plant.',
      }),
      has_more: Type.Boolean(),
    },
    { description: 'Keyset paging: ask for the next page with last_id.' },
  ),
)

// A path that does not name a plant, digits or not, is a 404 (no such plant) rather than a 400.
export const IdParams = Type.Object({ id: IdInteger('The integer plant id.') })

/** One line of visible text (names, keys, values): no control characters, not blank. */
export const VisibleLine = (maxLength: number, description: string) =>
  Type.String({ format: 'visible-line', maxLength, description })

/** Free text that must not be blank (notes): tab and line breaks allowed, no other control characters. */
export const VisibleText = (maxLength: number, description: string) =>
  Type.String({ format: 'visible-text', maxLength, description })

export const PageQuery = Type.Object({
  page: Type.Optional(PageNumber(1_000_000, 'Page number, from 1.')),
  per_page: Type.Optional(Count('Page size; above 100 it is 100.')),
  limit: Type.Optional(Count('Another name for per_page, as some clients send it; per_page wins.')),
})

/** Names real clients send for ours, declared by the routes that take them (each validated as itself) and
 * read as the name they stand for (src/http/parameter-names.ts). No other name is guessed. */
export const PARAMETER_ALIASES: Readonly<Record<string, string>> = {
  limit: 'per_page',
  last: 'last_id',
  lastid: 'last_id',
}

/** A route's parameter names as the interface names them: an alias is left out where the route also
 * takes the name it stands for (the change feed's `limit` is its own name). */
export const withoutAliases = (names: readonly string[]): string[] =>
  names.filter((name) => {
    const meaning = PARAMETER_ALIASES[name]
    return meaning === undefined || !names.includes(meaning)
  })

/** The Error schema as the response for one status, with what that status means for the document. */
export const errorResponse = (description: string) =>
  Type.Unsafe<Static<typeof ErrorSchema>>({ $ref: 'Error#', description })

/** The error responses every authenticated endpoint can give. */
export const commonErrors = {
  400: errorResponse('Bad request: an invalid query parameter, or a body that is not JSON.'),
  401: errorResponse('Not authenticated: the key headers are missing or wrong.'),
  404: errorResponse('Not found: no such resource.'),
  503: errorResponse('The database is briefly unavailable: retry after Retry-After seconds.'),
}

/** The error responses of the endpoints that take a body. */
export const writeErrors = {
  ...commonErrors,
  413: errorResponse('The body is larger than 1 MiB.'),
  415: errorResponse('The body is not sent as application/json.'),
  422: errorResponse(
    'Validation failed (msg names every invalid field), or the version is not the current one.',
  ),
}
