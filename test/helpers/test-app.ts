// Builds the real app over a real, fresh database for each test file, and gives tests an authenticated
// client that speaks real HTTP on a loopback port.
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../../src/app.ts'
import { createKeyPair, type KeyPair } from '../../src/accounts/api-keys.ts'
import type { Store } from '../../src/db/store.ts'
import { openTestStore } from './test-database.ts'

export interface TestApp {
  app: FastifyInstance
  store: Store
  baseUrl: string
  key: KeyPair
  /** Sends a request with the test key; `body` objects are sent as JSON. */
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>
  close(): Promise<void>
}

export interface TestResponse {
  status: number
  headers: Headers
  text: string
  body: any
}

export const BRAND = 'service'

export async function buildTestApp(options: Pick<AppOptions, 'requestTimeoutMs'> = {}): Promise<TestApp> {
  const store = await openTestStore()
  const app = await buildApp({ config: { keyBrand: BRAND, keyCacheSeconds: 0 }, store, ...options })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const baseUrl = `http://127.0.0.1:${address.port}`
  const key = await createKeyPair(store, `tester-${Math.random().toString(36).slice(2)}@example.org`)

  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const init: RequestInit = {
      method,
      headers: { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret, ...headers },
    }
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
      ;(init.headers as Record<string, string>)['content-type'] ??= 'application/json'
    }
    const response = await fetch(`${baseUrl}${path}`, init)
    const text = await response.text()
    let parsed: unknown = undefined
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    return { status: response.status, headers: response.headers, text, body: parsed }
  }

  return {
    app,
    store,
    baseUrl,
    key,
    request,
    close: async () => {
      await app.close()
      await store.close()
    },
  }
}
