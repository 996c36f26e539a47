// Confirming an account's address: the mail's link, and sending it again from the account page.
import { Type } from 'typebox'
import { confirmEmail, resendConfirmation } from '../../accounts/email-confirmations.ts'
import type { Store } from '../../db/store.ts'
import { baseUrl } from '../../http/image-urls.ts'
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { csrfCheck } from '../common/csrf.ts'
import { sendPage } from '../common/page-replies.ts'
import { viewerOf } from '../common/viewer.ts'
import { ConfirmedPage } from './confirm-email.tsx'

const ConfirmQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) })

export async function confirmEmailRoutes(web: TypedFastify, { store }: { store: Store }) {
  // The token is in the query string, which the request log leaves out (http/request-log.ts).
  web.get('/confirm-email', { schema: { hide: true, querystring: ConfirmQuery } }, async (request, reply) => {
    const confirmed = await confirmEmail(store, request.query.token ?? '')
    const page = ConfirmedPage({ viewer: await viewerOf(request, store), confirmed })
    return sendPage(reply, page, { status: confirmed ? 200 : 404, noStore: true })
  })

  web.post(
    '/account/confirm',
    { preHandler: csrfCheck(web), schema: { hide: true } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      const sent = await resendConfirmation(store, viewer, baseUrl(request))
      return reply.redirect(`/account/keys?confirm=${sent ? 'sent' : 'wait'}`, 303)
    },
  )
}
