// The seeded generator of hostile requests behind fuzz.test.ts: every route of the API and the website,
// with broken and deep JSON, wrong types, huge strings and arrays, NUL bytes and lone surrogates,
// __proto__/constructor, unknown and duplicated parameters, search and SQL syntax in q and in facet names
// and values, odd ids, wrong methods and content types, and missing or malformed key headers. One seed
// gives one sequence of requests, so a failure can be replayed.

/** mulberry32: a small, fast, seedable generator, so a run can be repeated exactly. */
export function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!
  const chance = (p: number) => next() < p
  return { next, int, pick, chance }
}

export type Random = ReturnType<typeof generator>

/** What the generator aims at: rows that exist, the key it may use and a logged-in visitor's session. */
export interface World {
  plantIds: number[]
  linkIds: number[]
  slugs: string[]
  /** Attribute keys in use, some of them full of search and SQL syntax (facet names). */
  facetKeys: string[]
  key: { key_id: string; key_secret: string }
  /** The id of another account's key: the visitor may not revoke it. */
  otherKeyId: string
  session: { cookie: string; csrf: string }
}

export interface HostileRequest {
  /** The route aimed at, as "METHOD /template" (the method is the route's, not necessarily the one sent). */
  route: string
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Buffer
  /** Sent over a plain socket: what fetch refuses to send (odd methods, raw bytes, duplicated headers). */
  raw: boolean
  /** Carries the valid key pair, so a write may succeed (the test counts those). */
  keyed: boolean
}

/** Marks the payloads aimed at prototypes: no answer may ever show it unless its request carried it. */
export const CANARY = 'hortus-polluted-canary'

const SQL = [
  "'; DROP TABLE plants; --",
  '" OR 1=1 --',
  "' OR '1'='1",
  "1' UNION SELECT secret_hash FROM api_keys --",
  '1; DELETE FROM plant_revisions',
  "Robert'); DROP TABLE accounts;--",
  '%',
  '_',
  '%_%',
  '\\',
  "\\'",
  '$1',
  '?',
  '::text',
  "E'\\x00'",
  '/* comment */',
  '--',
  ';',
]
const SEARCH_SYNTAX = [
  '*',
  '"',
  '"unclosed',
  'NEAR(a b)',
  'NEAR(',
  'a OR b',
  'a AND NOT b',
  'NOT',
  '^tomato',
  '-tomato',
  'name:tomato',
  '{name}: tomato',
  '(',
  ')',
  'a & b | !c',
  'a <-> b',
  'toma:*',
  '!!',
  '&&',
  "'",
  '+',
  '~',
  'tomato*',
  'a'.repeat(200),
  'word '.repeat(40),
]
const TEXT = [
  '',
  ' ',
  'a',
  'Tomato',
  'Rosaceae',
  'Fruit',
  '\u0000',
  'nul\u0000inside',
  '\u0007bell',
  'line\nbreak',
  'tab\t',
  '\r\n',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDFFF',
  '\u200B',
  '\u202Eevil',
  '\uFEFF',
  '🌱'.repeat(50),
  'é'.repeat(3000),
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'x'.repeat(201),
  'y'.repeat(2_001),
  'z'.repeat(20_001),
  Array.from({ length: 150 }, (_, i) => `v${i}`).join(', '),
  ...SQL,
  ...SEARCH_SYNTAX,
]
const NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0,
  2 ** 31,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
]
/** Numbers as JSON text, for values JSON.stringify cannot write (1e999 parses to Infinity). */
const NUMBER_TEXTS = [
  '1e999',
  '-1e999',
  '1E400',
  '0.0000000000000000000001',
  '123456789012345678901234567890',
]

const ODD_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '01',
  '%201',
  '1%20',
  'NaN',
  'Infinity',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '9223372036854775808',
  '9'.repeat(300),
  'abc',
  '%F0%9F%8C%B1',
  '%D9%A1',
  '%EF%BC%91',
  '%00',
  '%2e%2e',
  '%2F',
  '%ZZ',
  '%',
  "1'%20OR%20'1'='1",
  '1;DROP%20TABLE%20plants',
  '__proto__',
  'constructor',
  '',
]

const BODY_FIELDS = [
  'scientific_name',
  'name',
  'note',
  'description',
  'type',
  'parent_id',
  'data',
  'version',
  'regenerate_slug',
  'remove_data',
  'to_version',
  'limit',
  'plant_id',
  'q',
  'page',
  'per_page',
  'Family',
  'family',
  'id',
  'slug',
  'link',
  'created_at',
  'author',
  '__proto__',
  'constructor',
  'prototype',
]

/** A JSON value of any type, nested a little. */
function value(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 4 : 8)) {
    case 0:
      return r.pick(TEXT)
    case 1:
      return r.pick(NUMBERS)
    case 2:
      return r.pick([null, true, false])
    case 3:
      return String(r.pick(NUMBERS))
    case 4:
      return Array.from({ length: r.int(4) }, () => value(r, depth + 1))
    case 5:
      return { key: value(r, depth + 1), value: value(r, depth + 1) }
    case 6:
      return Array.from({ length: r.pick([101, 201, 1000]) }, (_, i) => ({ key: `k${i}`, value: 'v' }))
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [r.pick(BODY_FIELDS), value(r, depth + 1)]),
      )
  }
}

/** Percent-encodes like a client would; a lone surrogate (which has no UTF-8) becomes its raw bytes. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}
/** A parameter name keeps its brackets, as clients write arrays. */
const encodeName = (name: string) => encode(name).replace(/%5B/g, '[').replace(/%5D/g, ']')

interface Route {
  method: string
  template: string
  /** The query parameters the route takes. */
  params: string[]
  /** How a valid body looks, when the route takes one. */
  body?:
    | 'plant-create'
    | 'plant-update'
    | 'plant-revert'
    | 'link-create'
    | 'link-remove'
    | 'webhook-create'
    | 'search'
    | 'form'
    | 'plant-form'
    | 'upload'
  web?: boolean
  /** How often it is aimed at, relative to the others. */
  weight: number
}

