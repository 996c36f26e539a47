// The remote Hortus a mirror copies, through its public API alone: plain HTTP with the key pair. A busy
// source (429, 503) is waited for as its Retry-After says, a short while; a source that cannot be reached
// or keeps failing is a MirrorError naming it, which leaves the mirror where its last complete step left it.
import { Readable } from 'node:stream'
import type { ImageFile, ImageSize } from '../images/image-files.ts'

export class MirrorError extends Error {}

/** The longest Retry-After waited for; beyond it the sync stops (and resumes when run again). */
const MAX_WAIT_SECONDS = 120
const ATTEMPTS = 4

export class RemoteHortus {
  readonly base: string
  #headers: Record<string, string> = {}

  constructor(
    base: string,
    private readonly keyId: string,
    private readonly keySecret: string,
  ) {
    this.base = base.replace(/\/+$/, '')
  }

  /** Reads the source's key header names from its OpenAPI document (HORTUS_KEY_BRAND may differ). */
  async connect(): Promise<void> {
    const document = (await this.json('/api/openapi.json', false)) as {
      components?: { securitySchemes?: Record<string, { name?: string }> }
    }
    const schemes = document.components?.securitySchemes ?? {}
    const idHeader = schemes.keyId?.name ?? 'x-service-key-id'
    const secretHeader = schemes.keySecret?.name ?? 'x-service-key-secret'
    this.#headers = { [idHeader]: this.keyId, [secretHeader]: this.keySecret }
  }

  async json(path: string, withKey = true): Promise<unknown> {
    const response = await this.get(path, withKey)
    return response.json()
  }

  /** The export: its header's feed position, and its lines as they arrive (decompressed). */
  async exportLines(): Promise<{ cursor: string; lines: AsyncIterable<string> }> {
    const response = await this.get('/api/export', true, { 'accept-encoding': 'gzip' }, true)
    const cursor = response.headers.get('hortus-changes-cursor')
    if (!cursor || !response.body)
      throw new MirrorError(`${this.base}/api/export gave no Hortus-Changes-Cursor.`)
    const input = Readable.fromWeb(response.body as never).setEncoding('utf8')
    const url = `${this.base}/api/export`
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
    const response = await this.get(`/images/${id}/${name}`, false)
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
    path: string,
    withKey: boolean,
    extra: Record<string, string> = {},
    streaming = false,
  ): Promise<Response> {
    const url = `${this.base}${path}`
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
      throw new MirrorError(`${url} answered ${response.status}: ${messageOf(body)}`)
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
