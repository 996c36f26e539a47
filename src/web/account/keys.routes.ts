// My API keys: list, create (the secret is shown once, in the answer to the post, never stored or
// redirected with), revoke. Only for a logged-in person; anyone else is sent to the login page.
import type { TypedFastify } from '../../http/typed-fastify.ts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import type { Account } from '../../accounts/account.ts'
import {
  createAccountKey,
  keysOfAccount,
  revokeKey,
  type KeyPair,
  type KeyVerifier,
} from '../../accounts/api-keys.ts'
import type { FormProblems } from '../../accounts/account.service.ts'
import type { Store } from '../../db/store.ts'
import { AppError } from '../../errors.ts'
import { TEXT_FORMATS } from '../../text/text-formats.ts'
import { KEY_LABEL_MAX_LENGTH, KeysPage } from './keys.tsx'
import { viewerOf } from '../common/viewer.ts'
import { sendPage } from '../common/page-replies.ts'
import { csrfCheck } from '../common/csrf.ts'

export interface KeyRoutesOptions {
  store: Store
  keys: KeyVerifier
  keyBrand: string
  contact: string | null
  /** Mail is sent: an account that has not confirmed its address is told how to. */
  mail: boolean
}

const CreateKeyBody = Type.Object({
  label: Type.Optional(Type.String({ maxLength: 1000 })),
  terms: Type.Optional(Type.String({ maxLength: 100 })),
  _csrf: Type.Optional(Type.String()),
})
const KeyParams = Type.Object({ keyId: Type.String({ format: 'single-line', maxLength: 100 }) })
const KeysQuery = Type.Object({
  revoked: Type.Optional(Type.String({ format: 'single-line', maxLength: 100 })),
  confirm: Type.Optional(Type.Union([Type.Literal('sent'), Type.Literal('wait')])),
})

const CONFIRM_NOTICES = {
  sent: 'A new link is on its way to your address. It works for a week.',
  wait: 'We have sent three links this hour already: look for them (and in the spam folder), or ask again later.',
} as const

export async function keyRoutes(
  web: TypedFastify,
  { store, keys, keyBrand, contact, mail }: KeyRoutesOptions,
) {
  const headers = { id: `x-${keyBrand}-key-id`, secret: `x-${keyBrand}-key-secret` }

  /** The page for `viewer`, with what the last post did. */
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: Account,
    extra: { created?: KeyPair; label?: string; problems?: FormProblems; notice?: string } = {},
    status = 200,
  ) => {
    await keys.writeUses() // the uses this process has noted, so that "last used" is up to date
    const page = KeysPage({
      viewer,
      csrf: reply.generateCsrf(),
      keys: await keysOfAccount(store, viewer.id),
      headers,
      origin: `${request.protocol}://${request.host}`,
      contact,
      unconfirmed: mail && viewer.email_verified_at === null,
      ...extra,
    })
    // The page may hold a secret or a form token: no cache, shared or private, keeps it.
    return sendPage(reply, page, { status, noStore: true })
  }

  web.get('/account/keys', { schema: { hide: true, querystring: KeysQuery } }, async (request, reply) => {
    const viewer = await viewerOf(request, store)
    if (!viewer) return reply.redirect('/login', 303)
    const { revoked, confirm } = request.query
    const notice = revoked
      ? `Key ${revoked} is revoked: the API refuses it from now on.`
      : confirm
        ? CONFIRM_NOTICES[confirm]
        : undefined
    return render(request, reply, viewer, { notice })
  })

  web.post(
    '/account/keys',
    { preHandler: csrfCheck(web), schema: { hide: true, body: CreateKeyBody } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      const { label: given = '', terms } = request.body
      const label = given.trim()
      const problems: FormProblems = {}
      if (label.length > KEY_LABEL_MAX_LENGTH) problems.label = `At most ${KEY_LABEL_MAX_LENGTH} characters.`
      else if (!TEXT_FORMATS['single-line'](label)) problems.label = 'One line of text, please.'
      if (terms !== 'accepted') problems.terms = 'A key needs the non-commercial terms accepted.'
      if (Object.keys(problems).length > 0) {
        return render(request, reply, viewer, { label, problems }, 422)
      }
      const created = await createAccountKey(store, viewer.id, label)
      return render(request, reply, viewer, { created }, 201)
    },
  )

  web.post(
    '/account/keys/:keyId/revoke',
    { preHandler: csrfCheck(web), schema: { hide: true, params: KeyParams } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      const { keyId } = request.params
      if (!(await revokeKey(store, keyId, viewer.id)))
        throw new AppError('notFound', `You have no active key ${keyId}.`)
      // This process refuses the key on its very next request; others when their cache entry expires.
      keys.forget(keyId)
      return reply.redirect(`/account/keys?revoked=${encodeURIComponent(keyId)}`, 303)
    },
  )
}