const PAGE = ['page', 'per_page']
const ROUTES: Route[] = [
  { method: 'GET', template: '/api/plants', params: [...PAGE, 'last_id', 'updated_since'], weight: 4 },
  { method: 'POST', template: '/api/plants', params: [], body: 'plant-create', weight: 6 },
  { method: 'GET', template: '/api/plants/{id}', params: [], weight: 3 },
  { method: 'PUT', template: '/api/plants/{id}', params: [], body: 'plant-update', weight: 6 },
  { method: 'GET', template: '/api/plants/{id}/varieties', params: PAGE, weight: 2 },
  { method: 'GET', template: '/api/plants/{id}/companions', params: PAGE, weight: 2 },
  { method: 'GET', template: '/api/plants/{id}/revisions', params: PAGE, weight: 2 },
  { method: 'GET', template: '/api/plants/{id}/revisions/{version}', params: [], weight: 2 },
  { method: 'POST', template: '/api/plants/{id}/revert', params: [], body: 'plant-revert', weight: 3 },
  { method: 'GET', template: '/api/changes', params: ['since', 'limit'], weight: 3 },
  { method: 'GET', template: '/api/plants/{id}/links', params: [...PAGE, 'type'], weight: 2 },
  { method: 'POST', template: '/api/webhooks', params: [], body: 'webhook-create', weight: 1 },
  { method: 'GET', template: '/api/webhooks', params: [], weight: 0.5 },
  { method: 'GET', template: '/api/webhooks/{webhook}', params: [], weight: 0.5 },
  { method: 'DELETE', template: '/api/webhooks/{webhook}', params: [], weight: 0.5 },
  { method: 'GET', template: '/api/webhooks/{webhook}/deliveries', params: [...PAGE], weight: 0.5 },
  { method: 'POST', template: '/api/plants/{id}/links', params: [], body: 'link-create', weight: 4 },
  {
    method: 'DELETE',
    template: '/api/plants/{id}/links/{link}',
    params: [],
    body: 'link-remove',
    weight: 3,
  },
  { method: 'POST', template: '/api/plants/{id}/images', params: [], body: 'upload', weight: 2 },
  { method: 'GET', template: '/api/plants/{id}/images', params: [], weight: 0.5 },
  { method: 'GET', template: '/api/plants/{id}/provenance', params: [], weight: 0.5 },
  { method: 'GET', template: '/api/plants/{id}/problems', params: [], weight: 0.5 },
  {
    method: 'GET',
    template: '/api/plants/{id}/calendar',
    params: ['last_frost', 'first_frost', 'year'],
    weight: 1,
  },
  {
    method: 'GET',
    template: '/api/calendar',
    params: ['last_frost', 'first_frost', 'date', 'action', 'type', ...PAGE],
    weight: 1.5,
  },
  { method: 'GET', template: '/images/{id}/{file}', params: [], weight: 0.5 },
  { method: 'GET', template: '/api/search', params: ['q', 'type', ...PAGE], weight: 8 },
  { method: 'POST', template: '/api/search', params: ['q', 'type', ...PAGE], body: 'search', weight: 6 },
  { method: 'GET', template: '/api/suggest', params: ['q'], weight: 3 },
  { method: 'GET', template: '/api/attributes', params: [], weight: 2 },
  { method: 'GET', template: '/api/attributes/{key}', params: PAGE, weight: 3 },
  { method: 'GET', template: '/api/health', params: [], weight: 1 },
  { method: 'GET', template: '/api/openapi.json', params: [], weight: 0.5 },
  { method: 'GET', template: '/api/nothing/{id}', params: [], weight: 0.5 },
  { method: 'GET', template: '/api', params: [], weight: 0.4 },
  { method: 'GET', template: '/', params: [], web: true, weight: 1 },
  { method: 'GET', template: '/search', params: ['q', 'page'], web: true, weight: 4 },
  { method: 'GET', template: '/suggest', params: ['q'], web: true, weight: 2 },
  { method: 'GET', template: '/plants/{slug}', params: [], web: true, weight: 2 },
  {
    method: 'GET',
    template: '/plants/{slug}/calendar.ics',
    params: ['last_frost', 'first_frost', 'year'],
    web: true,
    weight: 1,
  },
  {
    method: 'GET',
    template: '/frost-dates',
    params: ['last_month', 'last_day', 'first_month', 'first_day', 'back', 'clear'],
    web: true,
    weight: 1,
  },
  { method: 'GET', template: '/sow-now', params: ['action'], web: true, weight: 0.5 },
  { method: 'GET', template: '/signup', params: [], web: true, weight: 0.5 },
  { method: 'POST', template: '/signup', params: [], body: 'form', web: true, weight: 2 },
  { method: 'GET', template: '/login', params: ['welcome', 'next'], web: true, weight: 0.5 },
  { method: 'POST', template: '/login', params: [], body: 'form', web: true, weight: 1 },
  { method: 'GET', template: '/forgot-password', params: ['sent'], web: true, weight: 0.5 },
  { method: 'POST', template: '/forgot-password', params: [], body: 'form', web: true, weight: 1 },
  { method: 'GET', template: '/reset-password', params: ['token'], web: true, weight: 0.5 },
  { method: 'POST', template: '/reset-password', params: [], body: 'form', web: true, weight: 1 },
  { method: 'GET', template: '/confirm-email', params: ['token'], web: true, weight: 0.5 },
  { method: 'POST', template: '/account/confirm', params: [], body: 'form', web: true, weight: 0.5 },
  { method: 'GET', template: '/logout', params: [], web: true, weight: 0.4 },
  { method: 'POST', template: '/logout', params: [], body: 'form', web: true, weight: 0.5 },
  { method: 'GET', template: '/account/keys', params: ['revoked', 'confirm'], web: true, weight: 1 },
  { method: 'POST', template: '/account/keys', params: [], body: 'form', web: true, weight: 2 },
  {
    method: 'POST',
    template: '/account/keys/{keyid}/revoke',
    params: [],
    body: 'form',
    web: true,
    weight: 1,
  },
  // Editing, history and moderation: the visitor is a member, so moderators' forms are refused.
  { method: 'GET', template: '/plants/{slug}/edit', params: [], web: true, weight: 1 },
  { method: 'POST', template: '/plants/{slug}/edit', params: [], body: 'plant-form', web: true, weight: 2 },
  { method: 'GET', template: '/plants/new', params: ['parent'], web: true, weight: 0.5 },
  { method: 'POST', template: '/plants/new', params: ['parent'], body: 'plant-form', web: true, weight: 2 },
  { method: 'GET', template: '/plants/{slug}/watch', params: [], web: true, weight: 0.5 },
  { method: 'POST', template: '/plants/{slug}/watch', params: [], body: 'form', web: true, weight: 1 },
  { method: 'GET', template: '/watchlist', params: ['before', 'saved'], web: true, weight: 0.5 },
  { method: 'POST', template: '/watchlist/mail', params: [], body: 'form', web: true, weight: 0.5 },
  { method: 'GET', template: '/watchlist/unsubscribe', params: ['token'], web: true, weight: 0.5 },
  { method: 'GET', template: '/plants/{slug}/links', params: [], web: true, weight: 0.5 },
  { method: 'POST', template: '/plants/{slug}/links', params: [], body: 'form', web: true, weight: 1 },
  {
    method: 'POST',
    template: '/plants/{slug}/links/{link}/remove',
    params: [],
    body: 'form',
    web: true,
    weight: 1,
  },
  { method: 'GET', template: '/plants/{slug}/pictures', params: ['removed'], web: true, weight: 0.5 },
  { method: 'GET', template: '/plants/{slug}/pictures/new', params: [], web: true, weight: 0.5 },
  {
    method: 'POST',
    template: '/plants/{slug}/pictures/new',
    params: [],
    body: 'upload',
    web: true,
    weight: 1.5,
  },
  {
    method: 'POST',
    template: '/plants/{slug}/pictures/{image}/show',
    params: [],
    body: 'form',
    web: true,
    weight: 0.5,
  },
  {
    method: 'POST',
    template: '/plants/{slug}/pictures/{image}/remove',
    params: [],
    body: 'form',
    web: true,
    weight: 0.5,
  },
  { method: 'GET', template: '/plants/{slug}/history', params: ['page'], web: true, weight: 1 },
  { method: 'GET', template: '/plants/{slug}/diff', params: ['from', 'to'], web: true, weight: 1 },
  { method: 'GET', template: '/plants/{slug}/restore', params: ['version'], web: true, weight: 0.5 },
  {
    method: 'POST',
    template: '/plants/{slug}/restore',
    params: ['version'],
    body: 'form',
    web: true,
    weight: 1,
  },
  {
    method: 'POST',
    template: '/plants/{slug}/history/{version}/note',
    params: [],
    body: 'form',
    web: true,
    weight: 0.5,
  },
  {
    method: 'GET',
    template: '/changes',
    params: ['plant', 'author', 'new', 'unpatrolled', 'before'],
    web: true,
    weight: 1,
  },
  { method: 'POST', template: '/changes/patrol', params: [], body: 'form', web: true, weight: 0.5 },
  { method: 'GET', template: '/people/{name}', params: [], web: true, weight: 0.5 },
  { method: 'POST', template: '/people/{name}/block', params: [], body: 'form', web: true, weight: 0.5 },
  { method: 'GET', template: '/moderation/log', params: ['page'], web: true, weight: 0.4 },
  { method: 'GET', template: '/docs', params: [], web: true, weight: 0.4 },
  { method: 'GET', template: '/static/{file}', params: [], web: true, weight: 0.5 },
  { method: 'GET', template: '/nothing/{id}', params: [], web: true, weight: 0.4 },
]
const TOTAL_WEIGHT = ROUTES.reduce((sum, route) => sum + route.weight, 0)

