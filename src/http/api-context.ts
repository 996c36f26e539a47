// What every API route needs: the store, and the account of the verified key.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TypedFastify } from './typed-fastify.ts'
import type { Account } from '../accounts/account.ts'
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { hash } from 'node:crypto'
import { baseUrl, withAbsoluteImageUrls } from './image-urls.ts'

export type Api = TypedFastify

export interface ApiOptions {
  store: Store
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null
    /** The verified key is approved for commercial use (its own, higher limits). */
    commercialKey: boolean
  }
  interface FastifyContextConfig {
    /** Served without a key (the OpenAPI document). */
    public?: boolean
    /** A website form that changes plants: counted by the new-account limit. */
    write?: boolean
  }
}

export function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw new AppError('notAuthenticated', 'Send the two key headers.')
  return request.account
}

/** Sends JSON that is already serialised (stored plant documents), skipping a parse and re-stringify; the
 * image paths stored in documents become absolute URLs. `etagSeed`, when given, is everything the body is
 * made of (ids and versions, pagination): the weak ETag is its hash and the image base's, not a hash of the
 * body (http/conditional-get.ts), which for a page of 100 plants cost as much as reading them. */
export function sendJson(
  reply: FastifyReply,
  json: string | Buffer,
  status = 200,
  etagSeed?: string,
): FastifyReply {
  if (etagSeed !== undefined)
    void reply.header('etag', `W/"${hash('sha1', `${etagSeed}|${baseUrl(reply.request)}`, 'base64url')}"`)
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(withAbsoluteImageUrls(json, reply.request))
}
