// @hortus/client against a real Hortus process over real HTTP: the key headers, the keyset walk, search
// with facets and ranges, create and update with typed errors, the change feed, and retrying a 429.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  createHortusClient,
  HortusError,
  NotAuthenticatedError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
  VersionMismatchError,
  type HortusClient,
  type NewPlant,
  type Plant,
  unwrap,
} from '../../clients/typescript/src/index.ts'
import { unique } from '../helpers/factories.ts'
import { holdWriteLock, startHortus, type RunningHortus } from './hortus-process.ts'

let hortus: RunningHortus
let client: HortusClient
/** Every request the client sent, as `METHOD /path?query`. */
const sent: string[] = []

before(async () => {
  hortus = await startHortus()
  client = createHortusClient({
    baseUrl: hortus.baseUrl,
    keyId: hortus.keyId,
    keySecret: hortus.keySecret,
    fetch: (request) => {
      const url = new URL(request.url)
      sent.push(`${request.method} ${url.pathname}${url.search}`)
      return fetch(request)
    },
  })
})
after(async () => hortus?.stop())

const newPlant = (data: Record<string, string> = {}, overrides: Partial<NewPlant> = {}) =>
  client.plants.create({
    scientific_name: unique('Clientia testii'),
    name: unique('Client plant'),
    note: 'made by the client test',
    data: Object.entries(data).map(([key, value]) => ({ key, value })),
    ...overrides,
  })

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

describe('key headers', () => {
  it('sends x-service-key-id and -secret; a wrong secret or brand is a NotAuthenticatedError', async () => {
    const plant = await newPlant()
    assert.equal((await client.plants.get(plant.id)).name, plant.name)
    for (const options of [{ keySecret: 'wrong' }, { brand: 'other' }]) {
      const stranger = createHortusClient({ ...hortus, ...options })
      const error = await stranger.plants.get(plant.id).then(
        () => assert.fail('a wrong key was accepted'),
        (error: unknown) => error,
      )
      assert.ok(error instanceof NotAuthenticatedError, String(error))
      assert.equal(error.status, 401)
      assert.equal(error.error, 'not authenticated')
      assert.match(error.msg, /key/)
    }
  })
})

describe('api and unwrap', () => {
  it('reach any endpoint with the key headers, typed, and turn an error answer into a typed error', async () => {
    const plant = await newPlant({ Family: 'Rosaceae' })
    const { attributes } = unwrap(await client.api.GET('/attributes'))
    assert.ok(attributes.some((attribute) => attribute.key === 'Family' && attribute.plants >= 1))
    const revisions = unwrap(
      await client.api.GET('/plants/{id}/revisions', { params: { path: { id: plant.id } } }),
    )
    assert.deepEqual(
      revisions.revisions.map((revision) => revision.version),
      [1],
    )
    const missing = await client.api.GET('/plants/{id}/revisions', { params: { path: { id: 987654321 } } })
    assert.throws(() => unwrap(missing), NotFoundError)
  })
})

describe('plants.all', () => {
  it('walks last_id until has_more is false, each plant once in id order, and resumes after an id', async () => {
    const before = await collect(client.plants.all())
    const made: Plant[] = []
    for (let i = 0; i < 7; i++) made.push(await newPlant())
    sent.length = 0
    const walked = await collect(client.plants.all({ perPage: 3 }))
    const ids = walked.map((plant) => plant.id)
    assert.deepEqual(
      ids,
      [...before, ...made].map((plant) => plant.id).sort((a, b) => a - b),
    )
    // One request per page of 3, each passing the page before's last id back.
    assert.equal(sent.length, Math.ceil(ids.length / 3))
    assert.match(sent[0]!, /^GET \/api\/plants\?per_page=3$/)
    assert.equal(sent[1], `GET /api/plants?per_page=3&last_id=${ids[2]}`)

    const resumed = await collect(client.plants.all({ perPage: 3, afterId: made[2]!.id }))
    assert.deepEqual(
      resumed.map((plant) => plant.id),
      made.slice(3).map((plant) => plant.id),
    )
  })
})

