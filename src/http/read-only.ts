// HORTUS_READ_ONLY=on: a read-only copy, kept by `hortus mirror` and nothing else. Every request that
// would write (an API create, update, revert, link, picture or key; a website form: sign-up, login,
// edits, pictures, keys, moderation) is refused before anything is read or counted, with a 403 naming
// what the copy mirrors; reads, POST /api/search among them, are served as ever.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** POSTs that only read. */
const READS = new Set(['/api/search'])

export function refuseWrites(app: FastifyInstance, mirrorOf: string | null): void {
  const message = mirrorOf
    ? `This Hortus is a read-only copy of ${mirrorOf}: it takes no changes. Make them there; they reach this copy when it next syncs.`
    : 'This Hortus is a read-only copy (HORTUS_READ_ONLY=on): it takes no changes.'
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!WRITE_METHODS.has(request.method)) return
    const path = request.url.split('?')[0]!.replace(/\/+$/, '')
    if (READS.has(path)) return
    throw new AppError('forbidden', message)
  })
}
