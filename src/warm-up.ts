// What a start makes once the server listens, before its health check says it is ready (health/readiness.ts):
// the phrase book behind `q`, then the busiest routes' validators and serializers, then one search through
// the service, which runs the search's code and prepares its statements, and one API request with a key no
// account has, which runs the hooks and the key check. The first search after a start cost 140-180 ms made
// on its path, against 5 ms warm. Every step yields to requests between turns of the
// event loop; the other routes' functions are compiled after, in the background (compiled-on-first-use.ts).
import type { FastifyInstance } from 'fastify'
import type { Store } from './db/store.ts'
import { compileTheRest } from './http/compiled-on-first-use.ts'
import { warmPhraseBook } from './search/phrase-book-cache.ts'
import { searchPlants } from './search/search.service.ts'

/** The routes most requests ask for: their functions are compiled before the process says it is ready. */
const BUSIEST_ROUTES = new Set([
  '/api/search',
  '/api/plants',
  '/api/plants/:id',
  '/api/suggest',
  '/search',
  '/plants/:slug',
])

// A documentation address (RFC 5737), never a client's: the warm-up's failed key counts against it alone.
const WARM_UP_ADDRESS = '192.0.2.0'

export async function warmUp(
  app: FastifyInstance,
  store: Store,
  keyHeaders: { id: string; secret: string },
): Promise<void> {
  await warmPhraseBook(store.reader)
  await compileTheRest(BUSIEST_ROUTES)
  // The first plant's name: a search with matches, ranked and read, whatever the database holds.
  const first = await store.reader
    .selectFrom('plants')
    .select('name')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (first) await searchPlants(store, { q: first.name })
  // An API request with a key no account has: the request's way through the hooks and the key check
  // (an unknown key costs what a wrong secret does), answered 401.
  await app.inject({
    url: '/api/search?q=warm-up',
    remoteAddress: WARM_UP_ADDRESS,
    headers: { [keyHeaders.id]: 'warm-up', [keyHeaders.secret]: 'warm-up', 'x-request-id': 'warm-up' },
  })
}
