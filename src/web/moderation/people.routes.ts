// People on the website: a contributor's page (/people/<display name>) with their edits, where a moderator
// blocks the account (its sessions end; its API keys are refused at once in this process, through the key
// verifier, and in others within HORTUS_KEY_CACHE_SECONDS) or unblocks it; and the moderation log
// (/moderation/log), a page that does not exist for anyone but moderators.
import type { TypedFastify, TypedRequest } from '../../http/typed-fastify.ts'
import type { FastifyReply } from 'fastify'
import { Type, type Static } from 'typebox'
import { IdInteger, PageNumber } from '../../http/integers.ts'
import { hasRole, type Account } from '../../accounts/account.ts'
import type { KeyVerifier } from '../../accounts/api-keys.ts'
import type { Store } from '../../db/store.ts'
import { AppError } from '../../errors.ts'
import { blockAccount, moderationLog, unblockAccount } from '../../moderation/moderation.service.ts'
import { contributions } from '../../revisions/recent-changes.ts'
import { csrfCheck } from '../common/csrf.ts'
import { sendPage } from '../common/page-replies.ts'
import { personPath } from '../common/change-words.tsx'
import { ModerationLogPage } from './moderation-log.tsx'
import { PersonPage } from './person.tsx'
import { viewerOf } from '../common/viewer.ts'

const NameParams = Type.Object({ name: Type.String({ format: 'single-line', minLength: 1, maxLength: 100 }) })
const PersonQuery = Type.Object({
  before: Type.Optional(IdInteger()),
  blocked: Type.Optional(Type.String({ maxLength: 10 })),
  unblocked: Type.Optional(Type.String({ maxLength: 10 })),
})
const ReasonBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
  _csrf: Type.Optional(Type.String()),
})
const LogQuery = Type.Object({ page: Type.Optional(PageNumber(1_000_000)) })

export async function peopleRoutes(
  web: TypedFastify,
  { store, keys }: { store: Store; keys: KeyVerifier },
): Promise<void> {
  /** The person's page as `viewer` sees it, with what the last post did (`query`: a GET's). */
  const render = async (
    request: TypedRequest<{ params: typeof NameParams }>,
    reply: FastifyReply,
    { query = {}, ...form }: { query?: Static<typeof PersonQuery>; problem?: string; status?: number } = {},
  ) => {
    const viewer = await viewerOf(request, store)
    const { name } = request.params
    const { person, ...list } = await contributions(store, name, query.before, viewer)
    const csrf = hasRole(viewer, 'moderator') ? reply.generateCsrf() : null
    const notice =
      query.blocked !== undefined
        ? `${person.name} is blocked: logged out, and their API keys are refused from now on.`
        : query.unblocked !== undefined
          ? `${person.name} is unblocked.`
          : undefined
    const page = PersonPage({
      viewer,
      person,
      ...list,
      firstPage: query.before === undefined,
      csrf,
      self: viewer?.id === person.id,
      here: personPath(person.name),
      notice,
      problem: form.problem,
    })
    return sendPage(reply, page, { status: form.status ?? 200, noStore: csrf !== null })
  }

  web.get(
    '/people/:name',
    { schema: { hide: true, params: NameParams, querystring: PersonQuery } },
    (request, reply) => render(request, reply, { query: request.query }),
  )

  /** A moderator's Block or Unblock: done, then back to the page; refused, the page says why. */
  const moderate =
    (action: 'block' | 'unblock') =>
    async (
      request: TypedRequest<{ params: typeof NameParams; body: typeof ReasonBody }>,
      reply: FastifyReply,
    ) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      const { name } = request.params
      const { person } = await contributions(store, name, undefined, viewer)
      const { reason = '' } = request.body
      try {
        if (action === 'block')
          await blockAccount(store, { name: person.name }, reason, viewer, (id) => keys.forgetAccount(id))
        else await unblockAccount(store, { name: person.name }, reason, viewer)
      } catch (error) {
        if (!(error instanceof AppError) || !['validationFailed', 'forbidden'].includes(error.kind))
          throw error
        return render(request, reply, { problem: error.msg, status: error.status })
      }
      return reply.redirect(`${personPath(person.name)}?${action}ed=1`, 303)
    }
  for (const action of ['block', 'unblock'] as const)
    web.post(
      `/people/:name/${action}`,
      { preHandler: csrfCheck(web), schema: { hide: true, params: NameParams, body: ReasonBody } },
      moderate(action),
    )

  web.get('/moderation/log', { schema: { hide: true, querystring: LogQuery } }, async (request, reply) => {
    const viewer = await viewerOf(request, store)
    // For anyone else there is no such page, as the not-found handler would say.
    if (!hasRole(viewer, 'moderator')) throw new AppError('notFound', 'There is no page at /moderation/log.')
    const { page } = request.query
    const log = await moderationLog(store, { page, per_page: 50 }, viewer as Account)
    return sendPage(reply, ModerationLogPage({ viewer: viewer as Account, ...log }))
  })
}
