// GET /docs: the OpenAPI document the API serves, rendered as a page of the website (no script, no CDN).
import type { TypedFastify } from '../../http/typed-fastify.ts'
import type { FastifyRequest } from 'fastify'
import { sendPage } from '../common/page-replies.ts'
import { docsPageView, type OpenApiDocument } from './docs.view.ts'
import { DocsPage } from './docs.tsx'
import { viewerOf } from '../common/viewer.ts'
import type { Store } from '../../db/store.ts'

export interface DocsOptions {
  store: Store
  /** The document of /api/openapi.json (`app.swagger()`); asked for when the page is, after start-up. */
  openApiDocument: () => unknown
}

/** What the examples use as this site's address when the Host header is not a plain host name. */
const FALLBACK_ORIGIN = 'http://localhost:3000'

export async function docsRoutes(web: TypedFastify, { store, openApiDocument }: DocsOptions): Promise<void> {
  // The page shows the API's own answer to a request without a key, asked once, so it cannot drift from it.
  let notAuthenticated: Promise<string> | undefined
  const askWithoutKey = async () => {
    const response = await web.inject({ method: 'GET', url: '/api/plants' })
    if (response.statusCode !== 401) throw new Error(`GET /api/plants without a key: ${response.statusCode}`)
    return `HTTP 401\n${JSON.stringify(response.json(), null, 2)}`
  }

  // The document does not change once the app has started, so neither does the page for one origin and
  // one visitor's navigation: the last one rendered is kept (one entry, whatever the Host headers sent).
  let last: { origin: string; viewer: string | null; html: string } | undefined

  web.get('/docs', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request)
    const viewer = await viewerOf(request, store)
    if (last?.origin !== origin || last.viewer !== (viewer?.name ?? null)) {
      notAuthenticated ??= askWithoutKey().catch((error: unknown) => {
        notAuthenticated = undefined
        throw error
      })
      const view = docsPageView(openApiDocument() as OpenApiDocument, {
        origin,
        notAuthenticated: await notAuthenticated,
      })
      last = { origin, viewer: viewer?.name ?? null, html: await DocsPage({ ...view, viewer }) }
    }
    return sendPage(reply, last.html)
  })
}

/** The origin the visitor used (behind a proxy, the one it forwards), for copy-ready example URLs. */
function originOf(request: FastifyRequest): string {
  const host = request.host
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)
    ? `${request.protocol}://${host}`
    : FALLBACK_ORIGIN
}
