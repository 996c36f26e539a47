// The OpenAPI document served at /api/openapi.json. @fastify/swagger builds it from the route schemas; this
// file holds its options, and `component`, which gives a response schema a name: app.ts adds every named
// schema to Fastify (app.addSchema), Fastify resolves the references when it compiles the response
// serialisers, and the document lists each schema once, under its name, in components.schemas.
import { readFileSync } from 'node:fs'
import type { SwaggerOptions } from '@fastify/swagger'
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox'
import { withExample } from './openapi-examples.ts'
import { fromRoot } from '../paths.ts'

const { version } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }

const schemasByName = new Map<string, TSchema>()

/**
 * Declares `schema` as the document's components.schemas.<name> and returns the reference routes use in
 * their responses (`{$ref: '<name>#'}`, typed as the schema). Only for response schemas: params, query
 * strings and bodies stay inline, since validation.ts compiles them with its own Ajv, which does not see
 * the schemas added to Fastify.
 */
export function component<T extends TSchema>(name: string, schema: T): TUnsafe<Static<T>> {
  if (schemasByName.has(name)) throw new Error(`Two component schemas are named ${name}`)
  // A copy that keeps TypeBox's non-enumerable markers: the schema passed in stays as it was.
  const named = Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(schema),
      $id: { value: name, enumerable: true },
    },
  ) as T
  schemasByName.set(name, named)
  return Type.Unsafe<Static<T>>({ $ref: `${name}#` })
}

/** Every schema declared by component(), for app.addSchema: the route modules have been imported by then. */
export function componentSchemas(): TSchema[] {
  return [...schemasByName.values()]
}

/** The description of the named schema a `{$ref: '<name>#'}` points to. */
const describeReference = (schema: { $ref?: unknown }): string | undefined => {
  if (typeof schema.$ref !== 'string') return undefined
  const named: { description?: unknown } | undefined = schemasByName.get(schema.$ref.replace(/#$/, ''))
  return typeof named?.description === 'string' ? named.description : undefined
}

export function openApiOptions(keyBrand: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hortus plant API',
        version,
        description:
          'A community plant database. Data: CC BY-SA 4.0 (credit the service website, share alike). ' +
          'Free for non-commercial use; commercial use needs terms from the operator.',
        license: { name: 'CC BY-SA 4.0 (data)', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
      },
      servers: [{ url: '/api' }],
      tags: [
        { name: 'plants', description: 'Plants and varieties: read, list, create, update.' },
        {
          name: 'revisions',
          description:
            'Every save is a revision: a plant\u2019s history and versions, revert, and the change feed.',
        },
        { name: 'links', description: 'Companion and antagonist links between two plants.' },
        {
          name: 'webhooks',
          description:
            'Each change of the feed, POSTed to your URL as it happens, signed (Hortus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>), retried until delivered.',
        },
        {
          name: 'calendar',
          description: 'Sowing and planting windows as dates for the frost dates of your place.',
        },
        {
          name: 'problems',
          description: 'Pests and diseases of a plant, with symptoms, organic management and prevention.',
        },
        {
          name: 'provenance',
          description:
            'Where every value and link came from: a dataset source with its licence, or the member and version that saved it.',
        },
        {
          name: 'images',
          description:
            'Pictures of the plants, with their licence and credit; served at /images/<id>/<size> without a key.',
        },
        { name: 'search', description: 'Full-text search with attribute facets, and exact-name lookup.' },
        { name: 'attributes', description: 'The attribute keys in use, with their most frequent values.' },
        { name: 'health', description: 'Whether the service and its database answer.' },
        {
          name: 'export',
          description:
            'The whole dataset as JSON Lines with its licence, for offline copies and mirrors (`hortus mirror`).',
        },
      ],
      components: {
        securitySchemes: {
          keyId: { type: 'apiKey', in: 'header', name: `x-${keyBrand}-key-id` },
          keySecret: { type: 'apiKey', in: 'header', name: `x-${keyBrand}-key-secret` },
        },
      },
      security: [{ keyId: [], keySecret: [] }],
    },
    // Named schemas keep their names (the default would be def-0, def-1…).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    // Routes served without a key (config.public) say so; the document's `security` covers the others.
    // Each operation gets its example request and response (openapi-examples.ts).
    transform: ({ schema, url, route }) => ({
      schema: withExample(route.config?.public ? { ...schema, security: [] } : schema, describeReference),
      url: url.replace(/^\/api/, ''),
    }),
  }
}