/** Every route the corpus aims at, as "METHOD /template". */
export const ROUTE_NAMES = ROUTES.map((route) => `${route.method} ${route.template}`)

function pickRoute(r: Random): Route {
  let left = r.next() * TOTAL_WEIGHT
  for (const route of ROUTES) {
    left -= route.weight
    if (left < 0) return route
  }
  return ROUTES[ROUTES.length - 1]!
}

const WRONG_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']
/** Methods fetch refuses or that are not HTTP at all: sent over a plain socket. */
const RAW_METHODS = ['TRACE', 'CONNECT', 'FOO', 'get', 'PROPFIND', 'M-SEARCH', 'G\tET']

/** Builds the stream of hostile requests for `seed`; each call gives the next one. */
export function hostileRequests(seed: number, world: World): () => HostileRequest {
  const r = generator(seed)
  return () => {
    const route = pickRoute(r)
    let method = route.method
    let raw = false
    if (r.chance(0.12)) method = r.pick(WRONG_METHODS)
    else if (r.chance(0.01)) {
      method = r.pick(RAW_METHODS)
      raw = true
    }
    const path = pathFor(r, route, world)
    const { headers, keyed, raw: rawHeaders } = route.web ? webHeaders(r, world) : keyHeaders(r, world)
    const sent = bodyFor(r, route, method, world)
    if (sent.type !== undefined) headers['content-type'] = sent.type
    // The handling preference (RFC 7240), well and badly written.
    if (r.chance(0.1)) headers.prefer = r.pick(PREFERENCES)
    if (method === 'OPTIONS' && r.chance(0.7)) {
      headers.origin = r.pick(['https://app.example', 'null', '*'])
      headers['access-control-request-method'] = r.pick(['PUT', 'POST', 'FOO', ''])
    }
    // A body on GET and HEAD is refused by fetch; over a plain socket it goes through.
    const bodyOnGet = sent.text !== undefined && ['GET', 'HEAD'].includes(method)
    return {
      route: `${route.method} ${route.template}`,
      method,
      path,
      headers,
      body: sent.text,
      raw: raw || rawHeaders || sent.raw || bodyOnGet || r.chance(0.03),
      keyed,
    }
  }
}

