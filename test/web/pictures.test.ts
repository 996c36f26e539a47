// Pictures on the website over real HTTP, as a member whose browser posts the forms it was shown: a picture
// added through the form (multipart, with the form's token) and shown on the plant page with its credit, a
// forged post refused with the "form expired" page, a wrong file or a missing author refused with the form
// and what was typed, another picture shown instead, a moderator's removal with a reason, and a member who
// cannot remove one. Checked: what the person sees, and the pictures the API lists afterwards.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import sharp from 'sharp'
import { SESSION_COOKIE } from '../../src/accounts/sessions.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { Visitor, textOf, type Visit } from '../helpers/visitor.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())

let people = 0
async function member(app: TestApp = t, role: 'member' | 'moderator' = 'member') {
  people += 1
  const details = {
    email: `grower${people}.${process.pid}@example.org`,
    name: `Grower ${people} ${process.pid}`,
    password: 'compost-and-mulch',
  }
  const visitor = new Visitor(app.baseUrl)
  await visitor.get('/signup')
  await visitor.post('/signup', details)
  if (role === 'moderator')
    await app.store.db.updateTable('accounts').set({ role }).where('email', '=', details.email).execute()
  await visitor.get('/login')
  assert.equal((await visitor.post('/login', details)).status, 303)
  return { visitor, name: details.name }
}

/** A photo-like JPEG of one colour. */
const photo = (r = 180, g = 40, b = 30) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer()

/** Posts the picture form as a browser does: multipart, the token first, the visitor's cookies. */
async function postPicture(
  visitor: Visitor,
  path: string,
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type?: string } | null,
  { token = visitor.csrf, app = t }: { token?: string | null; app?: TestApp } = {},
): Promise<Visit> {
  const form = new FormData()
  if (token !== null) form.append('_csrf', token)
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    )
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const cookies = ['_csrf', SESSION_COOKIE].flatMap((name) => {
    const value = visitor.cookie(name)
    return value === undefined ? [] : [`${name}=${value}`]
  })
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    body: form,
    headers: { cookie: cookies.join('; ') },
    redirect: 'manual',
  })
  return {
    status: response.status,
    headers: response.headers,
    html: await response.text(),
    location: response.headers.get('location'),
    cookies: response.headers.getSetCookie(),
  }
}

const picturesOf = async (plantId: number) =>
  (await t.request('GET', `/api/plants/${plantId}/images`)).body.images as {
    id: number
    shown: boolean
    author: string
  }[]

const good = {
  license: 'CC-BY-4.0',
  author: 'Ada Gardener',
  source_url: 'https://www.example.org/ada/tomatoes',
  note: 'Ripe fruit in August',
}

/** The value of the input `name` on a page, or of the radio button checked. */
function valueOf(html: string, name: string): string | undefined {
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    if (!tag.includes(` name="${name}"`)) continue
    if (tag.includes('type="radio"') && !/\schecked/.test(tag)) continue
    return /\svalue="([^"]*)"/.exec(tag)?.[1]
  }
  return undefined
}

/** A member adds a picture through the form, which must take it. */
const addThroughForm = (visitor: Visitor, plant: { link: string }, fields = good, colour = photo()) =>
  addThroughFormOn(t, visitor, plant, fields, colour)

async function addThroughFormOn(
  app: TestApp,
  visitor: Visitor,
  plant: { link: string },
  fields = good,
  colour = photo(),
) {
  await visitor.get(`${plant.link}/pictures/new`)
  const added = await postPicture(
    visitor,
    `${plant.link}/pictures/new`,
    fields,
    { bytes: await colour, name: 'tomato.jpg' },
    { app },
  )
  assert.equal(added.status, 303, textOf(added.html).slice(0, 500))
  assert.equal(added.location, plant.link)
}

describe('a visitor who is not logged in', () => {
  it('sees no picture where a plant has none, and is sent to log in to add one', async () => {
    const plant = await createPlant(t)
    const visitor = new Visitor(t.baseUrl)
    const page = await visitor.get(plant.link)
    assert.equal(page.status, 200)
    assert.ok(!page.html.includes('<img'), 'no image, so none broken')
    assert.match(textOf(page.html), /Log in to edit this plant, add a variety, a companion or a picture/)
    const form = await visitor.get(`${plant.link}/pictures/new`)
    assert.equal(form.status, 303)
    assert.equal(form.location, `/login?next=${encodeURIComponent(`${plant.link}/pictures/new`)}`)
    const pictures = await visitor.get(`${plant.link}/pictures`)
    assert.match(textOf(pictures.html), /Log in to add a picture\. No pictures of .* yet\./)
  })
})

