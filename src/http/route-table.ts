// Which methods each path has, so that a known path asked with another method answers 405 with an Allow
// header instead of 404.

interface RoutePattern {
  pattern: RegExp
  methods: Set<string>
}

export class RouteTable {
  private readonly routes = new Map<string, RoutePattern>()

  add(method: string | string[], url: string): void {
    // Catch-all routes (the CORS preflight answers OPTIONS on every path) say nothing about a path.
    if (url.includes('*')) return
    const route = this.routes.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() }
    for (const one of [method].flat()) route.methods.add(one.toUpperCase())
    this.routes.set(url, route)
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
