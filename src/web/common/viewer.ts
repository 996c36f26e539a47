// Who is looking at a page: the account of the session cookie, read once per request and only by pages
// that ask (the stylesheet never costs a query).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Account } from '../../accounts/account.ts'
import { SESSION_COOKIE, SESSION_DAYS, sessionAccount } from '../../accounts/sessions.ts'
import type { Store } from '../../db/store.ts'

const viewers = new WeakMap<FastifyRequest, Promise<Account | null>>()

export function viewerOf(request: FastifyRequest, store: Store): Promise<Account | null> {
  let viewer = viewers.get(request)
  if (!viewer) {
    viewer = sessionAccount(store, request.cookies[SESSION_COOKIE])
    viewers.set(request, viewer)
  }
  return viewer
}

/** HttpOnly (no script reads it), SameSite=Lax (sent when following a link here, never on another site's
 * post), Secure whenever the request came over TLS (directly or, with X-Forwarded-Proto, via a proxy). */
const SESSION_COOKIE_OPTIONS = {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: 'auto',
  maxAge: SESSION_DAYS * 86_400,
} as const

export const setSessionCookie = (reply: FastifyReply, token: string): FastifyReply =>
  reply.setCookie(SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS)

export const clearSessionCookie = (reply: FastifyReply): FastifyReply =>
  reply.clearCookie(SESSION_COOKIE, { path: '/' })