function pathFor(r: Random, route: Route, world: World): string {
  const id = () => (r.chance(0.75) ? String(r.pick(world.plantIds)) : r.pick(ODD_IDS))
  const link = () => (r.chance(0.7) ? String(r.pick(world.linkIds)) : r.pick(ODD_IDS))
  const key = () =>
    r.chance(0.6)
      ? encode(r.pick(world.facetKeys))
      : r.pick([...ODD_IDS, encode(r.pick(TEXT)).slice(0, 400), 'x'.repeat(300)])
  const slug = () => (r.chance(0.6) ? r.pick(world.slugs) : r.pick([...ODD_IDS, encode(r.pick(TEXT))]))
  const keyId = () =>
    r.pick([world.otherKeyId, world.key.key_id, 'hk_00000000000000000000000', ...ODD_IDS, 'x'.repeat(101)])
  const file = () =>
    r.pick([
      'hortus.css',
      'suggest.js',
      '..%2F..%2Fpackage.json',
      '%00',
      'nothing.css',
      '',
      'thumb.webp',
      'title.webp',
      'original',
    ])
  let path = route.template
    .replace('{id}', id())
    .replace('{link}', link())
    .replace('{webhook}', r.chance(0.5) ? String(1 + r.int(5)) : r.pick(ODD_IDS))
    .replace('{image}', r.chance(0.5) ? String(1 + r.int(40)) : r.pick(ODD_IDS))
    .replace('{key}', key())
    .replace('{slug}', slug())
    .replace('{keyid}', keyId())
    .replace('{version}', r.chance(0.7) ? String(r.int(4)) : r.pick(ODD_IDS))
    .replace(
      '{name}',
      r.pick(['Fuzz%20visitor', 'fuzzer', 'import', ...ODD_IDS, encode(r.pick(TEXT)).slice(0, 200)]),
    )
    .replace('{file}', file())
  if (r.chance(0.05)) path += r.pick(['/', '//', '/extra', '/.', '/%2e%2e', ';x=1', '#frag'])
  const query = queryFor(r, route, world)
  return query ? `${path}?${query}` : path
}

const PREFERENCES = [
  'handling=strict',
  'handling=lenient',
  'HANDLING="Strict"; x=1',
  'respond-async, handling=strict',
  'handling',
  'handling=',
  'handling=sloppy',
  '"',
  'handling="strict',
  ',,,;;;=',
]

/** Whether a request asked for strict handling, as the server must read its Prefer header. */
export const asksStrict = (headers: Record<string, string>): boolean =>
  /(^|,)\s*handling\s*=\s*("strict"|strict)\s*(;|,|$)/i.test(headers.prefer ?? '')

const UNKNOWN_NAMES = [
  'last',
  'limit',
  'offset',
  'perpage',
  'sort',
  'callback',
  'x'.repeat(300),
  'a%00b',
  '%ZZ',
  'nul\u0000name',
  '\u0007',
  'Fam\uD800ily',
  '__proto__',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  '',
  '[]',
  'a[b][c]',
  'Family[999999999]',
]

function queryFor(r: Random, route: Route, world: World): string {
  if (r.chance(0.02))
    return r.pick(['&&&', '=', '==x', '%', '%%', 'a=%E0%A4%A', '?', `q=${'a'.repeat(20_000)}`])
  // The sowing list takes attribute keys as facets, as search does.
  const isSearch = route.template.endsWith('/search') || route.template === '/api/calendar'
  const parts: string[] = []
  const count = r.int(isSearch ? 6 : 4)
  for (let i = 0; i < count; i++) {
    let name: string
    const roll = r.next()
    if (roll < 0.55 && route.params.length > 0) name = r.pick(route.params)
    else if (roll < 0.8 && isSearch) name = facetName(r, world)
    else name = r.pick(UNKNOWN_NAMES)
    const text =
      isSearch && name === 'q' && r.chance(0.3)
        ? r.pick(NATURAL)
        : isSearch && !route.params.includes(name) && r.chance(0.3)
          ? r.pick(RANGES)
          : paramValue(r, name)
    parts.push(`${encodeName(name)}=${encode(text)}`)
    // A duplicated parameter, as a client that appends instead of replacing sends it.
    if (r.chance(0.15)) parts.push(`${encodeName(name)}=${encode(paramValue(r, name))}`)
  }
  if (isSearch && r.chance(0.05))
    for (let i = 0; i < 30; i++) parts.push(`${encodeName(facetName(r, world))}${i}=x`)
  return parts.join('&')
}

/** Facet values that are ranges, good and hostile: a numeric key takes them, any other key refuses them. */
const RANGES = [
  '1..3',
  '20..',
  '..5',
  '..',
  '1..x',
  '5..1',
  '1e400..',
  'NaN..NaN',
  '-0..0',
  '9'.repeat(40) + '..',
]

/** Queries a gardener types, and the same shapes made hostile: numbers, units and companion questions. */
const NATURAL = [
  'full sun ground cover',
  'drought-tolerant perennials',
  'hardy to zone 4 shrubs',
  'zone 99999999999999999999',
  'taller than 1e308 m',
  'taller than 99999999999999999999 feet',
  'between 3 and 1 ft',
  'under -5 cm',
  'ph 6 to',
  'ph 0.0000000001',
  'companion plants for',
  'companion plants for companion plants for tomato',
  'what grows well with "; DROP TABLE plants; --',
  'tomato plant',
  'Tropaeolum majus',
  'plants plants plants plants',
  '- - - 1 - 2 -',
]

function facetName(r: Random, world: World): string {
  const base = r.chance(0.7) ? r.pick(world.facetKeys) : r.pick([...SQL, ...SEARCH_SYNTAX, 'Nothing'])
  const shaped = r.pick([base, base.toLowerCase(), base.toUpperCase(), ` ${base} `])
  return r.pick([shaped, shaped, `${shaped}[]`, `${shaped}[0]`, `${shaped}[1]`])
}

