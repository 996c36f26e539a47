// A Fastify instance whose routes' schemas (TypeBox) type their requests: params, query string and body
// are what the schema says, so a route reads them without a cast. The API's routes and the website's pages
// are both registered on one.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'

export type TypedFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

/** The request of a route whose schema has (at least) these parts, for a handler written apart from its
 * route and shared by several: `TypedRequest<{ params: typeof SlugParams }>`. */
export type TypedRequest<Schema extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  Schema,
  TypeBoxTypeProvider
>
