// Sending a page: the one way every page route answers with HTML. A page that holds the visitor's form
// token is never stored by any cache, shared or private (`noStore`).
import type { FastifyReply } from 'fastify'

export const HTML_TYPE = 'text/html; charset=utf-8'

export async function sendPage(
  reply: FastifyReply,
  html: JSX.Element,
  { status = 200, noStore = false }: { status?: number; noStore?: boolean } = {},
) {
  if (noStore) void reply.header('cache-control', 'no-store')
  return reply
    .code(status)
    .type(HTML_TYPE)
    .send(await html)
}

/** A path on this site to go back to after a form, else `fallback`: a posted `back` never leads elsewhere
 * (`//host` and `/\host` are other sites to a browser). */
export const backTo = (path: string | undefined, fallback: string): string =>
  path !== undefined && /^\/(?![/\\])/.test(path) && !/[\s\\]/.test(path) ? path : fallback
