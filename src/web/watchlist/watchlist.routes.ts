// The watchlist pages: /watchlist (the member's plants, their changes, the mail choice), a plant's watch
// page (a form, from the plant page's "Watch this plant"), and the one-click unsubscribe link of a mail.
import { Type } from 'typebox'
import type { Store } from '../../db/store.ts'
import { baseUrl } from '../../http/image-urls.ts'
import { IdInteger } from '../../http/integers.ts'
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { getPlantBySlug } from '../../plants/plant-reads.ts'
import {
  isWatching,
  setWatchMail,
  unsubscribe,
  unwatch,
  watch,
  watchlistOf,
} from '../../watchlists/watchlist.service.ts'
import { csrfCheck } from '../common/csrf.ts'
import { SlugParams } from '../common/member-forms.ts'
import { sendPage } from '../common/page-replies.ts'
import { viewerOf } from '../common/viewer.ts'
import { UnsubscribedPage, WatchlistPage, WatchPage } from './watchlist.tsx'

const WatchlistQuery = Type.Object({
  before: Type.Optional(IdInteger()),
  saved: Type.Optional(Type.Literal('1')),
})
const MailBody = Type.Object({
  mail: Type.Union([Type.Literal('none'), Type.Literal('instant'), Type.Literal('daily')]),
  _csrf: Type.Optional(Type.String()),
})
const WatchBody = Type.Object({
  watch: Type.Union([Type.Literal('on'), Type.Literal('off')]),
  _csrf: Type.Optional(Type.String()),
})
const UnsubscribeQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) })

export async function watchlistRoutes(web: TypedFastify, { store, mail }: { store: Store; mail: boolean }) {
  web.get('/watchlist', { schema: { hide: true, querystring: WatchlistQuery } }, async (request, reply) => {
    const viewer = await viewerOf(request, store)
    if (!viewer) return reply.redirect(`/login?next=${encodeURIComponent('/watchlist')}`, 303)
    const { before, saved } = request.query
    const page = WatchlistPage({
      viewer,
      csrf: reply.generateCsrf(),
      list: await watchlistOf(store, viewer, before),
      mail,
      firstPage: before === undefined,
      ...(saved ? { notice: 'Saved: your watchlist mail is as you chose.' } : {}),
    })
    return sendPage(reply, page, { noStore: true })
  })

  web.post(
    '/watchlist/mail',
    { preHandler: csrfCheck(web), schema: { hide: true, body: MailBody } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      await setWatchMail(store, viewer, request.body.mail, baseUrl(request))
      return reply.redirect('/watchlist?saved=1', 303)
    },
  )

  web.get('/plants/:slug/watch', { schema: { hide: true, params: SlugParams } }, async (request, reply) => {
    const viewer = await viewerOf(request, store)
    const plant = await getPlantBySlug(store, request.params.slug)
    if (!viewer) return reply.redirect(`/login?next=${encodeURIComponent(`${plant.link}/watch`)}`, 303)
    const watching = await isWatching(store, viewer, plant.id)
    return sendPage(reply, WatchPage({ viewer, csrf: reply.generateCsrf(), plant, watching }), {
      noStore: true,
    })
  })

  web.post(
    '/plants/:slug/watch',
    { preHandler: csrfCheck(web), schema: { hide: true, params: SlugParams, body: WatchBody } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      const plant = await getPlantBySlug(store, request.params.slug)
      if (request.body.watch === 'on') await watch(store, viewer, plant.id)
      else await unwatch(store, viewer, plant.id)
      return reply.redirect(plant.link, 303)
    },
  )

  // One click, no login: the token is the permission. It is in the query string, which the request log
  // leaves out (http/request-log.ts).
  web.get(
    '/watchlist/unsubscribe',
    { schema: { hide: true, querystring: UnsubscribeQuery } },
    async (request, reply) => {
      const done = await unsubscribe(store, request.query.token ?? '')
      const page = UnsubscribedPage({ viewer: await viewerOf(request, store), done })
      return sendPage(reply, page, { status: done ? 200 : 404, noStore: true })
    },
  )
}
