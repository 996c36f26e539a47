// What the history, recent changes and people routes share: sending a page (never stored when it holds a
// form token), the same-site path a form comes back to, and numbers as a form posts them (text).
import type { FastifyReply } from 'fastify'
import { HTML_TYPE } from './web.routes.ts'

export async function sendHtml(
  reply: FastifyReply,
  html: JSX.Element,
  { status = 200, hasToken = false }: { status?: number; hasToken?: boolean } = {},
) {
  // A form token is the visitor's own: no cache, shared or private, keeps the page.
  if (hasToken) void reply.header('cache-control', 'no-store')
  return reply
    .code(status)
    .type(HTML_TYPE)
    .send(await html)
}

/** A path on this site to go back to after a form, else `fallback`: a posted `back` never leads elsewhere
 * (`//host` and `/\host` are other sites to a browser). */
export const backTo = (path: string | undefined, fallback: string): string =>
  path !== undefined && /^\/(?![/\\])/.test(path) && !/[\s\\]/.test(path) ? path : fallback
