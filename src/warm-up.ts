// What a start makes once the server listens, before its health check says it is ready (health/readiness.ts):
// the phrase book behind `q`, the busiest routes' validators and serializers, the keys clients used last,
// then searches sent to itself over loopback with a key of its own, which run every step of a client's
// search (the socket, the hooks, the key check, the search, the answer's writing) often enough that V8
// compiles them, and one API request with a key no account has (the failed key's way). The first search
// after a start cost 140-180 ms made on its path, against 5 ms warm; after one search made in-process,
// 9-11 ms on the server against 3-4. Every step yields to requests between turns of the event loop; the
// other routes' functions are compiled after, in the background (compiled-on-first-use.ts).
import type { FastifyInstance } from 'fastify'
import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { KeyVerifier } from './accounts/api-keys.ts'
import type { Store } from './db/store.ts'
import { compileTheRest } from './http/compiled-on-first-use.ts'
import { WARM_UP_REQUEST_ID } from './http/request-log.ts'
import { warmPhraseBook } from './search/phrase-book-cache.ts'

/** The routes most requests ask for: their functions are compiled before the process says it is ready. */
const BUSIEST_ROUTES = new Set([
  '/api/search',
  '/api/plants',
  '/api/plants/:id',
  '/api/suggest',
  '/search',
  '/plants/:slug',
])

/** The searches a start sends itself: two for each of this many plants, WARM_UP_ROUNDS times over; about
 * 0.6 s on the 92k database. The bench's first search after a start (`npm run bench`, the median of 5
 * starts, against 2x a warm search's p50): one search in-process 2.3-3.4x; each plant's name twice 1.9-2.1x;
 * its name and its last word once 2.3x, twice 1.75x. */
const WARM_UP_NAMES = 30
const WARM_UP_ROUNDS = 2
/** Searches sent at once: on PostgreSQL each may take a connection of its own, so that every connection of
 * the reads' pool (postgres.ts, kept open) has run searches before a client comes. The bench's first search
 * after a save on PostgreSQL, medians of 3 (number, known text, new text): 37.6, 9.1, 8.1 ms one at a time,
 * 11.0, 7.2, 9.5 ms ten at once with the pool kept open, against a warm p50 of 6-7 ms. */
const WARM_UP_CLIENTS = 10

// A documentation address (RFC 5737), never a client's: the warm-up's failed key counts against it alone.
const WARM_UP_ADDRESS = '192.0.2.0'

export interface WarmUpKeys {
  verifier: KeyVerifier
  headers: { id: string; secret: string }
}

export async function warmUp(app: FastifyInstance, store: Store, keys: WarmUpKeys): Promise<void> {
  await warmPhraseBook(store.reader)
  await compileTheRest(BUSIEST_ROUTES)
  await keys.verifier.rememberRecentKeys()
  const names = await store.reader
    .selectFrom('plants')
    .select('name')
    .orderBy('id')
    .limit(WARM_UP_NAMES)
    .execute()
  // A plant's name, and its last word alone: one word that names a kind ("maple", "fir") matches many
  // plants, as a gardener's "tomato" does.
  const queries = names.flatMap(({ name }) => [name, name.split(' ').at(-1)!])
  const address = app.server.address()
  if (address !== null && typeof address === 'object') {
    await keys.verifier.withProcessKey(async (pair) => {
      const agent = new Agent({ keepAlive: true, maxSockets: WARM_UP_CLIENTS })
      const headers = { [keys.headers.id]: pair.key_id, [keys.headers.secret]: pair.key_secret }
      const search = (query: string) =>
        getOverLoopback(address, agent, `/api/search?q=${encodeURIComponent(query)}`, headers)
      try {
        for (let round = 0; round < WARM_UP_ROUNDS; round++)
          for (let first = 0; first < queries.length; first += WARM_UP_CLIENTS)
            await Promise.all(queries.slice(first, first + WARM_UP_CLIENTS).map(search))
      } finally {
        agent.destroy()
      }
    })
  }
  // An API request with a key no account has: the request's way through the hooks and the key check
  // (an unknown key costs what a wrong secret does), answered 401.
  await app.inject({
    url: '/api/search?q=warm-up',
    remoteAddress: WARM_UP_ADDRESS,
    headers: {
      [keys.headers.id]: 'warm-up',
      [keys.headers.secret]: 'warm-up',
      'x-request-id': WARM_UP_REQUEST_ID,
    },
  })
}

/** A GET to the server itself, as a client sends it; the answer is read and dropped. */
function getOverLoopback(
  address: AddressInfo,
  agent: Agent,
  path: string,
  headers: Record<string, string>,
): Promise<void> {
  // A server listening on every address answers on loopback.
  const unspecified = address.address === '0.0.0.0' || address.address === '::'
  const host = unspecified ? (address.family === 'IPv6' ? '::1' : '127.0.0.1') : address.address
  return new Promise((resolve, reject) => {
    const sent = request(
      { host, port: address.port, path, agent, headers: { ...headers, 'x-request-id': WARM_UP_REQUEST_ID } },
      (answer) => answer.resume().on('end', resolve).on('error', reject),
    )
    sent.on('error', reject)
    sent.end()
  })
}
