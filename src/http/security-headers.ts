// Security headers on every answer, worked out once at start-up: helmet's values, which @fastify/helmet
// recomputed (CSP directives parsed and joined) on every request, a tenth of the cost of reading a plant.
// Pages load only this origin's stylesheet and scripts, may show plant images from anywhere, and may not
// be framed. API answers are JSON that never loads anything, so their policy allows nothing at all.
import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet, { type HelmetOptions } from 'helmet'

const PAGE_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'https:', 'data:'],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // Behind TLS the proxy's HSTS does this; on plain HTTP it would break the page's own stylesheet.
      upgradeInsecureRequests: null,
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
}

// The headers about documents (opener, agent cluster, prefetching, downloads, Flash, the XSS auditor) say
// nothing about JSON; leaving them out saves bytes on every answer.
const API_OPTIONS: HelmetOptions = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
}

/** The headers helmet's middleware sets with `options`, collected from one dry run. */
function headersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  }
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {})
  return Object.freeze(headers)
}

export const PAGE_HEADERS = headersOf(PAGE_OPTIONS)
export const API_HEADERS = headersOf(API_OPTIONS)
