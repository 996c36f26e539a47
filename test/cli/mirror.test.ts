// `hortus mirror`: a source Hortus in a process of its own, changed through its API step by step, and a
// mirror synced with `mirror --once` after each step, given the source's API root (http://host/api) and its
// site's address (http://host) in turn. After each, the mirror's `hortus export` is the
// source's /api/export (plant for plant, version for version, value for value, origins included), and
// its plant documents, histories, links and pictures are the source's. The source going away mid-way
// stops a sync with a message; the next sync goes on to equality.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import sharp from 'sharp'
import type { KeyPair } from '../../src/accounts/api-keys.ts'
import { createTestDatabaseUrl, createTestKey, openTestStore } from '../helpers/test-database.ts'
import {
  answers,
  CLI,
  freePort,
  hortus,
  hortusEnv,
  start,
  startServer,
  TSX,
  waitFor,
  type Started,
} from '../helpers/processes.ts'
import { tempDir } from '../helpers/temp-dir.ts'

const dir = tempDir('hortus-mirror-')
let sourceUrl: string
let mirrorUrl: string
let key: KeyPair
let port: number
let server: Started | null = null

const dataset = [
  {
    hortus_dataset: 1,
    license: 'CC BY-SA 4.0',
    license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    attribution: 'test',
    sources: [
      { id: 'usda-plants', name: 'USDA PLANTS', url: 'https://plants.usda.gov', license: 'public domain' },
    ],
  },
  {
    type: 'Plant',
    scientific_name: 'Solanum lycopersicum',
    name: 'Tomato',
    source: 'usda-plants',
    data: [
      { key: 'Family', value: 'Solanaceae' },
      { key: 'Height', value: '1.5', saved_by: { author: 'Ada', version: 7 } },
    ],
    links: [{ type: 'companion-to', scientific_name: 'Ocimum basilicum', name: 'Basil', note: 'Wikipedia' }],
    problems: [{ name: 'Blight', type: 'disease', management: ['Rotate crops.'], source: 'usda-plants' }],
  },
  {
    type: 'Plant',
    scientific_name: 'Ocimum basilicum',
    name: 'Basil',
    data: [{ key: 'Layer', value: 'Herb' }],
  },
  {
    type: 'Variety',
    scientific_name: 'Solanum lycopersicum',
    name: 'Roma',
    parent: { scientific_name: 'Solanum lycopersicum', name: 'Tomato' },
  },
]

async function startSource(): Promise<void> {
  server = startServer({
    DATABASE_URL: sourceUrl,
    PORT: String(port),
    HORTUS_EXPORTS_PER_HOUR: '1000',
  })
  await waitFor('the source answers', () => answers(port), { started: server, timeoutMs: 60_000 })
}

async function stopSource(): Promise<void> {
  if (!server) return
  server.child.kill('SIGKILL')
  await server.finished
  server = null
}

before(async () => {
  sourceUrl = await createTestDatabaseUrl()
  mirrorUrl = await createTestDatabaseUrl()
  const file = join(dir, 'start.jsonl')
  writeFileSync(file, dataset.map((line) => JSON.stringify(line)).join('\n') + '\n')
  const imported = await hortus(['import', file], { DATABASE_URL: sourceUrl })
  assert.equal(imported.code, 0, imported.stderr)
  key = await createTestKey(sourceUrl, 'gardener@example.org', 'Gardener')
  port = await freePort()
  await startSource()
})
after(async () => stopSource())

const base = () => `http://127.0.0.1:${port}`
/** What every client is configured with; `--from` takes it or the site's address, base(). */
const apiRoot = () => `${base()}/api`

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base()}/api${path}`, {
    method,
    headers: {
      'x-service-key-id': key.key_id,
      'x-service-key-secret': key.key_secret,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`)
  return response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text
}

const mirror = (from: string, databaseUrl = mirrorUrl) =>
  hortus(['mirror', '--from', from, '--key-id', key.key_id, `--key-secret=${key.key_secret}`, '--once'], {
    DATABASE_URL: databaseUrl,
  })

