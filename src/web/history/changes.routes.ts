// Recent changes on the website (/changes): every edit, newest first, with filters in the query string (a GET
// form, no script), and a moderator's "Mark patrolled" button, which comes back to the page it was on.
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { Type } from 'typebox'
import { DigitsText, ID_MAX, IdInteger, INTEGER_COLUMN_MAX } from '../../http/integers.ts'
import { hasRole } from '../../accounts/account.ts'
import type { Store } from '../../db/store.ts'
import { patrolRevision } from '../../moderation/moderation.service.ts'
import { recentChanges } from '../../revisions/recent-changes.ts'
import { csrfCheck } from '../common/csrf.ts'
import { backTo, sendPage } from '../common/page-replies.ts'
import { RecentChangesPage, type ChangeFilters } from './recent-changes.tsx'
import { viewerOf } from '../common/viewer.ts'

const Text = Type.String({ format: 'single-line', maxLength: 200 })
const ChangesQuery = Type.Object({
  plant: Type.Optional(Text),
  author: Type.Optional(Text),
  new: Type.Optional(Type.String({ maxLength: 10 })),
  unpatrolled: Type.Optional(Type.String({ maxLength: 10 })),
  before: Type.Optional(IdInteger()),
})
const PatrolBody = Type.Object({
  plant_id: DigitsText(ID_MAX),
  version: DigitsText(INTEGER_COLUMN_MAX),
  back: Type.Optional(Type.String({ maxLength: 2000 })),
  _csrf: Type.Optional(Type.String()),
})

type ChangesQuery = { plant?: string; author?: string; new?: string; unpatrolled?: string; before?: number }

export async function changesRoutes(web: TypedFastify, { store }: { store: Store }): Promise<void> {
  web.get('/changes', { schema: { hide: true, querystring: ChangesQuery } }, async (request, reply) => {
    const viewer = await viewerOf(request, store)
    const query = request.query
    const filters: ChangeFilters = {
      plant: query.plant?.trim() ?? '',
      author: query.author?.trim() ?? '',
      // A checkbox is sent when ticked, with any value.
      newAccounts: query.new !== undefined,
      unpatrolled: query.unpatrolled !== undefined,
    }
    const list = await recentChanges(store, { ...filters, before: query.before }, viewer)
    const moderator = hasRole(viewer, 'moderator')
    const csrf = moderator ? reply.generateCsrf() : null
    const page = RecentChangesPage({
      ...list,
      viewer,
      filters,
      here: request.url,
      query: filterQuery(filters),
      firstPage: query.before === undefined,
      moderator,
      csrf,
    })
    return sendPage(reply, page, { noStore: csrf !== null })
  })

  web.post(
    '/changes/patrol',
    { preHandler: csrfCheck(web), schema: { hide: true, body: PatrolBody } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      const body = request.body
      await patrolRevision(store, Number(body.plant_id), Number(body.version), viewer)
      return reply.redirect(backTo(body.back, '/changes'), 303)
    },
  )
}

/** The filters as a query string, for the paging links: only those set. */
function filterQuery(filters: ChangeFilters): string {
  const query = new URLSearchParams()
  if (filters.plant) query.set('plant', filters.plant)
  if (filters.author) query.set('author', filters.author)
  if (filters.newAccounts) query.set('new', '1')
  if (filters.unpatrolled) query.set('unpatrolled', '1')
  return query.toString()
}
