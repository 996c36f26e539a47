// Where login sends a visitor afterwards: back to the page that asked them to log in (an edit form), never
// to another site. Only a path of this site is taken: one slash, no scheme, no host, no backslash (which
// browsers read as a slash), no control characters.
import type { FastifyRequest } from 'fastify'

const MAX_LENGTH = 500

/** The path, when it is one of this site's; otherwise null. */
export function safeReturnPath(path: string | undefined): string | null {
  if (!path || path.length > MAX_LENGTH) return null
  // Control characters, which a browser may drop to make `/\t/evil.example` a host.
  // eslint-disable-next-line no-control-regex
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(path)) return null
  return path
}

/** `/login`, with the page being asked for to come back to (a GET only: a form's post is no page). */
export function loginPath(request: FastifyRequest): string {
  const back = request.method === 'GET' ? safeReturnPath(request.url) : null
  return back ? `/login?next=${encodeURIComponent(back)}` : '/login'
}