function paramValue(r: Random, name: string): string {
  if (['page', 'per_page', 'last_id'].includes(name) && r.chance(0.6))
    return r.pick(['1', '2', '100', '101', '0', '-5', '1e3', '1.5', '0x10', ' 1', '1000000', '9'.repeat(30)])
  if (name === 'updated_since' && r.chance(0.6))
    return r.pick(['2026-11-22', '2026-11-22T10:15:30Z', '2026-13-45', '0000-00-00', 'yesterday', '1e9'])
  if (name === 'since' && r.chance(0.6))
    return r.pick([
      'MC4w',
      'MS4x',
      ...['99999999.1', '2147483648.2147483648', '999999999999999.1', `${2 ** 63}.1`].map((position) =>
        Buffer.from(position).toString('base64url'),
      ),
      'MS4x=',
      '0.0',
      '-1',
    ])
  if ((name === 'last_frost' || name === 'first_frost') && r.chance(0.7))
    return r.pick([
      '04-15',
      '10-20',
      '13-45',
      '02-30',
      '02-29',
      '00-00',
      '4-15',
      'spring',
      '12-31',
      '01-01',
      '-1',
    ])
  if (/_(month|day)$/.test(name) && r.chance(0.7))
    return r.pick(['1', '4', '12', '13', '0', '30', '31', 'x', ''])
  if (name === 'back' && r.chance(0.7))
    return r.pick(['/sow-now', '//evil.example', '/\\evil', 'https://x.example/'])
  if (name === 'date' && r.chance(0.7))
    return r.pick(['2026-03-01', '2027-01-05', '2026-02-30', '2026-13-01', '1800-01-01', 'today', '2026-3-1'])
  if (name === 'action' && r.chance(0.7))
    return r.pick(['sow_indoors', 'sow_outdoors,transplant', 'plant', 'sow', ',', 'sow_indoors,,x'])
  if (name === 'year' && r.chance(0.7)) return r.pick(['2026', '2028', '1800', '99999', 'x', '-1', '2026.5'])
  if (name === 'limit' && r.chance(0.6)) return r.pick(['1', '1000', '1001', '0', '-1', '9'.repeat(30), 'x'])
  if (name === 'type' && r.chance(0.5))
    return r.pick(['Plant', 'Species', 'Variety', 'plant', 'companion-to'])
  return r.pick(r.chance(0.5) ? TEXT.slice(0, 40) : [...SQL, ...SEARCH_SYNTAX, CANARY])
}

/** The key headers of an API request: mostly the valid pair, then every way of getting them wrong. */
function keyHeaders(
  r: Random,
  world: World,
): { headers: Record<string, string>; keyed: boolean; raw: boolean } {
  const { key_id: id, key_secret: secret } = world.key
  const pair = (keyId: string, keySecret: string) => ({
    'x-service-key-id': keyId,
    'x-service-key-secret': keySecret,
  })
  const roll = r.int(100)
  if (roll < 70) return { headers: pair(id, secret), keyed: true, raw: false }
  const wrong: Array<() => Record<string, string>> = [
    () => ({}),
    () => ({ 'x-service-key-id': id }),
    () => ({ 'x-service-key-secret': secret }),
    () => pair('', ''),
    () => pair(id, ''),
    () => pair(id, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`),
    () => pair(id, secret.slice(0, -1)),
    () => pair(id, `${secret}x`),
    () => pair(id, secret.toUpperCase()),
    () => pair(id.toUpperCase(), secret),
    () => pair(secret, id),
    () => pair('hk_nobody', 'nothing'),
    () => pair(id, 'x'.repeat(201)),
    () => pair('x'.repeat(101), secret),
    () => pair(id, 's'.repeat(8_000)),
    () => pair(`${id}' OR '1'='1`, `' OR '1'='1`),
    () => pair('%', '%'),
    () => pair(world.otherKeyId, secret),
    () => ({ 'x-api-key-id': id, 'x-api-key-secret': secret }),
    () => ({ authorization: `Bearer ${secret}` }),
    () => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` }),
    () => ({ 'X-SERVICE-KEY-ID': id, 'X-SERVICE-KEY-SECRET': `${secret}\t` }),
  ]
  // Headers fetch will not send: duplicated, raw bytes, control characters, a huge one.
  const rawOnly: Array<() => Record<string, string>> = [
    () => ({ 'x-service-key-id': `${id}\r\nx-service-key-id: hk_other`, 'x-service-key-secret': secret }),
    () => ({
      'x-service-key-id': id,
      'x-service-key-secret': `${secret}\r\nx-service-key-secret: ${secret}`,
    }),
    () => pair(`${id}\u0000`, secret),
    () => pair(id, `é${secret}`),
    () => pair(`hk_\u00ff\u00fe`, 'ü'),
    () => ({ ...pair(id, secret), 'x-filler': 'f'.repeat(70_000) }),
    () => ({ ...pair(id, secret), upgrade: 'websocket', connection: 'Upgrade' }),
    () => ({ ...pair(id, secret), host: 'evil.example' }),
  ]
  if (roll < 95) return { headers: r.pick(wrong)(), keyed: false, raw: false }
  return { headers: r.pick(rawOnly)(), keyed: false, raw: true }
}

/** A website request: a logged-in visitor's session and CSRF token some of the time, or broken ones. */
function webHeaders(
  r: Random,
  world: World,
): { headers: Record<string, string>; keyed: boolean; raw: boolean } {
  const roll = r.int(10)
  if (roll < 4) return { headers: { cookie: world.session.cookie }, keyed: false, raw: false }
  if (roll < 7) return { headers: {}, keyed: false, raw: false }
  const cookie = r.pick([
    'hortus_session=nothing',
    'hortus_session=',
    `hortus_session=${'a'.repeat(5000)}`,
    `${world.session.cookie}; hortus_session=other`,
    '_csrf=x; hortus_session=%00',
    'hortus_session="quoted"',
    '=;=;=',
    `hortus_session=${encode("' OR 1=1 --")}`,
    '__proto__=x',
  ])
  return { headers: { cookie }, keyed: false, raw: false }
}

interface Body {
  text?: string | Buffer
  type?: string
  raw?: boolean
}

