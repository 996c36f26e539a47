// Sign up, log in, log out. Forms post and redirect; a refused form is shown again with its problems.
// Sign-up and login are rate-limited per client address before anything is hashed.
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { safeReturnPath } from '../common/return-to.ts'
import { Type } from 'typebox'
import { logIn, signUp } from '../../accounts/account.service.ts'
import { baseUrl } from '../../http/image-urls.ts'
import { endSession, startSession, SESSION_COOKIE } from '../../accounts/sessions.ts'
import type { Store } from '../../db/store.ts'
import { LoginPage, LogoutPage } from './login.tsx'
import { SignUpPage } from './signup.tsx'
import { clearSessionCookie, setSessionCookie, viewerOf } from '../common/viewer.ts'
import { sendPage } from '../common/page-replies.ts'
import { csrfCheck } from '../common/csrf.ts'

export interface AccountRoutesOptions {
  store: Store
  /** Mail is sent: a new account confirms its address by the link mailed to it. */
  mail: boolean
  /** Sign-up and login attempts per client address per minute. */
  attemptsPerMinute: number
}

// Field sizes are bounded here; what a field must look like is the service's to say, on the form.
const SignUpBody = Type.Object({
  email: Type.String({ format: 'single-line', maxLength: 1000 }),
  name: Type.String({ format: 'single-line', maxLength: 1000 }),
  password: Type.String({ maxLength: 1000 }),
  _csrf: Type.Optional(Type.String()),
})
const Next = Type.Optional(Type.String({ maxLength: 1000 }))
const LoginBody = Type.Object({
  email: Type.String({ format: 'single-line', maxLength: 1000 }),
  password: Type.String({ maxLength: 1000 }),
  next: Next,
  _csrf: Type.Optional(Type.String()),
})
const LoginQuery = Type.Object({
  welcome: Type.Optional(Type.Literal('1')),
  reset: Type.Optional(Type.Literal('1')),
  next: Next,
})

export async function accountRoutes(
  web: TypedFastify,
  { store, mail, attemptsPerMinute }: AccountRoutesOptions,
) {
  // One counter for both forms (an address gets `attemptsPerMinute` tries in all), checked when the request
  // arrives: before its body is read, let alone a password hashed.
  const limited = web.rateLimit({ max: attemptsPerMinute, timeWindow: 60_000 })

  web.get('/signup', { schema: { hide: true } }, async (request, reply) => {
    const page = SignUpPage({ viewer: await viewerOf(request, store), csrf: reply.generateCsrf() })
    return sendPage(reply, page)
  })

  web.post(
    '/signup',
    { onRequest: limited, preHandler: csrfCheck(web), schema: { hide: true, body: SignUpBody } },
    async (request, reply) => {
      const { email, name, password } = request.body
      const problems = await signUp(store, { email, name, password }, mail ? baseUrl(request) : null)
      if (Object.keys(problems).length === 0) return reply.redirect('/login?welcome=1', 303)
      const page = SignUpPage({
        viewer: await viewerOf(request, store),
        csrf: reply.generateCsrf(),
        email,
        name,
        problems,
      })
      return sendPage(reply, page, { status: 422 })
    },
  )

  web.get('/login', { schema: { hide: true, querystring: LoginQuery } }, async (request, reply) => {
    // The same words whether or not the email already had an account: sign-up never tells.
    const welcome = request.query.welcome
      ? {
          kind: 'info' as const,
          text: 'Thank you. Log in with your email and password. (If the email already had an account, nothing about it has changed.)',
        }
      : request.query.reset
        ? {
            kind: 'info' as const,
            text: 'Your new password is set, and you are logged out everywhere. Log in with it.',
          }
        : undefined
    const page = LoginPage({
      viewer: await viewerOf(request, store),
      csrf: reply.generateCsrf(),
      notice: welcome,
      next: safeReturnPath(request.query.next),
    })
    return sendPage(reply, page)
  })

  web.post(
    '/login',
    { onRequest: limited, preHandler: csrfCheck(web), schema: { hide: true, body: LoginBody } },
    async (request, reply) => {
      const { email, password, next } = request.body
      const back = safeReturnPath(next)
      const account = await logIn(store, email, password)
      if (account) {
        setSessionCookie(reply, await startSession(store, account.id))
        return reply.redirect(back ?? '/account/keys', 303)
      }
      const page = LoginPage({
        viewer: await viewerOf(request, store),
        csrf: reply.generateCsrf(),
        next: back,
        email,
        notice: { kind: 'problem', text: 'The email or the password is not right.' },
      })
      return sendPage(reply, page, { status: 401 })
    },
  )

  web.get('/logout', { schema: { hide: true } }, async (request, reply) => {
    const page = LogoutPage({ viewer: await viewerOf(request, store), csrf: reply.generateCsrf() })
    return sendPage(reply, page)
  })

  web.post('/logout', { preHandler: csrfCheck(web), schema: { hide: true } }, async (request, reply) => {
    await endSession(store, request.cookies[SESSION_COOKIE])
    return clearSessionCookie(reply).redirect('/', 303)
  })
}
