// The remote Hortus a mirror copies, through its public API alone: plain HTTP with the key pair. A busy
// source (429, 503) is waited for as its Retry-After says, a short while; a source that cannot be reached
// or keeps failing is a MirrorError naming it, which leaves the mirror where its last complete step left it.
import { Readable } from 'node:stream'
import type { ImageFile, ImageSize } from '../images/image-files.ts'

export class MirrorError extends Error {
  /** `status`: what the source answered, when it answered. */
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

/** The URL given answers neither as a Hortus API root nor as a Hortus site: a mistake, not a failure to
 * wait out. */
export class NotHortusError extends Error {}

/** The longest Retry-After waited for; beyond it the sync stops (and resumes when run again). */
const MAX_WAIT_SECONDS = 120
const ATTEMPTS = 4

interface ApiDocument {
  paths?: Record<string, unknown>
  components?: { securitySchemes?: Record<string, { name?: string }> }
}

export class RemoteHortus {
  /** The URL as given, without a trailing slash: the API root (`https://plants.example.org/api`, what
   * every client is configured with) or the site (`https://plants.example.org`). */
  readonly given: string
  #api: string | null = null
  #headers: Record<string, string> = {}

  constructor(
    given: string,
    private readonly keyId: string,
    private readonly keySecret: string,
  ) {
    this.given = given.replace(/\/+$/, '')
  }

  get connected(): boolean {
    return this.#api !== null
  }

