// How requests are read, whatever a client library does with them: JSON bodies only, an empty body is
// `{}`, and a query parameter an endpoint does not take is an error rather than silently ignored (a client
// that sends `?last=5` for `last_id` would otherwise get page one again and again).
import type { FastifyInstance, RouteOptions } from 'fastify'
import { validationFailed } from '../errors.ts'

export function acceptJsonBodies(app: FastifyInstance): void {
  // Only JSON: anything else is a 415, not a string handed to the JSON schema.
  app.removeContentTypeParser('text/plain')
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Clients send `Content-Length: 0` with a JSON content type when they have nothing to send.
    const text = body.toString()
    if (text.trim() === '') return done(null, {})
    void parseJson(request, text, done)
  })
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as BodySchema | undefined
    if (!schema) return
    // No body at all, with or without a content type, is the same as an empty one.
    request.body ??= {}
    refuseOverlongArrays(schema, request.body)
  })
}

interface BodySchema {
  properties?: Record<string, { type?: string; maxItems?: number }>
}

/** A list longer than its schema allows fails at once: checking each of its items first would take the
 * validator a long while on a megabyte of them, and say nothing more useful. */
function refuseOverlongArrays(schema: BodySchema, body: unknown): void {
  if (typeof body !== 'object' || body === null) return
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = (body as Record<string, unknown>)[name]
    if (property.type === 'array' && property.maxItems !== undefined && Array.isArray(value)) {
      if (value.length > property.maxItems)
        throw validationFailed([
          { field: name, problem: `at most ${property.maxItems} items, not ${value.length}` },
        ])
    }
  }
}

/** Makes a route's query schema refuse names it does not declare; a route that declares a policy of its
 * own for other names (search takes attribute keys as facets) keeps it. */
export function refuseUnknownQueryParameters(route: RouteOptions): void {
  if (route.method === 'OPTIONS' || (Array.isArray(route.method) && route.method.includes('OPTIONS'))) return
  const schema = (route.schema ??= {})
  const query = (schema.querystring ?? { type: 'object', properties: {} }) as Record<string, unknown>
  if (query.additionalProperties !== undefined) return
  schema.querystring = { ...query, additionalProperties: false }
}
