// Plant documents are stored once per save, so they cannot know the address a client used: an image's
// URLs are stored as paths ("/images/12/thumb.webp") and made absolute as an answer is sent, from
// HORTUS_PUBLIC_URL or else the request's own scheme and host. Only the image fields' own keys are
// rewritten: inside any text a quote is escaped (\"), so `"thumb":"/images/` occurs nowhere else.
import type { FastifyRequest } from 'fastify'

const IMAGE_PATHS = /"(thumb|title|original)":"\/images\//g

declare module 'fastify' {
  interface FastifyInstance {
    /** HORTUS_PUBLIC_URL, or null: the request's scheme and host. */
    publicUrl: string | null
  }
}

export function withAbsoluteImageUrls(json: string, request: FastifyRequest): string {
  if (!json.includes('":"/images/')) return json
  const base = request.server.publicUrl ?? `${request.protocol}://${request.host}`
  const inJson = JSON.stringify(base).slice(1, -1)
  return json.replace(IMAGE_PATHS, (_match, field: string) => `"${field}":"${inJson}/images/`)
}
