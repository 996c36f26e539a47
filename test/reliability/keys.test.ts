// Keys, measured on real server processes: 10,000 guessed key pairs are all refused; an unknown key id and a
// wrong secret for a real one take the same time; a key revoked on the website is refused at once by the
// process that served the page and within HORTUS_KEY_CACHE_SECONDS by another one on the same database;
// and no secret or password is ever in the database, the logs (at trace level) or an answer other than the
// one that made it.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { createKeyPair, type KeyPair } from '../../src/accounts/api-keys.ts'
import { parseDatabaseUrl } from '../../src/config.ts'
import type { Store } from '../../src/db/store.ts'
import { hortus } from '../helpers/processes.ts'
import { recordFigure, tierCount } from '../helpers/reliability.ts'
import { createTestDatabaseUrl, openTestStore } from '../helpers/test-database.ts'
import { Visitor } from '../helpers/visitor.ts'
import { startServer, type ChildServer, type Received } from './child-server.ts'
import { generator, type Random } from './fuzz-corpus.ts'

const GUESSES = tierCount(10_000, 10_000)
const TIMING_PAIRS = tierCount(600, 3_000)
/** A sign test's |z| beyond this is a real difference, not noise (two-sided p ≈ 6·10⁻⁵). */
const SIGN_TEST_LIMIT = 4
/** With thousands of samples the sign test sees a few microseconds (the database returning a row with
 * values rather than nulls); a leak must also be material: this share of the refusal's median time. A
 * wrong secret answered from the key cache was 22% (SQLite) to 27% (PostgreSQL) faster. */
const MATERIAL_SHARE = 0.05
const CACHE_SECONDS = 2
const SEED = Number(process.env.HORTUS_KEYS_SEED ?? 20261124)
const SUITE = 'keys'

const figure = (measure: string, value: number | string, target = '') =>
  recordFigure({ suite: SUITE, measure, value, target })

const ask = (server: ChildServer, keyId: string, secret: string, path = '/api/plants?per_page=1') =>
  server.send({ path, headers: { 'x-service-key-id': keyId, 'x-service-key-secret': secret } })

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const text = (r: Random, alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[r.int(alphabet.length)]).join('')
const randomId = (r: Random) => `hk_${text(r, '0123456789abcdef', 24)}`
const randomSecret = (r: Random) => text(r, BASE64URL, 43)
/** The same text with one character changed to another of its alphabet. */
function nearMiss(r: Random, real: string, alphabet: string): string {
  const at = r.int(real.length)
  let other = real[at]!
  while (other === real[at]) other = alphabet[r.int(alphabet.length)]!
  return `${real.slice(0, at)}${other}${real.slice(at + 1)}`
}