let syncs = 0
/** One `mirror --once`, given the API root and the site's address in turn: both name the same source. */
async function sync(): Promise<void> {
  const result = await mirror(syncs++ % 2 === 0 ? apiRoot() : base())
  assert.equal(result.code, 0, result.stderr)
  assert.match(result.stderr, new RegExp(`^Mirroring from the API at ${apiRoot()}$`, 'm'))
}

/** The mirror's `hortus export` is the source's /api/export, line for line; its plants' documents,
 * histories, links and pictures are the source's. */
async function assertSameAsSource(databaseUrl = mirrorUrl): Promise<void> {
  const source = (await api('GET', '/export')) as string
  const copy = await hortus(['export'], { DATABASE_URL: databaseUrl })
  assert.equal(copy.code, 0, copy.stderr)
  assert.deepEqual(copy.stdout.split('\n').filter(Boolean), source.split('\n').filter(Boolean))
  const store = await openTestStore(databaseUrl)
  try {
    const docs = await store.db.selectFrom('plants').select(['id', 'doc']).orderBy('id').execute()
    const list = await api('GET', '/plants?per_page=100')
    assert.deepEqual(
      docs.map((row) => Number(row.id)),
      list.plants.map((plant: { id: number }) => plant.id),
    )
    for (const row of docs) {
      const id = Number(row.id)
      const served = await api('GET', `/plants/${id}`)
      const local = JSON.parse(row.doc)
      for (const size of ['thumb', 'title'] as const)
        served.images[size] = served.images[size]?.replace(base(), '') ?? null
      assert.deepEqual(local, served, `plant ${id}`)
      const history = await store.db
        .selectFrom('plant_revisions')
        .select(['version', 'author', 'note', 'created_at', 'changes'])
        .where('plant_id', '=', id)
        .orderBy('version', 'desc')
        .execute()
      const revisions = (await api('GET', `/plants/${id}/revisions?per_page=100`)).revisions
      assert.deepEqual(
        history.map(({ version, author, note, created_at, changes }) => [
          version,
          author,
          note,
          created_at,
          JSON.parse(changes),
        ]),
        revisions.map((r: any) => [r.version, r.author, r.note, r.created_at, r.changes]),
        `history of ${id}`,
      )
      const links = await store.db
        .selectFrom('plant_links')
        .select(['id', 'type', 'note', 'author', 'created_at'])
        .where('removed_at', 'is', null)
        .where((eb) => eb.or([eb('plant_low', '=', id), eb('plant_high', '=', id)]))
        .orderBy('id')
        .execute()
      const servedLinks = (await api('GET', `/plants/${id}/links`)).links
      assert.deepEqual(
        links.map((link) => [Number(link.id), link.type, link.note, link.author, link.created_at]),
        servedLinks.map((link: any) => [link.id, link.type, link.note, link.author, link.created_at]),
        `links of ${id}`,
      )
      const images = await store.db
        .selectFrom('plant_images')
        .select(['id', 'author', 'license', 'note', 'width'])
        .where('plant_id', '=', id)
        .where('removed_at', 'is', null)
        .orderBy('id')
        .execute()
      const servedImages = (await api('GET', `/plants/${id}/images`)).images
      assert.deepEqual(
        images.map((image) => [Number(image.id), image.author, image.license, image.note, image.width]),
        servedImages.map((image: any) => [image.id, image.author, image.license, image.note, image.width]),
        `pictures of ${id}`,
      )
    }
    for (const image of await store.db.selectFrom('image_files').selectAll().execute()) {
      const name = image.size === 'original' ? 'original' : `${image.size}.webp`
      const bytes = Buffer.from(
        await (await fetch(`${base()}/images/${image.image_id}/${name}`)).arrayBuffer(),
      )
      assert.ok(Buffer.from(image.data).equals(bytes), `picture ${image.image_id} ${image.size}`)
    }
  } finally {
    await store.close()
  }
}

