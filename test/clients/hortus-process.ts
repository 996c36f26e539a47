// A real Hortus process for the client tests: a fresh database of the dialect under test, a key made as
// `hortus keys create` makes one, and the server in its own process on a free loopback port.
import { startAnsweringServer } from '../helpers/processes.ts'
import { createTestDatabaseUrl, createTestKey } from '../helpers/test-database.ts'
import { unique } from '../helpers/factories.ts'

export interface RunningHortus {
  /** The API root the clients take: http://127.0.0.1:<port>/api */
  baseUrl: string
  keyId: string
  keySecret: string
  stop(): Promise<void>
}

export async function startHortus(env: Record<string, string> = {}): Promise<RunningHortus> {
  const url = await createTestDatabaseUrl()
  const name = unique('client').replace(/\W+/g, '-')
  const key = await createTestKey(url, `${name}@example.org`, name)
  const { port, started } = await startAnsweringServer({ DATABASE_URL: url, ...env })
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    keyId: key.key_id,
    keySecret: key.key_secret,
    stop: async () => {
      started.child.kill('SIGTERM')
      await started.finished
    },
  }
}