describe('search', () => {
  it('narrows by facets (values of one key as OR) and ranges of a numeric key', async () => {
    const family = unique('Clientaceae').replace(/\W+/g, '')
    const other = `${family}x`
    const low = await newPlant({ Family: family, Height: '0.5' })
    const mid = await newPlant({ Family: family, Height: '2' })
    const tall = await newPlant({ Family: other, Height: '12' })
    await newPlant({ Family: 'Rosaceae', Height: '2' })

    const byFamily = await client.search({ facets: { Family: family } })
    assert.deepEqual(
      byFamily.plants.map((plant) => plant.id),
      [low.id, mid.id],
    )
    assert.equal(byFamily.pagination.total, 2)

    const either = await client.search({ facets: { family: [family, other] } })
    assert.deepEqual(
      either.plants.map((plant) => plant.id),
      [low.id, mid.id, tall.id],
    )

    const ranged = await client.search({
      facets: { Family: [family, other] },
      ranges: { Height: { min: 1 } },
    })
    assert.deepEqual(
      ranged.plants.map((plant) => plant.id),
      [mid.id, tall.id],
    )
    const upTo = await client.search({ facets: { Family: [family, other] }, ranges: { Height: { max: 3 } } })
    assert.deepEqual(
      upTo.plants.map((plant) => plant.id),
      [low.id, mid.id],
    )

    // Words and a facet together: the name's words, among that family only.
    const named = await client.search({ q: mid.name, facets: { Family: family } })
    assert.equal(named.plants[0]?.id, mid.id)
    assert.ok(named.plants.every((plant) => plant.data.some((a) => a.value === family)))

    const paged = await collect(client.searchAll({ facets: { Family: [family, other] }, per_page: 2 }))
    assert.deepEqual(
      paged.map((plant) => plant.id),
      [low.id, mid.id, tall.id],
    )
  })

  it('throws a typed 400 for a range on a key that is not numeric', async () => {
    await newPlant({ Layer: 'Herbaceous' })
    const error = await client.search({ ranges: { Layer: { min: 1, max: 2 } } }).catch((e: unknown) => e)
    assert.ok(error instanceof HortusError, String(error))
    assert.equal(error.status, 400)
    assert.equal(error.error, 'bad request')
    assert.match(error.msg, /Layer/)
  })
})

describe('create and update', () => {
  it('creates, updates with the version read, and throws VersionMismatchError for a stale one', async () => {
    const plant = await newPlant({ Edible: 'true' }, { description: 'first words' })
    assert.equal(plant.version, 1)
    const updated = await client.plants.update(plant.id, {
      version: plant.version,
      note: 'a better description',
      description: 'second words',
      data: [{ key: 'Layer', value: 'Shrub' }],
    })
    assert.equal(updated.version, 2)
    assert.equal(updated.description, 'second words')
    // data is merged: Edible is kept.
    assert.deepEqual(
      updated.data.map((a) => `${a.key}=${a.value}`),
      ['Edible=true', 'Layer=Shrub'],
    )

    const stale = await client.plants
      .update(plant.id, { version: plant.version, note: 'from an old read', name: 'Other name' })
      .catch((e: unknown) => e)
    assert.ok(stale instanceof VersionMismatchError, String(stale))
    assert.equal(stale.status, 422)
    assert.equal(stale.error, 'version mismatch')
    assert.ok(stale.msg.length > 0)
    assert.equal((await client.plants.get(plant.id)).name, plant.name)
  })

  it('throws ValidationError naming the field, and NotFoundError for an unknown id', async () => {
    const invalid = await newPlant({}, { name: '' }).catch((e: unknown) => e)
    assert.ok(invalid instanceof ValidationError, String(invalid))
    assert.equal(invalid.status, 422)
    assert.equal(invalid.error, 'validation failed')
    assert.match(invalid.msg, /name/)

    const missing = await client.plants.get(987_654_321).catch((e: unknown) => e)
    assert.ok(missing instanceof NotFoundError, String(missing))
    assert.equal(missing.error, 'not found')
  })
})

