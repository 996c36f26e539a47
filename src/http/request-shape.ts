// How requests are read, whatever a client library does with them: JSON bodies only, an empty body is
// `{}`, and a query parameter an endpoint does not take is an error rather than silently ignored (a client
// that sends `?last=5` for `last_id` would otherwise get page one again and again).
import type { FastifyInstance, RouteOptions } from 'fastify'

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
  // No body at all, with or without a content type, is the same as an empty one.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {}
  })
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