/** A body the route would accept, for the generator to spoil (or not). */
function validDoc(r: Random, route: Route, world: World): Record<string, unknown> {
  switch (route.body) {
    case 'plant-create':
      return {
        scientific_name: r.chance(0.5) ? r.pick(TEXT) : `Hostilus ${r.int(1e6)}`,
        name: r.chance(0.5) ? r.pick(TEXT) : `Hostile ${r.int(1e6)}`,
        note: r.chance(0.8) ? 'hostile test' : r.pick(TEXT),
        ...(r.chance(0.3) ? { type: 'Variety', parent_id: r.pick(world.plantIds) } : {}),
        ...(r.chance(0.4) ? { data: attributes(r, world) } : {}),
        ...(r.chance(0.2) ? { description: r.pick(TEXT) } : {}),
      }
    case 'plant-update':
      return {
        version: r.pick([1, 1, 2, 3, 0, -1]),
        note: 'hostile edit',
        ...(r.chance(0.6) ? { name: r.chance(0.5) ? r.pick(TEXT) : `Hostile ${r.int(1e6)}` } : {}),
        ...(r.chance(0.3) ? { data: attributes(r, world) } : {}),
        ...(r.chance(0.1) ? { regenerate_slug: r.pick([true, 'true', 1]) } : {}),
        ...(r.chance(0.2)
          ? { remove_data: r.chance(0.8) ? [r.pick(world.facetKeys), r.pick(TEXT)] : r.pick(TEXT) }
          : {}),
      }
    case 'plant-revert':
      return {
        version: r.pick([1, 2, 3, 0, -1]),
        to_version: r.pick([1, 1, 2, 0, 99, 2 ** 60]),
        note: r.chance(0.8) ? 'hostile revert' : r.pick(TEXT),
      }
    case 'link-create':
      return {
        plant_id: r.chance(0.8) ? r.pick(world.plantIds) : value(r),
        type: r.pick(['companion-to', 'antagonist-to', 'companion-to', 'enemy', '']),
        note: r.chance(0.8) ? 'hostile link' : r.pick(TEXT),
      }
    case 'link-remove':
      return { note: r.chance(0.8) ? 'hostile removal' : r.pick(TEXT) }
    case 'webhook-create':
      // Addresses only, never a name: a name would be looked up, and the machine reaches no DNS.
      return {
        url: r.pick([
          'http://127.0.0.1:9/hook',
          'http://169.254.169.254/latest/meta-data',
          'http://[::1]/',
          'http://10.0.0.1/',
          'ftp://127.0.0.1/',
          'http://user:pass@127.0.0.1/',
          'not a url',
          '',
          r.pick(SQL),
        ]),
        events: r.pick([['plant.changed'], [], ['plant.deleted'], 'plant.changed', [r.pick(TEXT)]]),
        ...(r.chance(0.3) ? { plants: r.pick([[r.pick(world.plantIds)], [], ['x'], [-1]]) } : {}),
      }
    case 'search': {
      const doc: Record<string, unknown> = {
        q: r.pick([...SEARCH_SYNTAX, ...SQL, ...TEXT.slice(0, 20), ...NATURAL]),
      }
      if (r.chance(0.1)) delete doc.q
      if (r.chance(0.4))
        doc[facetName(r, world)] = r.pick([r.pick(TEXT), [r.pick(TEXT), r.pick(SQL)], r.pick(RANGES), RANGES])
      if (r.chance(0.2)) Object.assign(doc, { scientific_name: r.pick(TEXT), type: r.pick(['Plant', 'x']) })
      return doc
    }
    case 'form':
      return formFields(r, route, world)
    case 'plant-form':
      return plantFormFields(r, world)
    default:
      return {}
  }
}

function attributes(r: Random, world: World): unknown[] {
  return Array.from({ length: r.int(4) + 1 }, () => ({
    key: r.chance(0.5) ? r.pick(world.facetKeys) : r.pick(TEXT),
    value: r.chance(0.4) ? 'hostile value' : r.pick(TEXT),
  }))
}

/** Form fields for the website's forms. Sign-up never gets a valid email (no account is made) and login
 * never the visitor's password, so neither writes; a key may be made (the test counts those). */
/** The plant form's fields as a browser posts them: names, kind, attribute rows, removals, a note. */
function plantFormFields(r: Random, world: World): Record<string, unknown> {
  const text = () => (r.chance(0.5) ? r.pick(TEXT) : `Form ${r.int(1e6)}`)
  return {
    _csrf: r.pick([world.session.csrf, world.session.csrf, '', 'forged']),
    version: r.pick(['1', '2', '0', '-1', 'x', '']),
    name: text(),
    scientific_name: text(),
    description: r.pick(TEXT),
    type: r.pick(['Plant', 'Variety', 'Species', '']),
    parent: r.pick(['', String(r.pick(world.plantIds)), r.pick(TEXT)]),
    parent_id: r.pick(['', String(r.pick(world.plantIds)), '0', 'x']),
    key_0: r.chance(0.5) ? r.pick(world.facetKeys) : r.pick(TEXT),
    value_0: r.pick(TEXT),
    [`key_${r.pick(['1', '99999', '-1', 'x'])}`]: r.pick(TEXT),
    new_key_0: r.pick(TEXT),
    new_value_0: r.pick(TEXT),
    ...(r.chance(0.3) ? { remove_0: r.pick(['on', '', r.pick(TEXT)]) } : {}),
    note: r.chance(0.7) ? 'hostile form edit' : r.pick(TEXT),
  }
}

