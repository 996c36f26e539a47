// What the member's form routes share (editing/, pictures/, plant/): who is editing, which refusals of a
// service are shown on the form, the slug parameter of a plant's page.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import type { Account, Author } from '../../accounts/account.ts'
import type { Store } from '../../db/store.ts'
import { AppError } from '../../errors.ts'
import { viewerOf } from './viewer.ts'
import { loginPath } from './return-to.ts'

export const SlugParams = Type.Object({ slug: Type.String({ format: 'single-line', maxLength: 200 }) })

/** Who is editing, or null after sending a visitor who is not logged in to the login page. */
export async function editor(
  request: FastifyRequest,
  reply: FastifyReply,
  store: Store,
): Promise<Account | null> {
  const viewer = await viewerOf(request, store)
  if (!viewer) void reply.redirect(loginPath(request), 303)
  return viewer
}

export const authorOf = ({ id, name }: Account): Author => ({ id, name })

/** A save the service refused for a reason the person can act on, shown on the form: what was not valid,
 * a member's daily limit, a blocked account. Anything else is an error page. */
export function refusal(error: unknown): AppError | null {
  const shown: string[] = ['validationFailed', 'tooManyRequests', 'forbidden', 'accountBlocked']
  return error instanceof AppError && shown.includes(error.kind) ? error : null
}
