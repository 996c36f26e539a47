// Fresh PostgreSQL databases for tests, on the server named by HORTUS_TEST_PG_URL (a superuser URL to the
// `postgres` database; scripts/postgres/with-test-cluster.sh starts a throwaway one and sets it).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const created: string[] = []

/** Creates the database `name` and returns its URL. */
export async function createTestPostgresDatabase(name: string): Promise<string> {
  const serverUrl = process.env.HORTUS_TEST_PG_URL
  if (!serverUrl) {
    throw new Error(
      'HORTUS_TEST_PG_URL is not set: run the tests under `bash scripts/postgres/with-test-cluster.sh`',
    )
  }
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe database name ${name}`)
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    // template0: nothing anyone added to template1 leaks into the test database.
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`)
  } finally {
    await client.end()
  }
  if (created.length === 0 && !process.env.HORTUS_TEST_PG_DATADIR) process.once('exit', dropCreated)
  created.push(name)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** On a long-lived server, drops this process's databases at exit. Exit handlers cannot wait for a
 * promise, so a child process does it. A throwaway cluster (HORTUS_TEST_PG_DATADIR set) is removed whole
 * and needs none of this. */
function dropCreated(): void {
  const script = `
    const pg = require('pg')
    const client = new pg.Client({ connectionString: process.env.HORTUS_TEST_PG_URL, connectionTimeoutMillis: 3000 })
    client.connect()
      .then(async () => { for (const name of JSON.parse(process.argv[1])) await client.query('DROP DATABASE IF EXISTS ' + name + ' WITH (FORCE)') })
      .catch((error) => console.error('could not drop test databases:', error.message))
      .finally(() => client.end())`
  spawnSync(process.execPath, ['-e', script, JSON.stringify(created)], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
    timeout: 10_000,
  })
}
