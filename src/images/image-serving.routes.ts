// /images/<id>/thumb.webp, /images/<id>/title.webp and /images/<id>/original: the pictures, served
// without a key, as every image CDN serves them. An image's id changes when its picture does, so each
// answer may be kept for a year (`immutable`); its ETag is the hash of the bytes.
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { IdInteger } from '../http/integers.ts'
import type { Store } from '../db/store.ts'
import { notFound } from '../errors.ts'
import type { ImageSize } from './image-files.ts'
import { imageFile } from './image.service.ts'

const FILES: Record<string, ImageSize> = {
  'thumb.webp': 'thumb',
  'title.webp': 'title',
  original: 'original',
}

const Params = Type.Object({
  id: IdInteger(),
  file: Type.String({ maxLength: 20 }),
})

export async function imageServingRoutes(app: FastifyInstance, { store }: { store: Store }): Promise<void> {
  app.get('/images/:id/:file', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const { id, file } = request.params as { id: number; file: string }
    const size = FILES[file]
    if (!size) throw notFound(`Image file ${file}`)
    const found = await imageFile(store, id, size)
    return (
      reply
        .type(found.content_type)
        .header('etag', found.etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Other sites show these pictures in their pages (helmet's default would forbid it).
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(found.data)
    )
  })
}
