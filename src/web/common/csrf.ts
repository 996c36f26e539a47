import type { TypedFastify } from '../../http/typed-fastify.ts'
import type { preHandlerHookHandler } from 'fastify'

/** The CSRF check of @fastify/csrf-protection for a form post, as a preHandler: it runs after the form body
 * is parsed (the token is one of its fields) and before the handler does anything. */
export const csrfCheck = (web: TypedFastify): preHandlerHookHandler => web.csrfProtection.bind(web)