describe('guessing keys', () => {
  let store: Store
  let server: ChildServer
  let real: KeyPair[]
  before(async () => {
    const url = await createTestDatabaseUrl()
    store = await openTestStore(url)
    real = [
      await createKeyPair(store, 'holder@example.org', 'one'),
      await createKeyPair(store, 'holder@example.org', 'two'),
      await createKeyPair(store, 'other@example.org', 'three'),
    ]
    // Guessing at full speed needs the failed-authentication limit out of the way (test/api/limits.test.ts
    // covers the limit itself). A long key cache keeps the real keys cached: a wrong secret for a cached key
    // must still cost what an unknown id costs.
    server = await startServer(url, {
      HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE: '100000000',
      HORTUS_KEY_CACHE_SECONDS: '600',
      LOG_LEVEL: 'error',
    })
    for (const key of real) assert.equal((await ask(server, key.key_id, key.key_secret)).status, 200)
  })
  after(async () => {
    await server?.stop()
    await store?.close()
  })

  it(`accepts none of ${GUESSES} guessed key pairs`, async () => {
    const r = generator(SEED)
    const guess = (): [string, string] => {
      const key = r.pick(real)
      const other = r.pick(real.filter((k) => k !== key))
      switch (r.int(8)) {
        case 0:
          return [randomId(r), randomSecret(r)]
        case 1:
          return [key.key_id, randomSecret(r)]
        case 2:
          return [key.key_id, nearMiss(r, key.key_secret, BASE64URL)]
        case 3:
          return [nearMiss(r, key.key_id.slice(3), '0123456789abcdef').replace(/^/, 'hk_'), key.key_secret]
        case 4:
          return [key.key_id, other.key_secret]
        case 5: {
          // Wrong lengths: one short, one long, cut anywhere, doubled.
          const secret = r.pick([
            key.key_secret.slice(0, -1),
            `${key.key_secret}${r.pick([...BASE64URL])}`,
            key.key_secret.slice(0, r.int(key.key_secret.length)),
            key.key_secret.repeat(2),
            `${key.key_secret}=`,
          ])
          return [key.key_id, secret || 'x']
        }
        case 6: {
          const id = r.pick([
            key.key_id.slice(0, -1),
            `${key.key_id}0`,
            key.key_id.toUpperCase(),
            key.key_id.slice(3),
            `hk_${key.key_id}`,
            `${key.key_id} ${key.key_id}`,
          ])
          return [id, key.key_secret]
        }
        default: {
          // One letter's case flipped: base64url is case-sensitive.
          const at = [...key.key_secret].findIndex((c, i) => i >= r.int(40) && /[a-zA-Z]/.test(c))
          const c = key.key_secret[at]!
          const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()
          return [key.key_id, `${key.key_secret.slice(0, at)}${flipped}${key.key_secret.slice(at + 1)}`]
        }
      }
    }
    const statuses = new Map<number, number>()
    let accepted = 0
    let sent = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < GUESSES) {
          sent++
          const [id, secret] = guess()
          const answer = await ask(server, id, secret)
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
          if (answer.status !== 401) accepted++
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    figure('guessed key pairs sent', sent, '≥ 10,000')
    figure('guessed key pairs accepted', accepted, '0')
    console.log(`${sent} guesses in ${seconds.toFixed(1)} s: ${JSON.stringify(Object.fromEntries(statuses))}`)
    assert.equal(accepted, 0, JSON.stringify(Object.fromEntries(statuses)))
    assert.ok(sent >= 10_000)
    // The real keys were not locked out or harmed by the guessing.
    for (const key of real) assert.equal((await ask(server, key.key_id, key.key_secret)).status, 200)
  })

  it('refuses an unknown key id and a wrong secret for a real one in the same time', async () => {
    const r = generator(SEED + 1)
    const time = async (id: string, secret: string) => {
      const started = performance.now()
      const answer = await ask(server, id, secret)
      const ms = performance.now() - started
      assert.equal(answer.status, 401)
      return ms
    }
    const unknown = () => time(randomId(r), randomSecret(r))
    const wrongSecret = () => time(r.pick(real).key_id, randomSecret(r))
    for (let i = 0; i < 100; i++) await (i % 2 ? unknown() : wrongSecret()) // warm up
    // Interleaved pairs in a random order, one request at a time: a burst of load on the machine falls on
    // both kinds alike, and the paired differences cancel it.
    const unknownMs: number[] = []
    const wrongMs: number[] = []
    for (let i = 0; i < TIMING_PAIRS; i++) {
      if (r.chance(0.5)) {
        unknownMs.push(await unknown())
        wrongMs.push(await wrongSecret())
      } else {
        wrongMs.push(await wrongSecret())
        unknownMs.push(await unknown())
      }
    }
    const differences = wrongMs.map((ms, i) => ms - unknownMs[i]!)
    // Sign test: without a difference, a wrong secret is the slower of its pair half of the time.
    const slower = differences.filter((d) => d > 0).length
    const ties = differences.filter((d) => d === 0).length
    const n = differences.length - ties
    const z = (slower - n / 2) / Math.sqrt(n / 4)
    const ms = (value: number) => Number(value.toFixed(3))
    figure('median refusal, unknown key id (ms)', ms(median(unknownMs)))
    figure('median refusal, wrong secret for a real key id (ms)', ms(median(wrongMs)))
    figure('median paired difference (ms)', ms(median(differences)))
    const share = Math.abs(median(differences)) / median([...unknownMs, ...wrongMs])
    figure(
      'sign test |z| (unknown id vs wrong secret)',
      Number(Math.abs(z).toFixed(2)),
      `< ${SIGN_TEST_LIMIT}, or`,
    )
    figure(
      'median paired difference / median refusal (%)',
      Number((share * 100).toFixed(1)),
      `< ${MATERIAL_SHARE * 100}`,
    )
    assert.ok(
      Math.abs(z) < SIGN_TEST_LIMIT || share < MATERIAL_SHARE,
      `a wrong secret was slower in ${slower} of ${n} pairs (z = ${z.toFixed(2)}), by ${(share * 100).toFixed(1)}%; ` +
        `medians ${median(unknownMs).toFixed(3)} ms (unknown id) and ${median(wrongMs).toFixed(3)} ms (wrong secret)`,
    )
  })
})

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

