// Builds the real app over a real, fresh database for each test file, and gives tests an authenticated
// client that speaks real HTTP on a loopback port.
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../../src/app.ts'
import { createKeyPair, type KeyPair } from '../../src/accounts/api-keys.ts'
import type { Store } from '../../src/db/store.ts'
import { loadConfig, type Config } from '../../src/config.ts'
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

/** The limits a suite runs with: the HORTUS_*_LIMIT_PER_MINUTE variables, which scripts/test.sh raises
 * for every suite (a suite about limits passes its own), else as high when a file is run on its own. */
const limitsFromEnvironment = (): Partial<Config> => {
  const raised = (name: string) => process.env[name] || '1000000'
  const config = loadConfig({
    HORTUS_RATE_LIMIT_PER_MINUTE: raised('HORTUS_RATE_LIMIT_PER_MINUTE'),
    HORTUS_WRITE_LIMIT_PER_MINUTE: raised('HORTUS_WRITE_LIMIT_PER_MINUTE'),
    HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE: raised('HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE'),
    HORTUS_NEW_ACCOUNT_WRITES_PER_DAY: raised('HORTUS_NEW_ACCOUNT_WRITES_PER_DAY'),
  })
  return {
    rateLimitPerMinute: config.rateLimitPerMinute,
    writeLimitPerMinute: config.writeLimitPerMinute,
    authFailureLimitPerMinute: config.authFailureLimitPerMinute,
    newAccountWritesPerDay: config.newAccountWritesPerDay,
    commercialRateLimitPerMinute: config.commercialRateLimitPerMinute,
    commercialWriteLimitPerMinute: config.commercialWriteLimitPerMinute,
  }
}

export async function buildTestApp(
  options: Pick<AppOptions, 'requestTimeoutMs' | 'mailTiming' | 'watchTiming' | 'webhookTiming'> & {
    config?: Partial<Config>
    /** The database to serve (one the test made with createTestDatabaseUrl, for the CLI to open too). */
    databaseUrl?: string
  } = {},
): Promise<TestApp> {
  const { config, databaseUrl, ...rest } = options
  const store = await openTestStore(databaseUrl)
  const app = await buildApp({
    config: { keyBrand: BRAND, keyCacheSeconds: 0, ...limitsFromEnvironment(), ...config },
    store,
    ...rest,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  // Its health check says 503 until it has warmed up (src/warm-up.ts).
  await app.readiness.whenReady()
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const baseUrl = `http://127.0.0.1:${address.port}`
  const tester = `tester-${Math.random().toString(36).slice(2)}`
  const key = await createKeyPair(store, `${tester}@example.org`, '', tester)

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
