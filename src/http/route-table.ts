// Which methods each path has, so that a known path asked with another method answers 405 with an Allow
// header instead of 404; and the integers each route takes, for the tests that try their bounds.
import type { IntegerInput } from './integers.ts'

interface RoutePattern {
  pattern: RegExp
  methods: Set<string>
}

/** An integer one route takes (`url` as the router writes it: `/api/plants/:id`). */
export interface RouteInteger extends IntegerInput {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app has, as app.ts added them. */
    routeTable: RouteTable
  }
}

export class RouteTable {
  private readonly routes = new Map<string, RoutePattern>()
  private readonly integers: RouteInteger[] = []

  add(method: string | string[], url: string, integers: readonly IntegerInput[] = []): void {
    for (const one of [method].flat())
      for (const input of integers) this.integers.push({ method: one.toUpperCase(), url, ...input })
    // Catch-all routes (the CORS preflight answers OPTIONS on every path) say nothing about a path.
    if (url.includes('*')) return
    const route = this.routes.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() }
    for (const one of [method].flat()) route.methods.add(one.toUpperCase())
    this.routes.set(url, route)
  }

  /** Every integer in a path, a query string or a body of any route, HEAD and OPTIONS aside. */
  integerInputs(): RouteInteger[] {
    return this.integers.filter((input) => input.method !== 'HEAD' && input.method !== 'OPTIONS')
  }

  /** The methods of the route that `path` names, or none when no route has that path. */
  methodsFor(path: string): string[] {
    const methods = new Set<string>()
    for (const route of this.routes.values()) {
      if (route.pattern.test(path)) for (const method of route.methods) methods.add(method)
    }
    return [...methods].sort()
  }
}

/** `/api/plants/:id` → /^\/api\/plants\/[^/]+\/?$/ (trailing slashes are ignored, as by the router). */
function patternOf(url: string): RegExp {
  const source = url
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${source}/?$`)
}