describe('adding a picture through the form', () => {
  it('offers the licences in plain words and the member’s name as the author', async () => {
    const plant = await createPlant(t)
    const { visitor, name } = await member()
    const page = await visitor.get(`${plant.link}/pictures/new`)
    assert.equal(page.status, 200)
    assert.equal(page.headers.get('cache-control'), 'no-store')
    const text = textOf(page.html)
    for (const words of [
      'CC0 — anyone may use it, no credit needed',
      'CC BY 4.0 — credit me',
      'CC BY-SA 4.0 — credit me, and share alike',
    ])
      assert.ok(text.includes(words), words)
    assert.match(page.html, /enctype="multipart\/form-data"/)
    assert.match(page.html, /accept="image\/jpeg,image\/png,image\/webp"/)
    assert.equal(valueOf(page.html, 'author'), name)
    assert.equal(valueOf(page.html, 'license'), undefined, 'no licence chosen for the member')
  })

  it('adds it, and the plant page shows it with its credit; the history says so in words', async () => {
    const plant = await createPlant(t)
    const { visitor, name } = await member()
    await addThroughForm(visitor, plant)
    const [picture] = await picturesOf(plant.id)
    assert.ok(picture?.shown)

    const page = await visitor.get(plant.link)
    assert.match(page.html, new RegExp(`<img src="/images/${picture.id}/title\\.webp" alt="Photo of [^"]+"`))
    assert.match(textOf(page.html), /Photo: Ada Gardener, CC BY 4\.0 ?, example\.org/)
    assert.match(
      page.html,
      /<a rel="license" href="https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/">CC BY 4\.0<\/a>/,
    )
    assert.match(page.html, /<a href="https:\/\/www\.example\.org\/ada\/tomatoes">example\.org<\/a>/)
    const title = await fetch(`${t.baseUrl}/images/${picture.id}/title.webp`)
    assert.equal(title.status, 200)
    assert.equal(title.headers.get('content-type'), 'image/webp')

    const history = textOf((await visitor.get(`${plant.link}/history`)).html)
    assert.match(
      history,
      new RegExp(`Ripe fruit in August Added picture ${picture.id} Now shows picture ${picture.id}`),
    )
    assert.match(history, new RegExp(`by ${name}`))
    const changes = textOf((await visitor.get(`/changes?plant=${plant.slug}`)).html)
    assert.match(changes, new RegExp(`Added picture ${picture.id}`))
    const diff = textOf((await visitor.get(`${plant.link}/diff?from=1&to=2`)).html)
    assert.match(diff, new RegExp(`Picture ${picture.id} added \\(none\\) picture ${picture.id}`))
    assert.match(diff, new RegExp(`Picture on the plant page added \\(none\\) picture ${picture.id}`))
  })

  it('refuses a forged post with the form-expired page, and stores nothing', async () => {
    const plant = await createPlant(t)
    const { visitor } = await member()
    await visitor.get(`${plant.link}/pictures/new`)
    const file = { bytes: await photo(), name: 'tomato.jpg' }
    for (const token of [null, 'not-the-token']) {
      const forged = await postPicture(visitor, `${plant.link}/pictures/new`, good, file, { token })
      assert.equal(forged.status, 403, String(token))
      assert.equal(forged.headers.get('content-type'), 'text/html; charset=utf-8')
      assert.match(textOf(forged.html), /That form has expired/)
    }
    // Another site's page posting with the member's session but without the token's cookie.
    const elsewhere = new Visitor(t.baseUrl)
    elsewhere.setCookie(SESSION_COOKIE, visitor.cookie(SESSION_COOKIE)!)
    const cross = await postPicture(elsewhere, `${plant.link}/pictures/new`, good, file, {
      token: visitor.csrf,
    })
    assert.equal(cross.status, 403)
    assert.deepEqual(await picturesOf(plant.id), [])
    assert.equal((await t.request('GET', `/api/plants/${plant.id}`)).body.version, 1)
  })

  it('refuses a file that is not a picture, or too large, with the form and what was typed', async () => {
    const plant = await createPlant(t)
    const { visitor } = await member()
    await visitor.get(`${plant.link}/pictures/new`)
    const typed = { ...good, license: 'CC-BY-SA-4.0', author: 'Ben Allotment', note: 'Leaves in June' }
    const text = { bytes: Buffer.from('these are my planting notes, not a photo'), name: 'notes.jpg' }
    const wrong = await postPicture(visitor, `${plant.link}/pictures/new`, typed, text)
    assert.equal(wrong.status, 415)
    assert.match(
      textOf(wrong.html),
      /The file is not a picture Hortus can read: send a JPEG, PNG or WebP image/,
    )
    assert.match(textOf(wrong.html), /Choose it again/)
    for (const [field, value] of Object.entries(typed)) assert.equal(valueOf(wrong.html, field), value, field)

    const huge = { bytes: Buffer.alloc(6 * 1024 * 1024, 0xff), name: 'huge.jpg' }
    const large = await postPicture(visitor, `${plant.link}/pictures/new`, typed, huge)
    assert.equal(large.status, 413)
    assert.match(textOf(large.html), /The file is larger than 5 MB/)
    for (const [field, value] of Object.entries(typed)) assert.equal(valueOf(large.html, field), value, field)
    assert.deepEqual(await picturesOf(plant.id), [])
  })

  it('asks for the author unless the licence is CC0, and refuses a licence outside the three', async () => {
    const plant = await createPlant(t)
    const { visitor } = await member()
    await visitor.get(`${plant.link}/pictures/new`)
    const file = { bytes: await photo(), name: 'tomato.png' }
    const noAuthor = await postPicture(visitor, `${plant.link}/pictures/new`, { ...good, author: ' ' }, file)
    assert.equal(noAuthor.status, 422)
    assert.match(textOf(noAuthor.html), /Say who took the photo: this licence asks for them to be credited/)
    assert.equal(valueOf(noAuthor.html, 'note'), good.note)
    const otherLicence = await postPicture(
      visitor,
      `${plant.link}/pictures/new`,
      { ...good, license: 'CC-BY-NC-4.0' },
      file,
    )
    assert.equal(otherLicence.status, 422)
    assert.match(textOf(otherLicence.html), /Choose who may use the picture: one of the three licences/)
    const noFile = await postPicture(visitor, `${plant.link}/pictures/new`, good, {
      bytes: Buffer.alloc(0),
      name: '',
    })
    assert.equal(noFile.status, 422)
    assert.match(textOf(noFile.html), /Choose the picture to add/)
    assert.deepEqual(await picturesOf(plant.id), [])

    // CC0 needs no name: the credit is the licence alone.
    await addThroughForm(visitor, plant, { license: 'CC0-1.0', author: '', source_url: '', note: 'Flowers' })
    assert.match(textOf((await visitor.get(plant.link)).html), /Photo: CC0 1\.0/)
  })

  it('takes multipart bodies on this route only', async () => {
    const plant = await createPlant(t)
    const { visitor } = await member()
    await visitor.get(`${plant.link}/edit`)
    const edit = await postPicture(visitor, `${plant.link}/edit`, { name: 'Multipart', note: 'n' }, null)
    assert.equal(edit.status, 415)
    assert.equal((await t.request('GET', `/api/plants/${plant.id}`)).body.version, 1)
  })

  it('counts against a new account’s writes of the day', async () => {
    const limited = await buildTestApp({ config: { newAccountWritesPerDay: 1 } })
    try {
      const plant = await createPlant(limited)
      const { visitor } = await member(limited)
      await visitor.get(`${plant.link}/pictures/new`)
      const send = () =>
        postPicture(
          visitor,
          `${plant.link}/pictures/new`,
          good,
          { bytes: Buffer.from('not even a picture'), name: 'a.jpg' },
          { app: limited },
        )
      // A refused file is no write; the limit is checked before the upload is read.
      assert.equal((await send()).status, 415)
      await addThroughFormOn(limited, visitor, plant)
      const refused = await send()
      assert.equal(refused.status, 429)
      assert.match(textOf(refused.html), /A new account makes at most 1 changes on its first day/)
      const listed = await limited.request('GET', `/api/plants/${plant.id}/images`)
      assert.equal(listed.body.images.length, 1)
    } finally {
      await limited.close()
    }
  })
})