describe('revoked keys and secrets at rest', () => {
  let url: string
  let store: Store
  let a: ChildServer
  let b: ChildServer
  /** Every answer seen, except the ones that made a secret (checked apart). */
  const answers: string[] = []
  const startedAt = Date.now()
  const person = {
    email: 'keeper@example.org',
    name: 'Key keeper',
    password: `pw-${Date.now()}-never-stored`,
  }
  let sessionToken = ''
  let webKey = { keyId: '', secret: '' }
  let cliKey: KeyPair

  const keep = (answer: Received) => {
    answers.push(`${answer.status} ${JSON.stringify(answer.headers)} ${answer.text}`)
    return answer
  }
  const getKept = async (server: ChildServer, path: string, headers: Record<string, string> = {}) =>
    keep(await server.send({ path, headers }))

  before(async () => {
    url = await createTestDatabaseUrl()
    store = await openTestStore(url)
    // Two processes on one database (SQLite: one file), each with a short key cache, logging everything.
    const env = { HORTUS_KEY_CACHE_SECONDS: String(CACHE_SECONDS), LOG_LEVEL: 'trace' }
    ;[a, b] = await Promise.all([startServer(url, env), startServer(url, env)])
  })
  after(async () => {
    await a?.stop()
    await b?.stop()
    await store?.close()
  })

  it(`refuses a key revoked on the website at once there, within ${CACHE_SECONDS} s in the other process`, async () => {
    const visitor = new Visitor(a.baseUrl)
    const page = async (
      visit: Promise<{ status: number; headers: Headers; html: string; cookies: string[] }>,
    ) => {
      const seen = await visit
      answers.push(`${seen.status} ${JSON.stringify([...seen.headers])} ${seen.html}`)
      return seen
    }
    await page(visitor.get('/signup'))
    await page(visitor.post('/signup', person))
    // A refused form comes back without the password it was sent.
    await page(visitor.post('/signup', { ...person, email: 'second@example.org', name: '' }))
    await page(visitor.get('/login'))
    await page(visitor.post('/login', { email: 'nobody@example.org', password: person.password }))
    const login = await visitor.post('/login', person) // makes the session token: not kept
    assert.equal(login.status, 303)
    sessionToken = visitor.cookie('hortus_session') ?? ''
    assert.ok(sessionToken.length > 20)
    await page(visitor.get('/account/keys'))
    const made = await visitor.post('/account/keys', { label: 'revoke me', terms: 'accepted' }) // shows the secret: not kept
    assert.equal(made.status, 201)
    webKey = {
      keyId: /id="new-key-id">([^<]+)</.exec(made.html)![1]!,
      secret: /id="new-key-secret">([^<]+)</.exec(made.html)![1]!,
    }
    await page(visitor.get('/account/keys'))

    const use = async (server: ChildServer) => {
      return keep(await ask(server, webKey.keyId, webKey.secret)).status
    }
    assert.equal(await use(a), 200)
    assert.equal(await use(b), 200) // now cached in both processes
    await sleep(300)
    assert.equal(await use(b), 200)

    const revoked = await page(visitor.post(`/account/keys/${webKey.keyId}/revoke`))
    assert.equal(revoked.status, 303)
    const revokedAt = performance.now()
    assert.equal(await use(a), 401, 'the process that revoked it refuses it at once')
    const inA = (performance.now() - revokedAt) / 1000
    let inB = Infinity
    while (performance.now() - revokedAt < (CACHE_SECONDS + 3) * 1000) {
      if ((await use(b)) === 401) {
        inB = (performance.now() - revokedAt) / 1000
        break
      }
      await sleep(50)
    }
    for (let i = 0; i < 5; i++) assert.equal(await use(b), 401, 'stays refused')
    await page(visitor.get(`/account/keys?revoked=${webKey.keyId}`))

    figure('revoked key refused by the revoking process after (s)', Number(inA.toFixed(2)), 'at once')
    figure(
      'revoked key refused by another process after (s)',
      Number(inB.toFixed(2)),
      `≤ HORTUS_KEY_CACHE_SECONDS (${CACHE_SECONDS} s)`,
    )
    assert.ok(inA < 1, `${inA} s`)
    // The cache entry was at most CACHE_SECONDS old; a little slack for a loaded machine's polling.
    assert.ok(inB <= CACHE_SECONDS + 0.5, `refused by the other process only after ${inB} s`)
  })

  it('keeps every secret and password out of the database, the logs and every other answer', async () => {
    // A key made with the CLI: its output is the answer that shows the secret.
    const made = await hortus(['keys', 'create', '--email', 'cli@example.org', '--json'], {
      DATABASE_URL: url,
    })
    assert.equal(made.code, 0, made.stderr)
    cliKey = JSON.parse(made.stdout) as KeyPair
    for (const server of [a, b]) {
      assert.equal((await getKept(server, '/api/plants', keyHeaders(cliKey))).status, 200)
      // Sent where they do not belong: in each other's header, or with another key's secret.
      const swapped = { 'x-service-key-id': cliKey.key_secret, 'x-service-key-secret': cliKey.key_id }
      assert.equal((await getKept(server, '/api/plants', swapped)).status, 401)
      const mixed = { 'x-service-key-id': cliKey.key_id, 'x-service-key-secret': webKey.secret }
      assert.equal((await getKept(server, '/api/plants/1', mixed)).status, 401)
      await getKept(server, '/docs')
    }

    const secrets: Record<string, string> = {
      'the website key secret': webKey.secret,
      'the CLI key secret': cliKey.key_secret,
      'the password': person.password,
      'the session token': decodeURIComponent(sessionToken),
    }
    const forms = (value: string) => [
      Buffer.from(value),
      Buffer.from(Buffer.from(value).toString('hex')),
      ...(/^[\w-]{40,}$/.test(value)
        ? [Buffer.from(value, 'base64url'), Buffer.from(Buffer.from(value, 'base64url').toString('hex'))]
        : []),
    ]
    const foundIn = (haystack: Buffer) =>
      Object.entries(secrets)
        .filter(([, value]) => forms(value).some((form) => haystack.includes(form)))
        .map(([name]) => name)

    // The database: its files as bytes (SQLite: with the WAL), or every row of every table as text and the
    // cluster's files for this database (PostgreSQL).
    const stored = await databaseBytes(url, store, startedAt)
    assert.ok(
      stored.includes(Buffer.from(cliKey.key_id)),
      'the scan sees the key ids (it reads the right bytes)',
    )
    const inDatabase = foundIn(stored)

    const logs = Buffer.from(a.output() + b.output())
    assert.match(logs.toString(), /incoming request/, 'the logs are at trace level')
    assert.ok(logs.includes(Buffer.from('/api/plants?per_page=1')), 'the logs show requests')
    const inLogs = foundIn(logs)

    const inAnswers = foundIn(Buffer.from(answers.join('\n')))
    figure('raw secrets or passwords in the database', inDatabase.length, '0')
    figure('raw secrets or passwords in the logs (trace level)', inLogs.length, '0')
    figure('raw secrets or passwords in other answers', inAnswers.length, '0')
    assert.deepEqual({ inDatabase, inLogs, inAnswers }, { inDatabase: [], inLogs: [], inAnswers: [] })
    assert.ok(answers.length >= 15, `${answers.length} answers checked`)
  })
})

