// A plant's pages: its main one (GET /plants/<slug>: names, picture, description, growing conditions,
// sowing calendar, companions, problems, varieties), GET /plants/<slug>/varieties (every variety as cards,
// 24 a page) and GET /plants/<slug>/problems (its pests and diseases in full).
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { Type } from 'typebox'
import { PageNumber } from '../../http/integers.ts'
import type { Store } from '../../db/store.ts'
import { getPlantBySlug, listVarietyPlants } from '../../plants/plant-reads.ts'
import { shownPictureCredits } from '../../images/image.service.ts'
import { SlugParams } from '../common/member-forms.ts'
import { sendPage } from '../common/page-replies.ts'
import { frostDatesOf } from '../sowing/frost-dates.ts'
import { plantPageView } from './plant.view.ts'
import { viewerOf } from '../common/viewer.ts'
import { isWatching } from '../../watchlists/watchlist.service.ts'
import { VarietiesPage } from './varieties.tsx'
import { ProblemsPage } from './problems.tsx'
import { plantProblems } from '../../problems/problems.service.ts'
import { PlantPage, VARIETIES_SHOWN } from './plant.tsx'

const PageQuery = Type.Object({ page: Type.Optional(PageNumber(100_000)) })

export async function plantRoutes(web: TypedFastify, { store }: { store: Store }): Promise<void> {
  web.get('/plants/:slug', { schema: { hide: true, params: SlugParams } }, async (request, reply) => {
    const { slug } = request.params
    const view = await plantPageView(store, slug, frostDatesOf(request))
    const viewer = await viewerOf(request, store)
    const watching = viewer ? await isWatching(store, viewer, view.plant.id) : false
    return sendPage(reply, PlantPage({ ...view, viewer, watching }))
  })

  web.get(
    '/plants/:slug/varieties',
    { schema: { hide: true, params: SlugParams, querystring: PageQuery } },
    async (request, reply) => {
      const plant = await getPlantBySlug(store, request.params.slug)
      const { page = 1 } = request.query
      const answer = await listVarietyPlants(store, plant.id, { page, per_page: VARIETIES_SHOWN })
      const credits = await shownPictureCredits(store, answer.plants)
      return sendPage(
        reply,
        VarietiesPage({
          plant,
          varieties: answer.plants,
          credits,
          pagination: answer.pagination,
          viewer: await viewerOf(request, store),
        }),
        { noStore: true },
      )
    },
  )

  web.get(
    '/plants/:slug/problems',
    { schema: { hide: true, params: SlugParams } },
    async (request, reply) => {
      const plant = await getPlantBySlug(store, request.params.slug)
      const problems = await plantProblems(store, plant.id)
      return sendPage(reply, ProblemsPage({ plant, problems, viewer: await viewerOf(request, store) }), {
        noStore: true,
      })
    },
  )
}
