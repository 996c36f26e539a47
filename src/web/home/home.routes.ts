// The home page (/): what Hortus is and how big, a search box, ways in, the latest changes.
import type { TypedFastify } from '../../http/typed-fastify.ts'
import type { Store } from '../../db/store.ts'
import { countAllPlants } from '../../plants/plant-reads.ts'
import { recentChanges } from '../../revisions/recent-changes.ts'
import { sendPage } from '../common/page-replies.ts'
import { viewerOf } from '../common/viewer.ts'
import { HomePage } from './home.tsx'

/** The latest changes on the home page; /changes has them all. */
const LATEST_SHOWN = 5

export async function homeRoutes(
  web: TypedFastify,
  { store, contact }: { store: Store; contact: string | null },
): Promise<void> {
  web.get('/', { schema: { hide: true } }, async (request, reply) => {
    const viewer = await viewerOf(request, store)
    const [plants, recent] = await Promise.all([countAllPlants(store), recentChanges(store, {}, viewer)])
    return sendPage(
      reply,
      HomePage({ plants, latest: recent.changes.slice(0, LATEST_SHOWN), viewer, contact }),
    )
  })
}
