// createHortusClient: the typed openapi-fetch client with the key headers and retries, and the helpers
// every plant-API client writes again: the keyset walk, search with facets and ranges, create and update
// with typed errors, and the change feed.
import createClient, { type Client } from 'openapi-fetch'
import { ChangeFeed, type FollowOptions } from './change-feed.ts'
import { errorFor } from './errors.ts'
import { retryAfterSeconds, retryingFetch, type RetryOptions } from './retry.ts'
import type { components, operations, paths } from './schema.ts'

export type Plant = components['schemas']['Plant']
export interface KeysetList {
  plants: Plant[]
  pagination: components['schemas']['KeysetPagination']
}
export type Attribute = components['schemas']['Attribute']
export type SearchResult = components['schemas']['SearchResult']
export type ChangeFeedPage = components['schemas']['ChangeFeed']
export type Change = ChangeFeedPage['changes'][number]
export type NewPlant = operations['createPlant']['requestBody']['content']['application/json']
export type PlantUpdate = operations['updatePlant']['requestBody']['content']['application/json']
type ListQuery = NonNullable<operations['listPlants']['parameters']['query']>
type SearchQuery = NonNullable<operations['searchPlants']['parameters']['query']>

/** Keys the starter dataset fills on many plants; any other key in use works too (GET /attributes). */
export type AttributeKey =
  | 'Edible'
  | 'Edible parts'
  | 'Family'
  | 'Growth'
  | 'Height'
  | 'Layer'
  | 'Life cycle'
  | 'Light requirement'
  | 'Soil pH'
  | 'Soil type'
  | 'USDA Hardiness zone'
  | 'Water requirement'
  | (string & {})

/** A range of a numeric key: either end may be left out (`{min: 1}` is "1 or more"). */
export interface NumberRange {
  min?: number
  max?: number
}

export interface SearchParams extends Omit<SearchQuery, 'limit'> {
  /** Attribute key → one value, or several matching as OR. Several keys narrow together. */
  facets?: Partial<Record<AttributeKey, string | string[]>>
  /** Numeric attribute key → range; a plant matches when its value overlaps it. */
  ranges?: Partial<Record<AttributeKey, NumberRange>>
}

export interface HortusClientOptions extends RetryOptions {
  /** The API root, e.g. `http://127.0.0.1:3000/api`. */
  baseUrl: string
  keyId: string
  keySecret: string
  /** The word in the key headers `x-<brand>-key-id`/`-secret`: `service` unless the operator set
   * HORTUS_KEY_BRAND. */
  brand?: string
  /** The fetch to send with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>
}

/** What openapi-fetch answers: the parsed body on success, the error body otherwise. */
interface Answer<T> {
  data?: T
  error?: unknown
  response: Response
}

/** The body of a successful answer; a typed HortusError for any other. */
export function unwrap<T>({ data, error, response }: Answer<T>): T {
  if (response.ok && data !== undefined) return data
  const body = (error ?? {}) as { error?: unknown; msg?: unknown }
  throw errorFor(
    response.status,
    typeof body.error === 'string' ? body.error : response.statusText || 'error',
    typeof body.msg === 'string' ? body.msg : '',
    retryAfterSeconds(response.headers.get('retry-after')),
  )
}

export function keyHeaders(keyId: string, keySecret: string, brand = 'service'): Record<string, string> {
  return { [`x-${brand}-key-id`]: keyId, [`x-${brand}-key-secret`]: keySecret }
}

export function createHortusClient(options: HortusClientOptions) {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request))
  const api: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: keyHeaders(options.keyId, options.keySecret, options.brand),
    fetch: retryingFetch(send, options),
  })

  const plants = {
    get: async (id: number): Promise<Plant> =>
      unwrap(await api.GET('/plants/{id}', { params: { path: { id } } })),

    /** One page of the keyset walk: plants with ids after `last_id`. */
    list: async (query: Omit<ListQuery, 'page' | 'limit' | 'last' | 'lastid'> = {}): Promise<KeysetList> => {
      const answer = unwrap(await api.GET('/plants', { params: { query } }))
      // Without `page` the server always answers the keyset shape; the document allows either.
      if (!('has_more' in answer.pagination)) throw new Error('GET /plants answered offset paging')
      return answer as KeysetList
    },

    /** Every plant in id order, page by page, passing last_id back until has_more is false. Resume an
     * interrupted walk with `afterId`, the id of the last plant handled. */
    async *all(
      options: { perPage?: number; updatedSince?: string; afterId?: number } = {},
    ): AsyncGenerator<Plant, void, undefined> {
      let lastId = options.afterId
      for (;;) {
        const page = await plants.list({
          per_page: options.perPage ?? 100,
          ...(options.updatedSince === undefined ? {} : { updated_since: options.updatedSince }),
          ...(lastId === undefined ? {} : { last_id: lastId }),
        })
        yield* page.plants
        if (!page.pagination.has_more || page.plants.length === 0) return
        lastId = page.pagination.last_id
      }
    },

    create: async (plant: NewPlant): Promise<Plant> => unwrap(await api.POST('/plants', { body: plant })),

    /** Saves the fields given; `data` is merged (keys not sent are kept). A stale `version` throws
     * VersionMismatchError: read the plant again and re-apply the change. */
    update: async (id: number, update: PlantUpdate): Promise<Plant> =>
      unwrap(await api.PUT('/plants/{id}', { params: { path: { id } }, body: update })),
  }

  /** Full-text search (`q`) narrowed by facets and ranges; without `q`, the plants meeting them. */
  async function search({ facets = {}, ranges = {}, ...params }: SearchParams = {}): Promise<SearchResult> {
    const query: Record<string, unknown> = { ...params }
    for (const [key, value] of Object.entries(facets)) if (value !== undefined) query[key] = value
    for (const [key, range] of Object.entries(ranges)) {
      if (range) query[key] = `${range.min ?? ''}..${range.max ?? ''}`
    }
    // Facet names are attribute keys, data rather than schema: the document cannot list them.
    return unwrap(await api.GET('/search', { params: { query } }))
  }

  /** Every plant a search finds, page after page. */
  async function* searchAll(params: SearchParams = {}): AsyncGenerator<Plant, void, undefined> {
    for (let page = params.page ?? 1; ; page++) {
      const found = await search({ ...params, page })
      yield* found.plants
      if (page >= found.pagination.total_pages) return
    }
  }

  const changes = {
    /** One page of the change feed after `since` (a cursor the feed gave). */
    list: async (query: { since?: string; limit?: number } = {}): Promise<ChangeFeedPage> =>
      unwrap(await api.GET('/changes', { params: { query } })),
    /** Every change after `since`, then new ones as they are saved; keeps its cursor (`feed.cursor`). */
    follow: (options: FollowOptions = {}) => new ChangeFeed(changes.list, options),
  }

  return { api, plants, search, searchAll, changes }
}

export type HortusClient = ReturnType<typeof createHortusClient>