  /** The API root, once connect() has found it. */
  get api(): string {
    if (this.#api === null) throw new Error('RemoteHortus.api asked before connect()')
    return this.#api
  }

  /** The site: a Hortus serves its API at <site>/api and its pictures at <site>/images. It names the
   * source in `mirror_state`, whichever form was given. */
  get site(): string {
    return above(this.api) ?? this.api
  }

  /** The sites the given URL may name, before connect() has asked: itself, or the one above it. */
  get sites(): string[] {
    if (this.#api !== null) return [this.site]
    const up = above(this.given)
    return up === null ? [this.given] : [this.given, up]
  }

  /** Finds the API root (the first time) and reads the source's key header names from its OpenAPI
   * document (HORTUS_KEY_BRAND may differ). */
  async connect(): Promise<void> {
    const document = this.#api
      ? ((await this.json('/openapi.json', false)) as ApiDocument)
      : await this.find()
    const schemes = document.components?.securitySchemes ?? {}
    const idHeader = schemes.keyId?.name ?? 'x-service-key-id'
    const secretHeader = schemes.keySecret?.name ?? 'x-service-key-secret'
    this.#headers = { [idHeader]: this.keyId, [secretHeader]: this.keySecret }
  }

  /** The given URL as the API root, else as the site (its API at <given>/api). */
  private async find(): Promise<ApiDocument> {
    const asRoot = await this.description(this.given)
    if (typeof asRoot !== 'string') {
      this.#api = this.given
      return asRoot
    }
    const asSite = await this.description(`${this.given}/api`)
    if (typeof asSite !== 'string') {
      this.#api = `${this.given}/api`
      return asSite
    }
    throw new NotHortusError(
      `mirror: ${this.given} answers neither as an API root (GET ${this.given}/openapi.json: ${asRoot}) nor as a site (GET ${this.given}/api/openapi.json: ${asSite})`,
    )
  }

  /** The OpenAPI document at <root>/openapi.json if it describes a Hortus API (one with the export and
   * the change feed), else what came back. A source unreachable or failing (5xx, 429) stays a MirrorError:
   * it says nothing of what the URL is. */
  private async description(root: string): Promise<ApiDocument | string> {
    let response: Response
    try {
      response = await this.get(`${root}/openapi.json`, false)
    } catch (error) {
      const status = error instanceof MirrorError ? error.status : null
      if (status !== null && status < 500 && status !== 429) return String(status)
      throw error
    }
    const document = (await response.json().catch(() => null)) as ApiDocument | null
    return document?.paths?.['/export'] && document.paths['/changes']
      ? document
      : `${response.status}, not the API of a Hortus`
  }

  /** `path` is under the API root: `/changes?…`, `/plants/12`. */
  async json(path: string, withKey = true): Promise<unknown> {
    const response = await this.get(`${this.api}${path}`, withKey)
    return response.json()
  }

  /** The export: its header's feed position, and its lines as they arrive (decompressed). */
  async exportLines(): Promise<{ cursor: string; lines: AsyncIterable<string> }> {
    const url = `${this.api}/export`
    const response = await this.get(url, true, { 'accept-encoding': 'gzip' }, true)
    const cursor = response.headers.get('hortus-changes-cursor')
    if (!cursor || !response.body) throw new MirrorError(`${url} gave no Hortus-Changes-Cursor.`)
    const input = Readable.fromWeb(response.body as never).setEncoding('utf8')
    // Split by hand: readline's iterator ends quietly when its input fails, which would take a cut-off
    // export for a whole one.
    async function* lines() {
      try {
        let rest = ''
        for await (const chunk of input) {
          const parts = (rest + (chunk as string)).split('\n')
          rest = parts.pop()!
          yield* parts
        }
        if (rest) yield rest
      } catch (error) {
        const reason =
          error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error
        throw new MirrorError(`The export from ${url} broke off: ${String(reason)}.`)
      }
    }
    return { cursor, lines: lines() }
  }

  /** One file of a picture, as served: its bytes, type and ETag. */
  async imageFile(id: number, size: ImageSize): Promise<ImageFile> {
    const name = size === 'original' ? 'original' : `${size}.webp`
    const response = await this.get(`${this.site}/images/${id}/${name}`, false)
    return {
      size,
      content_type: response.headers.get('content-type') ?? 'application/octet-stream',
      etag: response.headers.get('etag') ?? '',
      data: Buffer.from(await response.arrayBuffer()),
    }
  }

  /** `streaming`: the time limit is for the answer's head only (a 94k-plant export takes minutes to
   * read while the mirror writes it); otherwise for the whole answer. */
  private async get(
    url: string,
    withKey: boolean,
    extra: Record<string, string> = {},
    streaming = false,
  ): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(new Error('no answer within 60 s')), 60_000)
      try {
        response = await fetch(url, {
          headers: { ...(withKey ? this.#headers : {}), ...extra },
          signal: controller.signal,
        })
        if (streaming) clearTimeout(timer)
        else {
          // The body is read here, within the time limit; the caller reads it from memory.
          const body = await response.arrayBuffer()
          clearTimeout(timer)
          response = new Response(body, { status: response.status, headers: response.headers })
        }
      } catch (error) {
        clearTimeout(timer)
        const reason =
          error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error
        if (attempt < ATTEMPTS) {
          await sleep(attempt * 500)
          continue
        }
        throw new MirrorError(`Cannot reach ${url}: ${String(reason)}.`)
      }
      if (response.ok) return response
      const body = await response.text()
      const wait = Number(response.headers.get('retry-after') ?? 1)
      if (
        (response.status === 429 || response.status >= 500) &&
        attempt < ATTEMPTS &&
        wait <= MAX_WAIT_SECONDS
      ) {
        await sleep(Math.max(wait, 1) * 1000)
        continue
      }
      throw new MirrorError(`${url} answered ${response.status}: ${messageOf(body)}`, response.status)
    }
  }
}

function messageOf(body: string): string {
  try {
    const { error, msg } = JSON.parse(body) as { error?: string; msg?: string }
    return [error, msg].filter(Boolean).join(': ') || body.slice(0, 200)
  } catch {
    return body.slice(0, 200)
  }
}

/** The URL one path segment up (`http://host/api` → `http://host`); null for a bare origin. */
function above(url: string): string | null {
  return url.indexOf('/', url.indexOf('//') + 2) < 0 ? null : url.slice(0, url.lastIndexOf('/'))
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