describe('changes.follow', () => {
  it('picks up a change saved after it started, and a saved cursor resumes without repeats', async () => {
    const plant = await newPlant()
    // Where the feed is now: walk it to its end once.
    const start = client.changes.follow({ stopWhenCaughtUp: true })
    const history = await collect(start)
    assert.ok(history.some((change) => change.plant_id === plant.id && change.version === 1))
    assert.ok(start.cursor)

    const controller = new AbortController()
    const watchdog = setTimeout(() => controller.abort(), 20_000)
    const feed = client.changes.follow({
      since: start.cursor,
      pollIntervalMs: 100,
      signal: controller.signal,
    })
    const iterator = feed[Symbol.asyncIterator]()
    const first = iterator.next()
    // The feed is polling now, caught up; the change comes after.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const saved = await client.plants.update(plant.id, {
      version: 1,
      note: 'seen by follow',
      name: unique('Seen'),
    })
    const next = await first
    assert.equal(next.done, false, 'the feed ended before the change came')
    assert.deepEqual(
      { plant_id: next.value.plant_id, version: next.value.version, note: next.value.note },
      { plant_id: plant.id, version: saved.version, note: 'seen by follow' },
    )
    const cursor = feed.cursor
    assert.equal(cursor, next.value.cursor)
    controller.abort()
    clearTimeout(watchdog)
    assert.equal((await iterator.next()).done, true)

    // Two more saves; following from the saved cursor gives exactly those, the one seen not again.
    let version = saved.version
    for (const note of ['third', 'fourth'])
      version = (await client.plants.update(plant.id, { version, note, description: note })).version
    const resumed = await collect(client.changes.follow({ since: cursor, stopWhenCaughtUp: true, limit: 1 }))
    assert.deepEqual(
      resumed.map((change) => [change.plant_id, change.version, change.note]),
      [
        [plant.id, 3, 'third'],
        [plant.id, 4, 'fourth'],
      ],
    )
    // And from the beginning, each revision exactly once.
    const all = await collect(client.changes.follow({ stopWhenCaughtUp: true }))
    const seen = all.map((change) => `${change.plant_id}.${change.version}`)
    assert.equal(new Set(seen).size, seen.length)
    assert.deepEqual(
      all.slice(-3).map((change) => change.version),
      [2, 3, 4],
    )
  })
})

describe('retries on 503', () => {
  it('retries a create refused while the database is locked, and saves it once', async () => {
    const lock = await holdWriteLock(hortus.databaseUrl)
    const retries: { waitSeconds: number; status: number }[] = []
    let released: Promise<void> | undefined
    const patient = createHortusClient({
      ...hortus,
      onRetry: ({ waitSeconds, status }) => {
        retries.push({ waitSeconds, status })
        // The lock goes once the 503 came, so the retry is answered.
        released ??= lock.release()
      },
    })
    const name = unique('Locked out')
    try {
      const plant = await patient.plants.create({
        scientific_name: unique('Clausa'),
        name,
        note: 'while locked',
      })
      assert.equal(plant.name, name)
    } finally {
      await (released ?? lock.release())
    }
    assert.equal(retries.length, 1)
    assert.equal(retries[0]!.status, 503)
    assert.ok(retries[0]!.waitSeconds >= 1, `Retry-After ${retries[0]!.waitSeconds}`)
    const saved = await collect(client.plants.all())
    assert.equal(saved.filter((plant) => plant.name === name).length, 1)
  })
})

describe('retries on 429', () => {
  let limited: RunningHortus
  before(async () => {
    limited = await startHortus({ HORTUS_RATE_LIMIT_PER_MINUTE: '3' })
  })
  after(async () => limited?.stop())

  it('waits out Retry-After on a 429 and succeeds; a wait over the bound throws TooManyRequestsError', async () => {
    const retries: { attempt: number; waitSeconds: number; status: number }[] = []
    const patient = createHortusClient({
      ...limited,
      maxWaitSeconds: 75,
      onRetry: ({ attempt, waitSeconds, status }) => retries.push({ attempt, waitSeconds, status }),
    })
    const hasty = createHortusClient({ ...limited, maxWaitSeconds: 1 })
    for (let i = 0; i < 3; i++) await patient.plants.list()
    assert.equal(retries.length, 0)

    const refused = await hasty.plants.list().catch((e: unknown) => e)
    assert.ok(refused instanceof TooManyRequestsError, String(refused))
    assert.equal(refused.status, 429)
    assert.equal(refused.error, 'too many requests')
    assert.ok(refused.retryAfter !== null && refused.retryAfter > 1 && refused.retryAfter <= 60)

    const started = Date.now()
    const page = await patient.plants.list()
    const waited = (Date.now() - started) / 1000
    assert.deepEqual(page.plants, [])
    assert.equal(retries.length, 1)
    assert.equal(retries[0]!.status, 429)
    assert.ok(retries[0]!.waitSeconds >= 1 && retries[0]!.waitSeconds <= 60)
    assert.ok(waited >= retries[0]!.waitSeconds - 0.1, `waited ${waited} s of ${retries[0]!.waitSeconds}`)
  })

  it('gives up after maxRetries', async () => {
    // The window is fresh after the test above; use it up, then allow no retry at all.
    const counted = createHortusClient({ ...limited, maxRetries: 0 })
    let error: unknown
    for (let i = 0; i < 5 && !error; i++)
      error = await counted.plants.list().then(
        () => undefined,
        (e: unknown) => e,
      )
    assert.ok(error instanceof TooManyRequestsError, String(error))
  })
})
