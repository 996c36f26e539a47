// Which query parameter names a route takes, and what happens to the others. Clients are written against
// the live service, which ignores a name it does not take; so does Hortus by default, and says so in the
// Hortus-Ignored-Parameters header. A client that wants mistakes to fail asks with `Prefer:
// handling=strict` (RFC 7240) and gets a 400 naming the parameter. A few names real clients send for ours
// (`limit`, `last`, `lastid`) are aliases the route schemas declare: validated as themselves, then read as
// the name they stand for.
import type { FastifyReply, FastifyRequest, RouteOptions, preHandlerHookHandler } from 'fastify'
import { ignoredParameter, type IgnoredParameter } from '../text/closest-name.ts'
import { PARAMETER_ALIASES, withoutAliases } from './schemas.ts'

export const IGNORED_PARAMETERS_HEADER = 'hortus-ignored-parameters'
/** The header names at most this many; more are counted as `+N more`. */
const MAX_LISTED = 20
/** A name longer than this is shown as its start and `...`. */
const MAX_NAME_LENGTH = 100

/** The `handling` preference of a request's Prefer header(s), when it names one. */
function handlingPreference(request: FastifyRequest): 'strict' | 'lenient' | null {
  const prefer = request.headers.prefer
  if (prefer === undefined) return null
  for (const preference of [prefer].flat().join(',').split(',')) {
    // `token [= word] *( ; parameter )`; tokens are case-insensitive and the value may be quoted.
    const [name = '', value = ''] = preference.split(';')[0]!.split('=')
    if (name.trim().toLowerCase() !== 'handling') continue
    const handling = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase()
    if (handling === 'strict' || handling === 'lenient') return handling
  }
  return null
}

export const isStrict = (request: FastifyRequest): boolean => handlingPreference(request) === 'strict'

/** Answers to a request that states its handling preference say that it was applied. */
export function acknowledgeHandlingPreference(request: FastifyRequest, reply: FastifyReply): void {
  const handling = handlingPreference(request)
  if (handling) void reply.header('preference-applied', `handling=${handling}`)
}

/** Names what was ignored in the header, and that a strict request would have been answered otherwise. */
export function reportIgnored(reply: FastifyReply, ignored: readonly IgnoredParameter[]): void {
  if (ignored.length === 0) return
  void reply.header(IGNORED_PARAMETERS_HEADER, ignoredHeaderValue(ignored)).header('vary', 'Prefer')
}

/** `limt (did you mean per_page?), verbose, +3 more`: names percent-encoded as in a URL, so any name is
 * safe in a header and no name contains the separators. */
function ignoredHeaderValue(ignored: readonly IgnoredParameter[]): string {
  const entries = ignored.slice(0, MAX_LISTED).map(({ name, did_you_mean }) => {
    const shown =
      name.length > MAX_NAME_LENGTH ? `${encodeName(name.slice(0, MAX_NAME_LENGTH))}...` : encodeName(name)
    return did_you_mean === null ? shown : `${shown} (did you mean ${encodeName(did_you_mean)}?)`
  })
  if (ignored.length > MAX_LISTED) entries.push(`+${ignored.length - MAX_LISTED} more`)
  return entries.join(', ')
}

/** encodeURIComponent leaves ( ) ' ! * as they are; the header's grammar uses parentheses. */
const encodeName = (name: string): string =>
  encodeURIComponent(name.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replace(
    /[()'!*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )

interface QuerySchema {
  properties?: Record<string, unknown>
  additionalProperties?: unknown
}

/** Called for every route as it is added: declares the route's query names closed (for strict requests),
 * drops the names it does not take from lenient ones, and reads aliases as the names they stand for. A
 * route with a policy of its own for other names (search takes attribute keys as facets) keeps it. */
export function handleQueryParameterNames(route: RouteOptions): void {
  const methods = [route.method].flat()
  if (methods.includes('OPTIONS')) return
  const schema = (route.schema ??= {})
  const query = (schema.querystring ?? { type: 'object', properties: {} }) as QuerySchema
  const aliases = aliasesAmong(query, schema.body as QuerySchema | undefined)
  if (aliases.length > 0) route.preHandler = [[route.preHandler ?? []].flat(), readAliases(aliases)].flat()
  if (query.additionalProperties !== undefined) return
  schema.querystring = { ...query, additionalProperties: false }
  const accepted = new Set(Object.keys(query.properties ?? {}))
  // Near misses are suggested as the interface's names, not as aliases.
  const taken = withoutAliases([...accepted])
  route.preValidation = [
    [route.preValidation ?? []].flat(),
    async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.query as Record<string, unknown>
      let ignored: IgnoredParameter[] | null = null
      for (const name in params) {
        if (accepted.has(name)) continue
        // A strict request keeps the name: the schema refuses it with a 400 naming it.
        if (isStrict(request)) return
        ;(ignored ??= []).push(ignoredParameter(name, taken))
      }
      if (ignored === null) return
      for (const { name } of ignored) delete params[name]
      reportIgnored(reply, ignored)
    },
  ].flat()
}

type Alias = readonly [alias: string, meaning: string]

/** The aliases a route declares beside the names they stand for (a route may take `limit` as its own). */
function aliasesAmong(...schemas: (QuerySchema | undefined)[]): Alias[] {
  return Object.entries(PARAMETER_ALIASES).filter(([alias, meaning]) =>
    schemas.some((schema) => schema?.properties?.[alias] && schema.properties[meaning]),
  )
}

/** After validation: an alias fills in the name it stands for (which wins when both are sent). */
function readAliases(aliases: Alias[]): preHandlerHookHandler {
  return (request, _reply, done) => {
    for (const part of [request.query, request.body]) {
      if (typeof part !== 'object' || part === null) continue
      const params = part as Record<string, unknown>
      for (const [alias, meaning] of aliases) {
        if (params[alias] === undefined) continue
        params[meaning] ??= params[alias]
        delete params[alias]
      }
    }
    done()
  }
}
