// Conditional GET for the API: every successful read carries a weak ETag (a hash of the body) and a
// Cache-Control that clients and shared caches can act on; a client that sends the ETag back
// (If-None-Match) gets 304 without a body. Answers to writes and errors are never stored.
//
// `public, no-cache`: a cache may keep the answer but must ask us again before each use, with the
// client's key headers, so a cached copy never reaches someone the API would refuse, and a 304 saves the
// transfer. @fastify/etag was the obvious choice, but it answers 304 to any method (a PUT with
// If-None-Match would report "not modified" for a write it made) and compares If-None-Match as one
// string (no lists, no `*`); these twenty lines do what RFC 9110 says.
import { hash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isPagePath } from './page-paths.ts'

const STORED = 'public, no-cache'
const NEVER_STORED = 'no-store'

export function answerConditionalGets(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPagePath(request.url)) return payload
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    if (!isRead || reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', NEVER_STORED)
      return payload
    }
    // A route that knows its ETag sets it (a picture's, strong; a plant's or a page's, from ids and
    // versions: sendJson); the rest get the hash of the body, encoded to UTF-8 once, here: hashing a
    // string, Fastify's Content-Length of it and the socket's write each encoded it again.
    const own = reply.getHeader('etag')
    let body = payload
    let etag: string
    if (typeof own === 'string') etag = own
    else {
      body = typeof payload === 'string' ? Buffer.from(payload) : payload
      etag = `W/"${hash('sha1', body, 'base64url')}"`
      void reply.header('etag', etag)
    }
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', STORED)
    if (!notModified(request, reply, etag)) return body
    void reply.code(304)
    return ''
  })
}

/** If-None-Match decides when it is sent (weak comparison, lists, `*`); else If-Modified-Since against
 * Last-Modified, to the second. */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    const opaque = withoutWeakMark(etag)
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || withoutWeakMark(tag.trim()) === opaque)
  }
  const ifModifiedSince = request.headers['if-modified-since']
  const lastModified = reply.getHeader('last-modified')
  if (ifModifiedSince === undefined || typeof lastModified !== 'string') return false
  const since = Date.parse(ifModifiedSince)
  return !Number.isNaN(since) && Date.parse(lastModified) <= since
}

const withoutWeakMark = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag)
