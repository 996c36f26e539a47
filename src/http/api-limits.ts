// The API's limits, with @fastify/rate-limit: requests per key, writes per key (separate from reads), and
// failed authentications per client address; keys the operator approved for commercial use have their own,
// higher request and write limits. Each answers 429 with Retry-After in the error shape, and every API
// response carries RateLimit-Limit, -Remaining and -Reset (the IETF draft's fields).
// The counters are the given `store`'s: on PostgreSQL shared by every process (shared-limit-store.ts), on
// SQLite (one process) the plugin's memory.
import type { FastifyReply, FastifyRequest } from 'fastify'
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { AppError } from '../errors.ts'
import type { Api } from './api-context.ts'
import { rateLimitRefusals } from '../metrics/instruments.ts'

export interface ApiLimits {
  requestsPerMinute: number
  writesPerMinute: number
  commercialRequestsPerMinute: number
  commercialWritesPerMinute: number
  authFailuresPerMinute: number
  /** Where the counts are kept; the plugin's memory when not given. */
  store?: FastifyRateLimitStoreCtor
}

const MINUTE = 60_000
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH'])

const tooMany = (limit: string, what: string, after: string) => {
  rateLimitRefusals.inc({ limit })
  return new AppError('tooManyRequests', `Too many ${what}. Retry after ${after} (see Retry-After).`)
}

/**
 * Registers the limits on the API plugin; call before its routes. `keyIdOf` names the verified key of a
 * request (null before or without one), `isCommercial` says whether the operator approved it for
 * commercial use. Returns the checks the authentication hook makes around a failure.
 */
export async function registerApiLimits(
  api: Api,
  limits: ApiLimits,
  keyIdOf: (request: FastifyRequest) => string | null,
  isCommercial: (request: FastifyRequest) => boolean,
) {
  // The limit's name starts the key: a shared store holds the counts of every limit.
  const byKey = (limit: string) => (request: FastifyRequest) => {
    const keyId = keyIdOf(request)
    return keyId ? `${limit}:key:${keyId}` : `${limit}:address:${request.ip}`
  }
  // Reads and writes alike, per key (per address for the routes that need no key); it runs after the
  // authentication hook, so a verified key and its commercial mark are known.
  await api.register(rateLimit, {
    global: true,
    max: (request) => (isCommercial(request) ? limits.commercialRequestsPerMinute : limits.requestsPerMinute),
    timeWindow: MINUTE,
    enableDraftSpec: true,
    keyGenerator: byKey('requests'),
    ...(limits.store ? { store: limits.store } : {}),
    errorResponseBuilder: (_request, context) =>
      tooMany('requests', `requests for this key (${context.max} a minute)`, context.after),
  })

  // Creates, updates and link changes, per key, counted apart from reads. POST /search is a read.
  const checkWrite = api.createRateLimit({
    max: (request) => (isCommercial(request) ? limits.commercialWritesPerMinute : limits.writesPerMinute),
    timeWindow: MINUTE,
    keyGenerator: byKey('writes'),
  })
  api.addHook('preHandler', async (request, reply) => {
    if (!isApiWrite(request)) return
    const limit = await checkWrite(request)
    if (limit.isAllowed) return
    void reply
      .header('ratelimit-limit', limit.max)
      .header('ratelimit-remaining', Math.max(0, limit.remaining))
      .header('ratelimit-reset', limit.ttlInSeconds)
    if (limit.isExceeded) {
      void reply.header('retry-after', limit.ttlInSeconds)
      throw tooMany('writes', `writes for this key (${limit.max} a minute)`, `${limit.ttlInSeconds} s`)
    }
  })

  // Failed authentications per address. An address over the limit is refused before its key is even
  // looked at, until the window ends, so guessing cannot go on at full speed. (With a shared store the
  // count is every process's; the refusal before the lookup is this process's, once it saw the count.)
  const checkFailure = api.createRateLimit({
    max: limits.authFailuresPerMinute,
    timeWindow: MINUTE,
    keyGenerator: (request) => `auth-failures:address:${request.ip}`,
  })
  const blockedUntil = new Map<string, number>()
  return {
    /** Throws 429 when the request's address is over the failure limit. */
    refuseBlockedAddress(request: FastifyRequest, reply: FastifyReply): void {
      const until = blockedUntil.get(request.ip)
      if (until === undefined) return
      if (until <= Date.now()) {
        blockedUntil.delete(request.ip)
        return
      }
      const seconds = Math.ceil((until - Date.now()) / 1000)
      void reply.header('retry-after', seconds)
      throw tooMany('auth_failures', 'failed authentications from your address', `${seconds} s`)
    },
    /** Counts a failed authentication; throws 429 once the address is over the limit. */
    async countFailure(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const limit = await checkFailure(request)
      if (limit.isAllowed || !limit.isExceeded) return
      if (blockedUntil.size > 100_000) blockedUntil.clear()
      blockedUntil.set(request.ip, Date.now() + limit.ttl)
      void reply.header('retry-after', limit.ttlInSeconds)
      throw tooMany('auth_failures', 'failed authentications from your address', `${limit.ttlInSeconds} s`)
    },
  }
}

/** Creates, updates, reverts and link changes: what the write limits count. POST /search is a read. */
export const isApiWrite = (request: FastifyRequest): boolean =>
  WRITE_METHODS.has(request.method) && !request.routeOptions.url?.endsWith('/search')