const plantNamed = async (name: string) =>
  (await api('GET', '/plants?per_page=100')).plants.find((plant: { name: string }) => plant.name === name)

describe('hortus mirror --once', () => {
  it('copies the source from its export: plants, ids, versions, values and their origins, links, pests', async () => {
    const first = await mirror(apiRoot())
    assert.equal(first.code, 0, first.stderr)
    assert.match(first.stderr, new RegExp(`^Mirroring from the API at ${apiRoot()}$`, 'm'))
    assert.match(first.stdout, new RegExp(`^Mirrored the API at ${apiRoot()}: 3 plants from its export`))
    await assertSameAsSource()
    // The site's address finds the same API and names the same source: the copy goes on from it.
    const second = await mirror(base())
    assert.equal(second.code, 0, second.stderr)
    assert.match(second.stderr, new RegExp(`^Mirroring from the API at ${apiRoot()}$`, 'm'))
    assert.match(second.stdout, /0 plants from its export/)
    // And a copy made from the site's address is the same copy.
    const bySite = await createTestDatabaseUrl()
    const made = await mirror(base(), bySite)
    assert.equal(made.code, 0, made.stderr)
    await assertSameAsSource(bySite)
  })

  it('a URL that answers neither as an API root nor as a site: one line naming both requests, exit 1', async () => {
    // Something else on the port: every path is a 404.
    const other: Server = createServer((_, answer) => answer.writeHead(404).end('Not Found'))
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}/foo`
    const copyUrl = await createTestDatabaseUrl()
    try {
      for (const from of [elsewhere, `${base()}/docs`]) {
        const expected = `mirror: ${from} answers neither as an API root (GET ${from}/openapi.json: 404) nor as a site (GET ${from}/api/openapi.json: 404)`
        const once = await mirror(from, copyUrl)
        assert.equal(once.code, 1, once.stdout + once.stderr)
        assert.equal(once.stderr, `${expected}\n`)
        // Following, it is the same mistake, not a failure to wait out.
        const following = await hortus(
          ['mirror', '--from', from, '--key-id', key.key_id, `--key-secret=${key.key_secret}`],
          { DATABASE_URL: copyUrl },
        )
        assert.equal(following.code, 1, following.stdout + following.stderr)
        assert.equal(following.stderr, `${expected}\n`)
      }
    } finally {
      other.close()
    }
    const store = await openTestStore(copyUrl)
    try {
      assert.deepEqual(await store.db.selectFrom('mirror_state').selectAll().execute(), [])
    } finally {
      await store.close()
    }
  })

  it('`hortus mirror --help` shows --from with the API root', async () => {
    const help = await hortus(['mirror', '--help'], { DATABASE_URL: mirrorUrl })
    assert.equal(help.code, 0, help.stderr)
    assert.match(help.stdout, /mirror --from <API root> /)
    assert.match(help.stdout, /--from https:\/\/plants\.example\.org\/api/)
  })

  it('follows creates, updates, remove_data, a revert, links made and removed, and a picture', async () => {
    const pea = await api('POST', '/plants', {
      scientific_name: 'Pisum sativum',
      name: 'Pea',
      note: 'new',
      data: [
        { key: 'Family', value: 'Fabaceae' },
        { key: 'Layer', value: 'Climber' },
      ],
    })
    const sugar = await api('POST', '/plants', {
      scientific_name: 'Pisum sativum',
      name: 'Sugar snap',
      type: 'Variety',
      parent_id: pea.id,
      note: 'a variety',
    })
    await sync()
    await assertSameAsSource()

    const tomato = await plantNamed('Tomato')
    const updated = await api('PUT', `/plants/${tomato.id}`, {
      version: tomato.version,
      note: 'taller here',
      data: [
        { key: 'Height', value: '2' },
        { key: 'Soil pH', value: '6-7' },
      ],
      description: 'A fruit.',
    })
    await sync()
    await assertSameAsSource()

    const removed = await api('PUT', `/plants/${pea.id}`, {
      version: pea.version,
      note: 'no layer',
      remove_data: ['Layer'],
    })
    await sync()
    await assertSameAsSource()

    await api('POST', `/plants/${tomato.id}/revert`, {
      version: updated.version,
      to_version: tomato.version,
      note: 'back',
    })
    await sync()
    await assertSameAsSource()

    const made = await api('POST', `/plants/${pea.id}/links`, {
      plant_id: tomato.id,
      type: 'antagonist-to',
      note: 'shade',
    })
    const basil = await plantNamed('Basil')
    const basilLink = (await api('GET', `/plants/${basil.id}/links`)).links[0]
    await api('DELETE', `/plants/${basil.id}/links/${basilLink.id}`, { note: 'not really' })
    await sync()
    await assertSameAsSource()
    assert.equal(made.plant_id, tomato.id)

    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: 'green' } })
      .png()
      .toBuffer()
    const form = new FormData()
    for (const [name, value] of Object.entries({ license: 'CC0-1.0', note: 'pods', author: 'Ada' }))
      form.append(name, value)
    form.append('file', new Blob([new Uint8Array(photo)]), 'pea.png')
    const upload = await fetch(`${base()}/api/plants/${sugar.id}/images`, {
      method: 'POST',
      headers: { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret },
      body: form,
    })
    assert.equal(upload.status, 201, await upload.text())
    const current = await api('GET', `/plants/${removed.id}`)
    await api('PUT', `/plants/${removed.id}`, {
      version: current.version,
      note: 'renamed',
      name: 'Garden pea',
      regenerate_slug: true,
    })
    await sync()
    await assertSameAsSource()
  })

  it("follows an import into the source: a line's values and links in one revision, a linked plant in one", async () => {
    const link = (scientific_name: string, name: string) => ({
      type: 'companion-to',
      scientific_name,
      name,
      note: 'grown together',
    })
    const file = join(dir, 'more.jsonl')
    // Without sources: what an import names as its source does not reach a mirror after its first sync.
    const lines = [
      dataset[0],
      {
        type: 'Plant',
        scientific_name: 'Solanum lycopersicum',
        name: 'Tomato',
        data: [{ key: 'Spacing', value: '60 cm' }],
        links: [link('Tagetes patula', 'Marigold')],
      },
      {
        type: 'Plant',
        scientific_name: 'Tagetes patula',
        name: 'Marigold',
        links: [link('Ocimum basilicum', 'Basil'), link('Pisum sativum', 'Garden pea')],
      },
    ]
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n')
    const [tomato, basil] = [await plantNamed('Tomato'), await plantNamed('Basil')]
    const imported = await hortus(['import', file], { DATABASE_URL: sourceUrl })
    assert.equal(imported.code, 0, imported.stderr)
    assert.equal((await plantNamed('Tomato')).version, tomato.version + 1, 'its value and link: one version')
    assert.equal((await plantNamed('Basil')).version, basil.version + 1, 'a plant only linked to: one')
    assert.equal((await plantNamed('Marigold')).version, 1, 'created with its links')
    await sync()
    await assertSameAsSource()
  })

  it('stops with a message when the source goes away, and goes on to equality when it is back', async () => {
    const basil = await plantNamed('Basil')
    await api('PUT', `/plants/${basil.id}`, {
      version: basil.version,
      note: 'sweet',
      data: [{ key: 'Taste', value: 'Sweet' }],
    })
    await stopSource()
    const failed = await mirror(apiRoot())
    assert.equal(failed.code, 1)
    assert.match(failed.stderr, new RegExp(`Cannot reach ${apiRoot()}/openapi.json.*run mirror again`))
    await startSource()
    await sync()
    await assertSameAsSource()
  })

  it('following (no --once), it waits out the source going away and catches up when it is back', async () => {
    const follower = start(
      process.execPath,
      [
        '--import',
        TSX,
        CLI,
        'mirror',
        '--from',
        apiRoot(),
        '--key-id',
        key.key_id,
        // A secret may start with `-`: given as --key-secret=<it>, it is never read as an option.
        `--key-secret=${key.key_secret}`,
        '--interval',
        '1',
      ],
      { env: hortusEnv({ DATABASE_URL: mirrorUrl }) },
    )
    try {
      const pea = await plantNamed('Garden pea')
      await api('PUT', `/plants/${pea.id}`, {
        version: pea.version,
        note: 'before',
        data: [{ key: 'Sow', value: 'March' }],
      })
      await stopSource()
      await waitFor('the follower notices', () => /Trying again in/.test(follower.output.stderr), {
        started: follower,
      })
      await startSource()
      await api('POST', '/plants', {
        scientific_name: 'Vicia faba',
        name: 'Broad bean',
        note: 'while it waited',
      })
      await waitFor(
        'the mirror catches up',
        async () => {
          try {
            await assertSameAsSource()
            return true
          } catch {
            return false
          }
        },
        { started: follower, timeoutMs: 120_000 },
      )
    } finally {
      follower.child.kill('SIGTERM')
      await follower.finished
    }
  })

  it('a first sync cut off in the middle of the export stops with a message, and the next one completes it', async () => {
    // A proxy in front of the source that, once, closes the connection halfway through the export.
    let cut = true
    const proxy: Server = createServer((incoming, outgoing) => {
      // Uncompressed, so that half of the first chunk is half of the lines.
      const headers = { ...incoming.headers }
      delete headers['accept-encoding']
      const forwarded = httpRequest(
        `${base()}${incoming.url}`,
        { method: incoming.method, headers },
        (answer) => {
          if (cut && incoming.url!.startsWith('/api/export')) {
            cut = false
            outgoing.writeHead(answer.statusCode!, answer.headers)
            answer.once('data', (chunk: Buffer) => {
              outgoing.write(chunk.subarray(0, Math.floor(chunk.length / 2)))
              // Once the mirror has the answer's head and is reading its lines.
              setTimeout(() => outgoing.socket?.destroy(), 300)
            })
            return
          }
          outgoing.writeHead(answer.statusCode!, answer.headers)
          answer.pipe(outgoing)
        },
      )
      incoming.pipe(forwarded)
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const through = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const copyUrl = await createTestDatabaseUrl()
    const viaProxy = () =>
      hortus(
        ['mirror', '--from', through, '--key-id', key.key_id, `--key-secret=${key.key_secret}`, '--once'],
        {
          DATABASE_URL: copyUrl,
        },
      )
    try {
      const failed = await viaProxy()
      assert.equal(failed.code, 1, failed.stdout + failed.stderr)
      assert.match(failed.stderr, /broke off|Cannot reach/)
      assert.match(failed.stderr, /run mirror again/)
      const resumed = await viaProxy()
      assert.equal(resumed.code, 0, resumed.stderr)
      const source = ((await api('GET', '/export')) as string).split('\n').filter(Boolean)
      const copy = await hortus(['export'], { DATABASE_URL: copyUrl })
      assert.deepEqual(copy.stdout.split('\n').filter(Boolean), source)
    } finally {
      proxy.closeAllConnections()
      proxy.close()
    }
  })

  it('refuses a database that mirrors another source, or holds plants of its own', async () => {
    const other = await hortus(
      ['mirror', '--from', 'http://127.0.0.1:1', '--key-id', 'x', '--key-secret', 'y', '--once'],
      { DATABASE_URL: mirrorUrl },
    )
    assert.equal(other.code, 1)
    assert.match(other.stderr, /This database mirrors http:\/\/127\.0\.0\.1/)
    const notEmpty = await hortus(
      ['mirror', '--from', base(), '--key-id', key.key_id, `--key-secret=${key.key_secret}`, '--once'],
      { DATABASE_URL: sourceUrl },
    )
    assert.equal(notEmpty.code, 1)
    assert.match(notEmpty.stderr, /already holds plants/)
  })
})
