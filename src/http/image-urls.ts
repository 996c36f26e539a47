// Plant documents are stored once per save, so they cannot know the address a client used: an image's
// URLs are stored as paths ("/images/12/thumb.webp") and made absolute as an answer is sent, from
// HORTUS_PUBLIC_URL or else the request's own scheme and host. Only the image fields' own keys are
// rewritten: inside any text a quote is escaped (\"), so `"thumb":"/images/` occurs nowhere else.
import type { FastifyRequest } from 'fastify'

const IMAGE_PATHS = /"(thumb|title|original)":"\/images\//g
const MARK = Buffer.from('":"/images/')
const FIELDS = ['thumb', 'title', 'original'].map((field) => Buffer.from(`"${field}`))

declare module 'fastify' {
  interface FastifyInstance {
    /** HORTUS_PUBLIC_URL, or null: the request's scheme and host. */
    publicUrl: string | null
  }
}

export function withAbsoluteImageUrls<Json extends string | Buffer>(json: Json, request: FastifyRequest): Json
export function withAbsoluteImageUrls(json: string | Buffer, request: FastifyRequest): string | Buffer {
  if (!json.includes('":"/images/')) return json
  const inJson = JSON.stringify(baseUrl(request)).slice(1, -1)
  if (typeof json === 'string')
    return json.replace(IMAGE_PATHS, (_match, field: string) => `"${field}":"${inJson}/images/`)
  // The same on bytes: a page read as bytes stays bytes, its pieces copied once.
  const base = Buffer.from(inJson)
  const parts: Buffer[] = []
  let from = 0
  for (let at = json.indexOf(MARK); at !== -1; at = json.indexOf(MARK, at + MARK.length)) {
    if (!FIELDS.some((field) => at >= field.length && json.subarray(at - field.length, at).equals(field)))
      continue
    parts.push(json.subarray(from, at + 3), base) // through `":"`, then the base before `/images/`
    from = at + 3
  }
  if (parts.length === 0) return json
  parts.push(json.subarray(from))
  return Buffer.concat(parts)
}

/** HORTUS_PUBLIC_URL, or the request's scheme and host: what image paths are made absolute with. */
export function baseUrl(request: FastifyRequest): string {
  return request.server.publicUrl ?? `${request.protocol}://${request.host}`
}
