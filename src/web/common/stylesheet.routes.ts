// The site's one stylesheet, minified once, when it is first asked for (esbuild, which builds the server
// bundle anyway): the same rules in about two thirds of the bytes, so a plant page with its CSS stays
// light on a phone. Served from memory with a strong ETag; a browser that has it gets 304. Not at start:
// esbuild starts a service process of its own, about 100 ms of the start to the first answer.
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { readFileSync } from 'node:fs'
import { hash } from 'node:crypto'
import { transformSync } from 'esbuild'
import { fromRoot } from '../../paths.ts'

const STYLESHEET_PATH = '/static/hortus.css'

let minified: { css: string; etag: string } | undefined

function minifiedStylesheet(): { css: string; etag: string } {
  if (minified) return minified
  const source = readFileSync(fromRoot('src/web/public/hortus.css'), 'utf8')
  const css = transformSync(source, { loader: 'css', minify: true, target: 'chrome100' }).code
  minified = { css, etag: `"${hash('sha1', css, 'base64url')}"` }
  return minified
}

export function stylesheetRoute(web: TypedFastify): void {
  web.get(STYLESHEET_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { css, etag } = minifiedStylesheet()
    void reply.header('etag', etag).header('cache-control', 'public, max-age=3600')
    const asked = request.headers['if-none-match']
    if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send()
    }
    return reply.type('text/css; charset=utf-8').send(css)
  })
}