describe('the pictures of a plant', () => {
  it('shows another picture on the plant page when a member asks, with a note', async () => {
    const plant = await createPlant(t)
    const { visitor } = await member()
    await addThroughForm(visitor, plant)
    await addThroughForm(
      visitor,
      plant,
      { license: 'CC0-1.0', author: '', source_url: '', note: 'Flowers' },
      photo(30, 160, 40),
    )
    const [first, second] = await picturesOf(plant.id)
    assert.ok(first!.shown && !second!.shown)

    // The second is a thumbnail with its credit, linking to its title size.
    const page = await visitor.get(plant.link)
    assert.match(
      page.html,
      new RegExp(
        `<a href="/images/${second!.id}/title\\.webp"><img src="/images/${second!.id}/thumb\\.webp"`,
      ),
    )
    assert.match(textOf(page.html), /Photo: CC0 1\.0/)

    const pictures = await visitor.get(`${plant.link}/pictures`)
    assert.equal(pictures.headers.get('cache-control'), 'no-store')
    const show = `${plant.link}/pictures/${second!.id}/show`
    assert.ok(pictures.html.includes(`action="${show}"`))
    assert.ok(
      !pictures.html.includes(`action="${plant.link}/pictures/${first!.id}/show"`),
      'not the one shown',
    )
    assert.ok(!pictures.html.includes('/remove"'), 'a member has no Remove')

    const noNote = await visitor.post(show, { note: ' ' })
    assert.equal(noNote.status, 422)
    assert.match(textOf(noNote.html), /Say why this picture should be the one shown/)
    const shown = await visitor.post(show, { note: 'Shows the flowers' })
    assert.equal(shown.status, 303)
    assert.equal(shown.location, plant.link)
    assert.match(
      (await visitor.get(plant.link)).html,
      new RegExp(`<img src="/images/${second!.id}/title\\.webp"`),
    )
    const history = textOf((await visitor.get(`${plant.link}/history`)).html)
    assert.match(history, new RegExp(`Shows the flowers Now shows picture ${second!.id}`))
  })

  it('is removed by a moderator with a reason, and not by a member', async () => {
    const plant = await createPlant(t)
    const { visitor: grower } = await member()
    await addThroughForm(grower, plant)
    const [picture] = await picturesOf(plant.id)
    const remove = `${plant.link}/pictures/${picture!.id}/remove`

    await grower.get(`${plant.link}/pictures`)
    const refused = await grower.post(remove, { reason: 'I do not like it' })
    assert.equal(refused.status, 403)
    assert.match(textOf(refused.html), /Only a moderator removes an image/)
    assert.equal((await picturesOf(plant.id)).length, 1)

    const { visitor: moderator } = await member(t, 'moderator')
    const page = await moderator.get(`${plant.link}/pictures`)
    assert.ok(page.html.includes(`action="${remove}"`))
    const noReason = await moderator.post(remove, { reason: '' })
    assert.equal(noReason.status, 422)
    assert.match(textOf(noReason.html), /Say why the picture is removed/)
    const removed = await moderator.post(remove, { reason: 'Not a tomato: a pepper' })
    assert.equal(removed.status, 303)
    assert.equal(removed.location, `${plant.link}/pictures?removed=${picture!.id}`)
    assert.match(
      textOf((await moderator.get(removed.location)).html),
      /Picture \d+ is removed: its files are deleted/,
    )

    assert.deepEqual(await picturesOf(plant.id), [])
    assert.equal((await fetch(`${t.baseUrl}/images/${picture!.id}/title.webp`)).status, 404)
    const plantPage = await grower.get(plant.link)
    assert.ok(!plantPage.html.includes('<img'), 'no picture, and none broken')
    const history = textOf((await grower.get(`${plant.link}/history`)).html)
    assert.match(
      history,
      new RegExp(`Not a tomato: a pepper Removed picture ${picture!.id} Shows no picture now`),
    )
  })

  it('makes an edit begun before a picture was added a conflict that names the picture', async () => {
    const plant = await createPlant(t)
    const { visitor } = await member()
    const form = await visitor.get(`${plant.link}/edit`)
    const fields: Record<string, string> = {}
    for (const [tag] of form.html.matchAll(/<input\b[^>]*>/g)) {
      const name = / name="([^"]+)"/.exec(tag)?.[1]
      if (!name || (/type="(radio|checkbox)"/.test(tag) && !/\schecked/.test(tag))) continue
      fields[name] = / value="([^"]*)"/.exec(tag)?.[1] ?? ''
    }
    await addThroughForm(visitor, plant)
    const [picture] = await picturesOf(plant.id)
    const conflict = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      name: 'Love apple',
      note: 'renamed',
    })
    assert.equal(conflict.status, 409, textOf(conflict.html).slice(0, 800))
    assert.match(
      textOf(conflict.html),
      new RegExp(`added picture ${picture!.id}; now shows picture ${picture!.id}`),
    )
  })

  it('answers an unknown picture with the not-found page', async () => {
    const plant = await createPlant(t)
    const { visitor } = await member()
    await visitor.get(`${plant.link}/pictures`)
    const missing = await visitor.post(`${plant.link}/pictures/999999/show`, { note: 'this one' })
    assert.equal(missing.status, 404)
    assert.match(textOf(missing.html), /Page not found/)
  })
})