function formFields(r: Random, route: Route, world: World): Record<string, unknown> {
  // Logging out with the visitor's session and token would end the session the corpus uses.
  const forged = ['', 'forged', `${world.session.csrf}x`]
  const csrf = r.pick(
    route.template === '/logout' ? forged : [world.session.csrf, world.session.csrf, ...forged],
  )
  const fields: Record<string, unknown> = { _csrf: csrf }
  if (route.template.endsWith('/watch')) fields.watch = r.pick(['on', 'off', '', 'maybe', r.pick(TEXT)])
  if (route.template === '/watchlist/mail')
    fields.mail = r.pick(['none', 'instant', 'daily', '', r.pick(TEXT)])
  if (route.template === '/forgot-password') fields.email = r.pick([...TEXT.slice(0, 30), ...SQL])
  if (route.template === '/reset-password') {
    fields.token = r.pick(['', 'x', 'a'.repeat(201), ...TEXT.slice(0, 20), ...SQL])
    fields.password = r.pick(['', 'short', 'p'.repeat(1001), 'a long enough password'])
  }
  if (route.template === '/signup' || route.template === '/login') {
    fields.email = r.pick([...TEXT.slice(0, 30), ...SQL])
    fields.password = r.pick(['', 'short', 'p'.repeat(1001), '\u0000'.repeat(12), "' OR ''='"])
    if (route.template === '/signup') fields.name = r.pick(TEXT)
    else
      fields.next = r.pick(['/changes', '//evil.example/', 'https://evil.example/', '/\\evil', r.pick(TEXT)])
  }
  if (
    route.template.includes('/links') ||
    route.template.includes('/restore') ||
    route.template.endsWith('/note')
  ) {
    fields.other = r.pick([String(r.pick(world.plantIds)), r.pick(TEXT), ''])
    fields.type = r.pick(['companion-to', 'antagonist-to', 'x'])
    fields.version = r.pick(['1', '2', 'x'])
    fields.note = r.chance(0.7) ? 'hostile form note' : r.pick(TEXT)
    fields.reason = r.pick(TEXT)
  }
  if (route.template.includes('/pictures/')) {
    fields.note = r.chance(0.7) ? 'hostile picture note' : r.pick(TEXT)
    fields.reason = r.pick(TEXT)
  }
  if (route.template === '/changes/patrol' || route.template.endsWith('/block')) {
    fields.plant_id = String(r.pick(world.plantIds))
    fields.version = r.pick(['1', '2', 'x'])
    fields.back = r.pick(['/changes', 'https://evil.example/', '//evil.example', r.pick(TEXT)])
    fields.reason = r.pick(TEXT)
  }
  if (route.template === '/account/keys') {
    fields.label = r.pick(TEXT)
    fields.terms = r.pick(['accepted', 'accepted', '', 'yes', 'ACCEPTED', 'accepted\u0000'])
  }
  return fields
}

function bodyFor(r: Random, route: Route, method: string, world: World): Body {
  if (route.body === 'upload' && r.chance(0.7))
    return uploadBody(r, route.web ? r.pick([world.session.csrf, world.session.csrf, '', 'forged']) : null)
  const roll = r.int(100)
  // Most requests without a body route get none; a few get one anyway.
  if (!route.body && roll < 85) return {}
  if (roll < 3) return {}
  if (roll < 6) return { text: '', type: r.pick(['application/json', 'application/x-www-form-urlencoded']) }
  if (roll < 14) return brokenJson(r)
  // Deep and huge bodies are few: each costs both sides a megabyte or so, and a few dozen find what they can.
  if (roll < 16) return deepJson(r)
  if (roll < 17) return hugeBody(r)
  if (roll < 30) return wrongContentType(r, route, world)
  if (roll < 34) return badBytes(r)
  if (roll < 38) return duplicatedKeys(r, route, world)
  if (roll < 44) return prototypeBody(r, route, world)
  const doc = validDoc(r, route, world)
  // Spoil it: wrong types, unknown fields, a field missing, or left valid.
  for (let i = r.int(5) - 2; i > 0; i--) doc[r.pick(BODY_FIELDS)] = value(r)
  if (r.chance(0.15)) delete doc[r.pick(Object.keys(doc))]
  if (route.body === 'form' && method === route.method && r.chance(0.8))
    return {
      text: new URLSearchParams(Object.entries(doc).map(([k, v]) => [k, String(v)])).toString(),
      type: r.pick(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8']),
    }
  return { text: JSON.stringify(doc), type: r.pick(['application/json', 'application/json; charset=utf-8']) }
}

/** A 1 × 1 PNG: a picture any upload takes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
)

/** A PNG whose header claims 50,000 × 50,000 pixels in a few dozen bytes. */
function bombPng(): Buffer {
  const png = Buffer.from(TINY_PNG)
  png.writeUInt32BE(50_000, 16)
  png.writeUInt32BE(50_000, 20)
  return png
}

/** The files an upload sends: a picture, a text file called .jpg, a bomb, nothing, 6 MB and 50 MB of bytes. */
let bigFile: Buffer | undefined
let hugeFile: Buffer | undefined
function uploadFile(r: Random): { bytes: Buffer; name: string; type: string } | null {
  const roll = r.int(100)
  if (roll < 40) return { bytes: TINY_PNG, name: 'leaf.png', type: 'image/png' }
  if (roll < 55) return { bytes: Buffer.from('this is not a picture'), name: 'photo.jpg', type: 'image/jpeg' }
  if (roll < 70) return { bytes: bombPng(), name: 'bomb.png', type: 'image/png' }
  if (roll < 75) return { bytes: Buffer.from(TINY_PNG.subarray(0, 30)), name: 'cut.png', type: 'image/png' }
  if (roll < 80) return null
  if (roll < 81) {
    bigFile ??= Buffer.alloc(6 * 1024 * 1024, 0xff)
    return { bytes: bigFile, name: 'big.jpg', type: 'image/jpeg' }
  }
  if (roll < 82) {
    hugeFile ??= Buffer.alloc(50 * 1024 * 1024, 0xd8)
    return { bytes: hugeFile, name: 'huge.jpg', type: 'image/jpeg' }
  }
  return {
    bytes: Buffer.from(r.pick([...TEXT, ...SQL])),
    name: r.pick(['../../etc/passwd', 'a.webp', '']),
    type: 'text/plain',
  }
}

/** A multipart upload as browsers and clients write it, its fields and file good or bad. */
function uploadBody(r: Random, csrf: string | null): Body {
  const boundary = `----hortus${r.int(1e9)}`
  const fields: Record<string, string> = {
    ...(csrf === null ? {} : { _csrf: csrf }),
    license: r.pick(['CC0-1.0', 'CC-BY-4.0', 'CC-BY-SA-4.0', 'CC-BY-NC-4.0', 'MIT', '', r.pick(SQL)]),
    author: r.pick(['Ada Gardener', '', r.pick(TEXT), 'x'.repeat(600)]),
    note: r.pick(['A leaf', '', r.pick(TEXT)]),
  }
  if (r.chance(0.3))
    fields.source_url = r.pick(['https://example.org/leaf', 'javascript:alert(1)', r.pick(TEXT)])
  // A third are uploads any client would send, so that some pictures are stored (the test counts them).
  const valid = r.chance(0.35)
  if (valid) Object.assign(fields, { license: 'CC-BY-4.0', author: 'Ada Gardener', note: 'A leaf' })
  if (!valid && r.chance(0.2)) delete fields[r.pick(Object.keys(fields))]
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  const file = valid ? { bytes: TINY_PNG, name: 'leaf.png', type: 'image/png' } : uploadFile(r)
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${valid || r.chance(0.9) ? 'file' : 'picture'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  if (valid || r.chance(0.95)) parts.push(Buffer.from(`--${boundary}--\r\n`))
  const type =
    valid || r.chance(0.9)
      ? `multipart/form-data; boundary=${boundary}`
      : r.pick(['multipart/form-data', 'multipart/form-data; boundary=other'])
  return { text: Buffer.concat(parts), type }
}

function brokenJson(r: Random): Body {
  const text = r.pick([
    '{',
    '{"a":',
    '{"name": "x",}',
    "{'name': 'x'}",
    '{"name": "x"} trailing',
    '{"name": "\\u00"}',
    '{"name": "\\ud800"}',
    '{"note": "\\u0000"}',
    '{"version": 1e999}',
    '{"version": NaN}',
    '{"version": 0x10}',
    `{"version": ${r.pick(NUMBER_TEXTS)}}`,
    'null',
    '[]',
    '"x"',
    '1',
    'true',
    '\u0000',
    '{"a":1}{"b":2}',
    '{"name":"x"\u0000}',
    '\uFEFF{"name":"x"}',
    '/* comment */ {}',
    '{"__proto__":',
    ']',
  ])
  return { text, type: r.pick(['application/json', 'application/json; charset=utf-8', 'application/json;']) }
}

/** Deep nesting, where a recursive parser, validator or logger would overflow its stack. */
function deepJson(r: Random): Body {
  const depth = r.pick([100, 1_000, 1_000, 10_000, 10_000, 100_000])
  const field = r.pick(['name', 'data', 'note', 'q', 'plant_id', 'version', '__proto__'])
  const [open, close] = r.pick([
    ['[', ']'],
    ['{"a":', '}'],
    ['[{"key":', '}]'],
  ])
  const inner = `${open.repeat(depth)}1${close.repeat(depth)}`
  const text = r.chance(0.5) ? inner : `{"${field}":${inner},"note":"deep"}`
  return { text, type: 'application/json' }
}

/** The huge bodies, made once: they are the same every time. */
let hugeBodies: Body[] | undefined
function hugeBody(r: Random): Body {
  hugeBodies ??= [
    { text: JSON.stringify({ name: 'x'.repeat(1_100_000) }), type: 'application/json' },
    ...[201, 3_000, 30_000].map((length) => ({
      text: JSON.stringify({
        scientific_name: 'Hugus',
        name: 'Huge',
        note: 'huge',
        data: Array(length).fill({ key: 'k', value: 'v' }),
      }),
      type: 'application/json',
    })),
    { text: JSON.stringify({ q: 'q'.repeat(500_000) }), type: 'application/json' },
    {
      text: JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`f${i}`, i]))),
      type: 'application/json',
    },
    { text: `label=${'l'.repeat(20_000)}`, type: 'application/x-www-form-urlencoded' },
  ]
  return r.pick(hugeBodies)
}

