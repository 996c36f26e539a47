// How bodies are read, whatever a client library does with them: JSON only, and an empty body is `{}`.
// (Query parameter names: parameter-names.ts.)
import type { FastifyInstance } from 'fastify'
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
