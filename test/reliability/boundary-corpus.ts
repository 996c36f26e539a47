// The edges of every integer every route takes, for fuzz.test.ts: the app's route table lists each integer
// of a path, a query string or a body (src/http/integers.ts finds them), so a new route is tried without
// being named here. Each edge goes into a request that is otherwise right (the route's OpenAPI example, the
// ids of real plants, a valid key or session), so that a value the schema lets through reaches the
// database: 2^31 is past PostgreSQL's integer columns, 2^53 past what JavaScript holds exactly, 2^63 past
// bigint, and 1.5 is no integer at all.
import type { RouteInteger } from '../../src/http/route-table.ts'
import type { HostileRequest } from './fuzz-corpus.ts'

export const INTEGER_EDGES = [
  '0',
  '-1',
  String(2 ** 31 - 1),
  String(2 ** 31),
  String(2 ** 53),
  '9223372036854775808',
  '1.5',
] as const

/** What the otherwise-right requests are made of. */
export interface BoundaryWorld {
  /** A value for each path parameter a route may have, by its name in the route (`:id` → id). */
  params: Record<string, string>
  /** What a body's integers hold when another one is tried: the plant's current version, real ids. */
  fields: Record<string, number>
  key: { key_id: string; key_secret: string }
  session: { cookie: string; csrf: string }
  /** The API's example requests (from /api/openapi.json) by route, "PUT /api/plants/:id". */
  examples: Map<string, { body?: Record<string, unknown>; query?: Record<string, unknown> }>
}

export interface BoundaryRequest extends HostileRequest {
  input: RouteInteger
  edge: string
  /** The edge is outside the integer's bounds, or no integer: the schema must refuse it. */
  refused: boolean
}

/** Form fields that make a website form right, by route; the form's integers come from `fields`. */
const FORMS: Record<string, Record<string, string>> = {
  'POST /plants/:slug/edit': {
    name: 'Boundary edit',
    scientific_name: 'Boundarius editus',
    type: 'Plant',
    note: 'edges of the version',
  },
  'POST /plants/:slug/restore': { note: 'edges of the versions' },
  'POST /changes/patrol': { back: '/changes' },
}

/** Every integer of every route (HEAD aside) with every edge: a few hundred requests. */
export function boundaryRequests(inputs: readonly RouteInteger[], world: BoundaryWorld): BoundaryRequest[] {
  return inputs.flatMap((input) => {
    const bodyIntegers = inputs
      .filter((other) => other.method === input.method && other.url === input.url && other.part === 'body')
      .map((other) => other.name)
    return INTEGER_EDGES.map((edge) => boundaryRequest(input, bodyIntegers, edge, world))
  })
}

function boundaryRequest(
  input: RouteInteger,
  bodyIntegers: string[],
  edge: string,
  world: BoundaryWorld,
): BoundaryRequest {
  const route = `${input.method} ${input.url}`
  const web = !input.url.startsWith('/api/')
  const example = world.examples.get(route)
  const path = input.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (input.part === 'params' && name === input.name) return edge
    const value = world.params[name]
    if (value === undefined)
      throw new Error(`${route}: the boundary corpus has no value for :${name}; add one to its world`)
    return encodeURIComponent(value)
  })
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(example?.query ?? {})) query.set(name, String(value))
  if (input.part === 'querystring') query.set(input.name, edge)

  const headers: Record<string, string> = web
    ? { cookie: world.session.cookie }
    : { 'x-service-key-id': world.key.key_id, 'x-service-key-secret': world.key.key_secret }
  // The other integers of the body hold real values; the one tried holds the edge, as the client wrote it.
  const fields: Record<string, unknown> = web
    ? { _csrf: world.session.csrf, ...FORMS[route] }
    : { ...(example?.body ?? {}) }
  for (const name of bodyIntegers) if (world.fields[name] !== undefined) fields[name] = world.fields[name]
  if (input.part === 'body') fields[input.name] = EDGE_MARK
  let body: string | undefined
  if (web && input.method !== 'GET') {
    body = new URLSearchParams(
      Object.entries(fields).map(([name, value]) => [name, value === EDGE_MARK ? edge : String(value)]),
    ).toString()
    headers['content-type'] = 'application/x-www-form-urlencoded'
  } else if (!web && (example?.body !== undefined || input.part === 'body')) {
    // JSON.stringify would write 2^63 as 9223372036854776000: the edge goes in as a client wrote it.
    body = JSON.stringify(fields).replace(JSON.stringify(EDGE_MARK), edge)
    headers['content-type'] = 'application/json'
  }

  const value = Number(edge)
  const refused =
    !Number.isSafeInteger(value) ||
    (input.minimum !== undefined && value < input.minimum) ||
    (input.maximum !== undefined && value > input.maximum)
  return {
    route,
    method: input.method,
    path: query.size > 0 ? `${path}?${query.toString()}` : path,
    headers,
    ...(body === undefined ? {} : { body }),
    raw: false,
    keyed: !web,
    input,
    edge,
    refused,
  }
}

const EDGE_MARK = '\u0000edge'
