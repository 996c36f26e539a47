// What every page loads besides itself: the one stylesheet (minified, stylesheet.routes.ts), the files of
// src/web/public (the type-ahead script) and FarmBot's crop icons for cards without a photo.
import type { TypedFastify } from '../../http/typed-fastify.ts'
import fastifyStatic from '@fastify/static'
import { CROP_ICONS_DIR, CROP_ICONS_PATH } from '../../images/crop-icons.ts'
import { fromRoot } from '../../paths.ts'
import { stylesheetRoute } from './stylesheet.routes.ts'

export async function assetRoutes(web: TypedFastify): Promise<void> {
  stylesheetRoute(web)
  await web.register(fastifyStatic, {
    root: fromRoot('src/web/public'),
    prefix: '/static/',
    maxAge: '1h',
  })
  // From the repository, as the stylesheet is (images/crop-icons.ts). The first registration decorates the
  // reply already.
  await web.register(fastifyStatic, {
    root: CROP_ICONS_DIR,
    prefix: CROP_ICONS_PATH,
    maxAge: '1d',
    decorateReply: false,
  })
}
