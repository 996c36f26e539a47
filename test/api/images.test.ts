// Pictures of the plants through the API: uploads checked by decoding, metadata stripped, sizes served
// without a key with immutable caching, the plant's `images` as absolute URLs, each change a revision,
// bad uploads refused with nothing stored, and a moderator's removal deleting the bytes.
import assert from 'node:assert/strict'
import { deflateSync } from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import sharp from 'sharp'
import { buildTestApp, BRAND, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'
import { createKeyPair } from '../../src/accounts/api-keys.ts'
import { COMMAND_LINE, setRole } from '../../src/moderation/moderation.service.ts'

let t: TestApp
let moderator: Record<string, string>
before(async () => {
  t = await buildTestApp()
  const key = await createKeyPair(t.store, 'mod@example.org', '', 'Mia the moderator')
  await setRole(t.store, { email: 'mod@example.org' }, 'moderator', COMMAND_LINE)
  moderator = { [`x-${BRAND}-key-id`]: key.key_id, [`x-${BRAND}-key-secret`]: key.key_secret }
})
after(async () => t.close())

/** A real photo-like JPEG, 1200 × 900, carrying EXIF with a GPS position and a copyright line. */
const photo = (colour = { r: 180, g: 40, b: 30 }) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .withExif({
      IFD0: { Copyright: 'Ada Gardener', Artist: 'Ada' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer()

async function upload(
  plantId: number,
  file: Buffer | null,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  filename = 'tomato.jpg',
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) form.append('file', new Blob([new Uint8Array(file)]), filename)
  const response = await fetch(`${t.baseUrl}/api/plants/${plantId}/images`, {
    method: 'POST',
    headers: { [`x-${BRAND}-key-id`]: t.key.key_id, [`x-${BRAND}-key-secret`]: t.key.key_secret, ...headers },
    body: form,
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null }
}

const good = {
  license: 'CC-BY-4.0',
  author: 'Ada Gardener',
  note: 'Ripe fruit in August',
  source_url: 'https://example.org/ada',
}

describe('adding a picture', () => {
  it('stores it without its metadata, serves its sizes without a key, and shows it on the plant', async () => {
    const plant = await createPlant(t, { name: 'Tomato', scientific_name: 'Solanum lycopersicum' })
    const response = await upload(plant.id, await photo(), good)
    assert.equal(response.status, 201, response.text)
    const image = response.body
    assert.equal(image.thumb, `${t.baseUrl}/images/${image.id}/thumb.webp`)
    assert.deepEqual(
      [image.author, image.license, image.source_url, image.note, image.width, image.height, image.shown],
      ['Ada Gardener', 'CC-BY-4.0', 'https://example.org/ada', 'Ripe fruit in August', 1200, 900, true],
    )

    const read = await t.request('GET', `/api/plants/${plant.id}`)
    assert.deepEqual(read.body.images, { thumb: image.thumb, title: image.title })
    assert.equal(read.body.version, 2)
    const revisions = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    assert.equal(revisions.body.revisions[0].note, 'Ripe fruit in August')
    assert.deepEqual(revisions.body.revisions[0].changes, [
      { field: 'images.added', from: null, to: image.id },
      { field: 'images.shown', from: null, to: image.id },
    ])

    for (const [url, longest, type] of [
      [image.thumb, 200, 'image/webp'],
      [image.title, 800, 'image/webp'],
      [image.original, 1200, 'image/jpeg'],
    ] as const) {
      const served = await fetch(url)
      assert.equal(served.status, 200, url)
      assert.equal(served.headers.get('content-type'), type)
      assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable')
      const bytes = Buffer.from(await served.arrayBuffer())
      const metadata = await sharp(bytes).metadata()
      assert.equal(Math.max(metadata.width, metadata.height), longest, url)
      assert.equal(metadata.exif, undefined, `${url} carries no EXIF`)
      const again = await fetch(url, { headers: { 'if-none-match': served.headers.get('etag')! } })
      assert.equal(again.status, 304)
    }
  })

  it('builds the URLs from HORTUS_PUBLIC_URL when it is set', async () => {
    const other = await buildTestApp({ config: { publicUrl: 'https://plants.example.org' } })
    try {
      const plant = await createPlant(other, {})
      const form = new FormData()
      for (const [name, value] of Object.entries(good)) form.append(name, value)
      form.append('file', new Blob([new Uint8Array(await photo())]), 'a.jpg')
      const response = await fetch(`${other.baseUrl}/api/plants/${plant.id}/images`, {
        method: 'POST',
        headers: { [`x-${BRAND}-key-id`]: other.key.key_id, [`x-${BRAND}-key-secret`]: other.key.key_secret },
        body: form,
      })
      assert.equal(response.status, 201)
      const read = await other.request('GET', `/api/plants/${plant.id}`)
      assert.match(read.body.images.thumb, /^https:\/\/plants\.example\.org\/images\/\d+\/thumb\.webp$/)
      const search = await other.request('GET', `/api/search?q=${encodeURIComponent(plant.name)}`)
      assert.equal(search.body.plants[0].images.thumb, read.body.images.thumb)
    } finally {
      await other.close()
    }
  })

  it('keeps the first picture shown until a member picks another; CC0 needs no author', async () => {
    const plant = await createPlant(t, {})
    const first = (await upload(plant.id, await photo(), good)).body
    const second = await upload(plant.id, await photo({ r: 20, g: 160, b: 40 }), {
      license: 'CC0-1.0',
      note: 'Leaves',
    })
    assert.equal(second.status, 201, second.text)
    assert.equal(second.body.shown, false)
    assert.equal((await t.request('GET', `/api/plants/${plant.id}`)).body.images.thumb, first.thumb)

    const listed = await t.request('GET', `/api/plants/${plant.id}/images`)
    assert.deepEqual(
      listed.body.images.map((image: { id: number; shown: boolean; author: string }) => [
        image.id,
        image.shown,
        image.author,
      ]),
      [
        [first.id, true, 'Ada Gardener'],
        [second.body.id, false, ''],
      ],
    )
    const chosen = await t.request('POST', `/api/plants/${plant.id}/images/${second.body.id}/shown`, {
      note: 'The leaves tell it apart',
    })
    assert.equal(chosen.status, 200, chosen.text)
    const read = await t.request('GET', `/api/plants/${plant.id}`)
    assert.equal(read.body.images.thumb, second.body.thumb)
    assert.equal(read.body.version, 4)
    const again = await t.request('POST', `/api/plants/${plant.id}/images/${second.body.id}/shown`, {
      note: 'x',
    })
    assertError(again, 422, 'validation failed', ['already'])
  })
})

describe('bad uploads', () => {
  /** A PNG whose header says 50,000 × 50,000 pixels, in a few dozen bytes: a decompression bomb. */
  function bomb(): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
      const length = Buffer.alloc(4)
      length.writeUInt32BE(data.length)
      const crc = Buffer.alloc(4)
      crc.writeUInt32BE(crc32(body))
      return Buffer.concat([length, body, crc])
    }
    const header = Buffer.alloc(13)
    header.writeUInt32BE(50_000, 0)
    header.writeUInt32BE(50_000, 4)
    header.set([8, 0, 0, 0, 0], 8)
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(50_001))),
      chunk('IEND', Buffer.alloc(0)),
    ])
  }

  it('keeps a WebP that can hold no metadata as sent, and re-encodes one that carries EXIF', async () => {
    const plant = await createPlant(t, {})
    const picture = sharp({ create: { width: 600, height: 400, channels: 3, background: 'green' } })
    const bare = await picture.clone().webp({ quality: 80 }).toBuffer()
    const withExif = await picture
      .clone()
      .withExif({ IFD0: { Artist: 'Ada' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .webp({ quality: 80 })
      .toBuffer()
    assert.ok((await sharp(withExif).metadata()).exif, 'the test picture carries EXIF')
    for (const [file, keptAsSent] of [
      [bare, true],
      [withExif, false],
    ] as const) {
      const response = await upload(plant.id, file, good, {}, 'leaf.webp')
      assert.equal(response.status, 201, response.text)
      const original = Buffer.from(await (await fetch(response.body.original)).arrayBuffer())
      assert.equal(original.equals(file), keptAsSent)
      assert.equal((await sharp(original).metadata()).exif, undefined, 'no EXIF served')
      const thumb = await sharp(
        Buffer.from(await (await fetch(response.body.thumb)).arrayBuffer()),
      ).metadata()
      assert.deepEqual([thumb.width, thumb.height], [200, 133])
    }
  })

  it('refuses them with a clear 4xx and stores nothing', async () => {
    const plant = await createPlant(t, {})
    const cases: [string, () => Promise<Awaited<ReturnType<typeof upload>>>, number, string[]][] = [
      [
        'a text file called .jpg',
        async () => upload(plant.id, Buffer.from('not a picture at all'), good),
        415,
        ['JPEG'],
      ],
      ['a 6 MB file', async () => upload(plant.id, Buffer.alloc(6 * 1024 * 1024, 1), good), 413, ['5 MB']],
      ['a 50 MB body', async () => upload(plant.id, Buffer.alloc(50 * 1024 * 1024, 1), good), 413, ['5 MB']],
      ['a decompression bomb', async () => upload(plant.id, bomb(), good), 415, ['50000', 'megapixels']],
      [
        'a GIF',
        async () =>
          upload(
            plant.id,
            await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
              .gif()
              .toBuffer(),
            good,
          ),
        415,
        ['gif'],
      ],
      [
        'a licence outside the three',
        async () => upload(plant.id, await photo(), { ...good, license: 'CC-BY-NC-4.0' }),
        422,
        ['license'],
      ],
      [
        'no author for CC BY',
        async () => upload(plant.id, await photo(), { ...good, author: '' }),
        422,
        ['author'],
      ],
      ['no note', async () => upload(plant.id, await photo(), { ...good, note: '' }), 422, ['note']],
      ['no file', async () => upload(plant.id, null, good), 422, ['file']],
      [
        'a bad source',
        async () => upload(plant.id, await photo(), { ...good, source_url: 'javascript:alert(1)' }),
        422,
        ['source_url'],
      ],
      ['an unknown plant', async () => upload(99_999_999, await photo(), good), 404, ['99999999']],
    ]
    for (const [what, send, status, words] of cases) {
      const response = await send()
      assert.equal(response.status, status, `${what}: ${response.text}`)
      assert.equal(typeof response.body.msg, 'string', what)
      for (const word of words) assert.ok(response.body.msg.includes(word), `${what}: ${response.body.msg}`)
    }
    const json = await t.request('POST', `/api/plants/${plant.id}/images`, { license: 'CC0-1.0' })
    assertError(json, 415, 'unsupported media type', ['multipart/form-data'])
    const anonymous = await fetch(`${t.baseUrl}/api/plants/${plant.id}/images`, {
      method: 'POST',
      body: new FormData(),
    })
    assert.equal(anonymous.status, 401)

    assert.deepEqual((await t.request('GET', `/api/plants/${plant.id}/images`)).body.images, [])
    assert.equal((await t.request('GET', `/api/plants/${plant.id}`)).body.version, 1)
    const files = await t.store.db.selectFrom('image_files').select('image_id').execute()
    const images = await t.store.db.selectFrom('plant_images').select('id').execute()
    assert.equal(files.length, images.length * 3, 'no file without its record')
  })
})

describe('removing a picture', () => {
  it('is for moderators: the bytes are deleted at once and the plant shows its next picture', async () => {
    const plant = await createPlant(t, {})
    const first = (await upload(plant.id, await photo(), good)).body
    const second = (await upload(plant.id, await photo({ r: 1, g: 2, b: 200 }), good)).body
    const byMember = await t.request('DELETE', `/api/plants/${plant.id}/images/${first.id}`, {
      note: 'wrong plant',
    })
    assertError(byMember, 403, 'forbidden', ['moderator'])

    const removed = await t.request(
      'DELETE',
      `/api/plants/${plant.id}/images/${first.id}`,
      { note: 'The licence was wrong' },
      moderator,
    )
    assert.equal(removed.status, 200, removed.text)
    assert.equal(removed.body.removed_by, 'Mia the moderator')
    assert.equal((await fetch(first.thumb)).status, 404)
    assert.equal((await fetch(first.original)).status, 404)
    const read = await t.request('GET', `/api/plants/${plant.id}`)
    assert.equal(read.body.images.thumb, second.thumb)
    const listed = await t.request('GET', `/api/plants/${plant.id}/images`)
    assert.deepEqual(
      listed.body.images.map((image: { id: number }) => image.id),
      [second.id],
    )
    const bytes = await t.store.db
      .selectFrom('image_files')
      .select('image_id')
      .where('image_id', '=', first.id)
      .execute()
    assert.deepEqual(bytes, [])
    const last = await t.request('GET', `/api/plants/${plant.id}/revisions`)
    assert.deepEqual(last.body.revisions[0].changes, [
      { field: 'images.removed', from: first.id, to: null },
      { field: 'images.shown', from: first.id, to: second.id },
    ])
    const changes = await t.request('GET', '/api/changes?limit=1000')
    assert.equal(changes.status, 200, changes.text)
    const feed = changes.body.changes.filter((change: { plant_id: number }) => change.plant_id === plant.id)
    assert.equal(feed.at(-1).version, 4, 'the removal is in the change feed')

    await t.request(
      'DELETE',
      `/api/plants/${plant.id}/images/${second.id}`,
      { note: 'also wrong' },
      moderator,
    )
    assert.deepEqual((await t.request('GET', `/api/plants/${plant.id}`)).body.images, {
      thumb: null,
      title: null,
    })
    const again = await t.request(
      'DELETE',
      `/api/plants/${plant.id}/images/${second.id}`,
      { note: 'x' },
      moderator,
    )
    assert.equal(again.status, 404)
  })

  it('keeps the picture across an edit of the plant', async () => {
    const plant = await createPlant(t, {})
    const image = (await upload(plant.id, await photo(), good)).body
    const edited = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 2,
      note: 'better',
      description: 'x',
    })
    assert.equal(edited.status, 200, edited.text)
    assert.equal(edited.body.images.thumb, image.thumb)
  })
})

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}