const keyHeaders = (key: KeyPair) => ({
  'x-service-key-id': key.key_id,
  'x-service-key-secret': key.key_secret,
})

/** Everything the database holds, as bytes. */
async function databaseBytes(url: string, store: Store, since: number): Promise<Buffer> {
  const parsed = parseDatabaseUrl(url)!
  if (parsed.dialect === 'sqlite') {
    const path = (parsed as { path: string }).path
    return Buffer.concat(
      [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]
        .filter(existsSync)
        .map((file) => readFileSync(file)),
    )
  }
  const parts: Buffer[] = []
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public'`.execute(store.db)
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(store.db)
    parts.push(Buffer.from(rows.rows.map((row) => row.row).join('\n')))
  }
  // The files themselves: this database's relations after a checkpoint, and the WAL written meanwhile.
  const dataDir = process.env.HORTUS_TEST_PG_DATADIR
  if (dataDir && existsSync(dataDir)) {
    await sql`checkpoint`.execute(store.db)
    const oid = await sql<{ oid: number }>`
      select oid from pg_database where datname = current_database()`.execute(store.db)
    const files = [
      ...listFiles(join(dataDir, 'base', String(oid.rows[0]!.oid))),
      ...listFiles(join(dataDir, 'pg_wal')).filter((file) => statSync(file).mtimeMs >= since - 1_000),
    ]
    for (const file of files) parts.push(readFileSync(file))
  }
  return Buffer.concat(parts)
}

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(dir, entry.name))
