// "Forgot your password?" and the link's page. Asking is limited per client address (with sign-up and
// login) and per email address (password-resets.ts); both answer with the same words whatever the address.
import { Type } from 'typebox'
import { isUsableResetToken, requestPasswordReset, resetPassword } from '../../accounts/password-resets.ts'
import type { Store } from '../../db/store.ts'
import { baseUrl } from '../../http/image-urls.ts'
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { csrfCheck } from '../common/csrf.ts'
import { sendPage } from '../common/page-replies.ts'
import { viewerOf } from '../common/viewer.ts'
import { ForgotPasswordPage, ResetPasswordPage } from './password-reset.tsx'

export interface PasswordResetRoutesOptions {
  store: Store
  /** Mail is configured (HORTUS_SMTP_URL): without it, the page says to ask the operator. */
  mail: boolean
  contact: string | null
  /** Attempts per client address per minute, counted with sign-up and login. */
  attemptsPerMinute: number
}

const Token = Type.String({ maxLength: 200 })
const ForgotQuery = Type.Object({ sent: Type.Optional(Type.Literal('1')) })
const ForgotBody = Type.Object({
  email: Type.String({ format: 'single-line', maxLength: 1000 }),
  _csrf: Type.Optional(Type.String()),
})
const ResetQuery = Type.Object({ token: Type.Optional(Token) })
const ResetBody = Type.Object({
  token: Token,
  password: Type.String({ maxLength: 1000 }),
  _csrf: Type.Optional(Type.String()),
})

export async function passwordResetRoutes(web: TypedFastify, options: PasswordResetRoutesOptions) {
  const { store, mail, contact } = options
  const limited = web.rateLimit({ max: options.attemptsPerMinute, timeWindow: 60_000 })

  web.get(
    '/forgot-password',
    { schema: { hide: true, querystring: ForgotQuery } },
    async (request, reply) => {
      const page = ForgotPasswordPage({
        viewer: await viewerOf(request, store),
        csrf: reply.generateCsrf(),
        mail,
        contact,
        sent: request.query.sent === '1',
      })
      return sendPage(reply, page)
    },
  )

  web.post(
    '/forgot-password',
    { onRequest: limited, preHandler: csrfCheck(web), schema: { hide: true, body: ForgotBody } },
    async (request, reply) => {
      if (mail) await requestPasswordReset(store, request.body.email, baseUrl(request))
      return reply.redirect(mail ? '/forgot-password?sent=1' : '/forgot-password', 303)
    },
  )

  // The token is in the query string, which the request log leaves out (http/request-log.ts).
  web.get('/reset-password', { schema: { hide: true, querystring: ResetQuery } }, async (request, reply) => {
    const token = request.query.token ?? ''
    const page = ResetPasswordPage({
      viewer: await viewerOf(request, store),
      csrf: reply.generateCsrf(),
      token,
      usable: await isUsableResetToken(store, token),
    })
    return sendPage(reply, page, { noStore: true })
  })

  web.post(
    '/reset-password',
    { onRequest: limited, preHandler: csrfCheck(web), schema: { hide: true, body: ResetBody } },
    async (request, reply) => {
      const { token, password } = request.body
      const problems = await resetPassword(store, token, password)
      if (Object.keys(problems).length === 0) return reply.redirect('/login?reset=1', 303)
      const page = ResetPasswordPage({
        viewer: await viewerOf(request, store),
        csrf: reply.generateCsrf(),
        token,
        usable: !problems.token,
        problems,
      })
      return sendPage(reply, page, { status: 422, noStore: true })
    },
  )
}