function wrongContentType(r: Random, route: Route, world: World): Body {
  const doc = JSON.stringify(validDoc(r, route, world))
  const type = r.pick([
    'text/plain',
    'text/html',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/jsonx',
    'application/',
    '*/*',
    'application/json, text/plain',
    'x/y',
    'application/json\u0000',
    '',
  ])
  return { text: doc, type, raw: type.includes('\u0000') }
}

function badBytes(r: Random): Body {
  const bytes = r.pick([
    [0xff, 0xfe, 0x7b, 0x7d],
    [0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d],
    [0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d],
    [0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xf8, 0x88, 0x80, 0x80, 0x80, 0x22, 0x7d],
    [0x00, 0x00, 0x00, 0x7b],
  ])
  return { text: Buffer.from(bytes), type: r.pick(['application/json', 'application/x-www-form-urlencoded']) }
}

/** JSON with a field written twice: parsers keep the last, and nothing may depend on which. */
function duplicatedKeys(r: Random, route: Route, world: World): Body {
  const doc = validDoc(r, route, world)
  const fields = Object.keys(doc)
  if (fields.length === 0) return { text: '{"a":1,"a":2}', type: 'application/json' }
  const field = r.pick(fields)
  const text = JSON.stringify(doc).replace(/^\{/, `{${JSON.stringify(field)}:${JSON.stringify(value(r))},`)
  return { text, type: 'application/json' }
}

/** __proto__ and constructor where a merge or a lookup by name could reach Object.prototype. */
function prototypeBody(r: Random, route: Route, world: World): Body {
  const doc = validDoc(r, route, world)
  const pollute = `{"polluted":"${CANARY}","toString":"${CANARY}","isAdmin":true}`
  const body = JSON.stringify(doc).replace(/\}$/, '')
  const comma = body === '{' ? '' : ','
  const extra = r.pick([
    `"__proto__":${pollute}`,
    `"constructor":{"prototype":${pollute}}`,
    // Attribute keys named like prototypes may be stored (they are text): no canary in what is stored.
    `"data":[{"key":"__proto__","value":"proto value"}]`,
    `"data":[{"key":"constructor","value":"x"},{"key":"prototype","value":"x"},{"key":"toString","value":"x"}]`,
    `"data":{"__proto__":${pollute}}`,
    `"__proto__":{"__proto__":${pollute}}`,
    `"hasOwnProperty":"${CANARY}"`,
  ])
  return { text: `${body}${comma}${extra}}`, type: 'application/json' }
}
