// Editing on the website over real HTTP, as a logged-in member whose browser posts the forms it was shown:
// a plant's fields and attributes (change, remove, add), the conflict page when someone saved first and its
// form that saves on top, a new plant and a new variety, companions added and removed with a note. What is
// checked is what the member sees and the plant the API serves afterwards.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link, unique } from '../helpers/factories.ts'
import { Visitor, textOf, type Visit } from '../helpers/visitor.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())

let people = 0
async function member(): Promise<{ visitor: Visitor; name: string }> {
  people += 1
  const details = {
    email: `gardener${people}.${process.pid}@example.org`,
    name: `Gardener ${people} ${process.pid}`,
    password: 'compost-and-mulch',
  }
  const visitor = new Visitor(t.baseUrl)
  await visitor.get('/signup')
  await visitor.post('/signup', details)
  await visitor.get('/login')
  assert.equal((await visitor.post('/login', details)).status, 303)
  return { visitor, name: details.name }
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The fields a browser would post from the form of `html` that posts to `action`, as shown. */
function formFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`)
  assert.ok(start >= 0, `a form posting to ${action}`)
  const form = html.slice(start, html.indexOf('</form>', start))
  const fields: Record<string, string> = {}
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const attribute = (name: string) => new RegExp(`\\s${name}(?:="([^"]*)")?`).exec(tag)
    const name = attribute('name')?.[1]
    const type = attribute('type')?.[1] ?? 'text'
    if (!name || ((type === 'checkbox' || type === 'radio') && !attribute('checked'))) continue
    fields[name] = decode(attribute('value')?.[1] ?? '')
  }
  for (const [, name, text] of form.matchAll(/<textarea\b[^>]*\sname="([^"]+)"[^>]*>([^<]*)<\/textarea>/g))
    fields[name!] = decode(text!)
  return fields
}

/** The index of the attribute row for `key` on an edit form. */
function rowOf(fields: Record<string, string>, key: string): number {
  const name = Object.keys(fields).find((field) => /^key_\d+$/.test(field) && fields[field] === key)
  assert.ok(name, `an attribute row for ${key}`)
  return Number(name.slice('key_'.length))
}

const plantNow = async (id: number) => (await t.request('GET', `/api/plants/${id}`)).body
const valueOf = (plant: { data: { key: string; value: string }[] }, key: string) =>
  plant.data.find((attribute) => attribute.key === key)?.value

async function editForm(visitor: Visitor, plant: { link: string }) {
  const page = await visitor.get(`${plant.link}/edit`)
  assert.equal(page.status, 200, textOf(page.html))
  return formFields(page.html, `${plant.link}/edit`)
}

const assertSaved = (visit: Visit, link: string) => {
  assert.equal(visit.status, 303, textOf(visit.html).slice(0, 600))
  assert.equal(visit.location, link)
}

const tomatoData = [
  { key: 'Light requirement', value: 'Full sun' },
  { key: 'Water requirement', value: 'Moist' },
  { key: 'Height', value: '1.5' },
]

describe('a visitor who is not logged in', () => {
  it('is sent to the login page from every form, and the plant page says to log in to edit', async () => {
    const plant = await createPlant(t)
    const visitor = new Visitor(t.baseUrl)
    for (const path of [
      `${plant.link}/edit`,
      '/plants/new',
      `/plants/new?parent=${plant.slug}`,
      `${plant.link}/links`,
    ]) {
      const page = await visitor.get(path)
      assert.equal(page.status, 303, path)
      // Sent to log in, and back to this form afterwards.
      assert.equal(page.location, `/login?next=${encodeURIComponent(path)}`, path)
    }
    const page = await visitor.get(plant.link)
    assert.match(textOf(page.html), /Log in to edit this plant/)
    assert.ok(!page.html.includes('Edit this plant'), 'no edit button')
    assert.ok(!page.html.includes(`${plant.link}/edit`), 'no link to the edit form')
  })

  it('cannot post a form either', async () => {
    const plant = await createPlant(t)
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/login')
    const refused = await visitor.post(`${plant.link}/edit`, { version: '1', name: 'Vandalised', note: 'x' })
    assert.equal(refused.status, 303)
    assert.equal(refused.location, '/login')
    assert.equal((await plantNow(plant.id)).version, 1)
  })
})

describe('editing a plant from its page', () => {
  it('changes a field and an attribute, with the note and the member as author', async () => {
    const { visitor, name } = await member()
    const plant = await createPlant(t, { name: unique('Tomato'), data: tomatoData })
    const page = await visitor.get(plant.link)
    assert.ok(page.html.includes(`href="${plant.link}/edit"`), 'the plant page links to the edit form')

    const fields = await editForm(visitor, plant)
    assert.equal(fields.version, '1')
    assert.equal(fields.name, plant.name)
    const light = rowOf(fields, 'Light requirement')
    assert.equal(fields[`value_${light}`], 'Full sun')
    const saved = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      description: 'Grows best against a warm wall.',
      [`value_${light}`]: 'Full sun, Partial sun/shade',
      note: 'Seen doing well in half shade (my allotment, 2025)',
    })
    assertSaved(saved, plant.link)

    const now = await plantNow(plant.id)
    assert.equal(now.version, 2)
    assert.equal(now.description, 'Grows best against a warm wall.')
    assert.equal(valueOf(now, 'Light requirement'), 'Full sun, Partial sun/shade')
    assert.equal(valueOf(now, 'Height'), '1.5', 'the other attributes are kept')
    const { revisions } = (await t.request('GET', `/api/plants/${plant.id}/revisions`)).body
    assert.equal(revisions[0].note, 'Seen doing well in half shade (my allotment, 2025)')
    assert.equal(revisions[0].author, name)
    assert.deepEqual(revisions[0].changes.map((change: { field: string }) => change.field).sort(), [
      'data.Light requirement',
      'description',
    ])
    assert.match(textOf((await visitor.get(plant.link)).html), /Seen doing well in half shade/)
  })

  it('removes an attribute and adds a new key', async () => {
    const { visitor } = await member()
    const plant = await createPlant(t, { data: tomatoData })
    const fields = await editForm(visitor, plant)
    assert.match(JSON.stringify(fields), /"new_key_0":""/, 'empty rows for new attributes')
    const saved = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      [`remove_${rowOf(fields, 'Height')}`]: 'yes',
      new_key_0: 'Soil type',
      new_value_0: 'Loam',
      note: 'Height varies too much by variety; soil from the RHS guide',
    })
    assertSaved(saved, plant.link)
    const now = await plantNow(plant.id)
    assert.equal(valueOf(now, 'Height'), undefined)
    assert.equal(valueOf(now, 'Soil type'), 'Loam')
    assert.equal(valueOf(now, 'Light requirement'), 'Full sun')
  })

  it('offers the attribute keys in use for a new attribute', async () => {
    const { visitor } = await member()
    await createPlant(t, { data: [{ key: 'Bloom period', value: 'Summer' }] })
    const plant = await createPlant(t)
    const page = await visitor.get(`${plant.link}/edit`)
    assert.match(page.html, /<datalist id="attribute-keys">[^]*<option value="Bloom period">/)
    assert.match(page.html, /<label for="note">What did you change, and where is it from\?<\/label>/)
  })

  it('refuses a save without a note, or with nothing changed, keeping what was typed', async () => {
    const { visitor } = await member()
    const plant = await createPlant(t, { data: tomatoData })
    const fields = await editForm(visitor, plant)
    const noNote = await visitor.post(`${plant.link}/edit`, { ...fields, name: 'Love apple', note: '  ' })
    assert.equal(noNote.status, 422)
    assert.match(textOf(noNote.html), /Say what you changed and where it is from/)
    assert.match(noNote.html, /<input id="name" name="name" value="Love apple"/, 'the typed name is kept')

    const unchanged = await visitor.post(`${plant.link}/edit`, { ...fields, note: 'just looking' })
    assert.equal(unchanged.status, 422)
    assert.match(textOf(unchanged.html), /Nothing has changed yet/)
    assert.equal((await plantNow(plant.id)).version, 1)
  })

  it('shows a value the API would refuse next to its field', async () => {
    const { visitor } = await member()
    const plant = await createPlant(t, { data: tomatoData })
    const fields = await editForm(visitor, plant)
    const row = rowOf(fields, 'Water requirement')
    const refused = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      [`value_${row}`]: 'Moist\nbut not wet',
      note: 'two lines',
    })
    assert.equal(refused.status, 422)
    assert.match(
      refused.html,
      new RegExp(`<span class="problem" id="value_${row}-problem">Must show visible`),
    )
    assert.equal((await plantNow(plant.id)).version, 1)
  })

  it('refuses a post without the form token', async () => {
    const { visitor } = await member()
    const plant = await createPlant(t)
    const fields = await editForm(visitor, plant)
    const refused = await visitor.post(`${plant.link}/edit`, { ...fields, name: 'x', note: 'x', _csrf: '' })
    assert.equal(refused.status, 403)
    assert.match(textOf(refused.html), /This form has expired/)
    assert.equal((await plantNow(plant.id)).version, 1)
  })

  it('makes a plant a variety of a parent typed by name, and says when no plant has that name', async () => {
    const { visitor } = await member()
    const parent = await createPlant(t, { name: unique('Pepper') })
    const plant = await createPlant(t)
    const fields = await editForm(visitor, plant)
    const unknown = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      type: 'Variety',
      parent: 'Nothing by this name',
      note: 'a variety',
    })
    assert.equal(unknown.status, 422)
    assert.match(textOf(unknown.html), /No plant is called “Nothing by this name”/)
    const saved = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      type: 'Variety',
      parent: parent.name.toUpperCase(),
      note: 'a variety of this pepper (seed catalogue)',
    })
    assertSaved(saved, plant.link)
    const now = await plantNow(plant.id)
    assert.equal(now.type, 'Variety')
    assert.equal(now.parent_id, parent.id)
  })

  it('keeps a variety’s parent when another plant has the same name', async () => {
    const { visitor } = await member()
    const shared = unique('Mint')
    const parent = await createPlant(t, { name: shared })
    await createPlant(t, { name: shared })
    const variety = await createPlant(t, {
      type: 'Variety',
      parent_id: parent.id,
      name: unique('Chocolate mint'),
    })
    const fields = await editForm(visitor, variety)
    assert.equal(fields.parent, shared)
    const saved = await visitor.post(`${variety.link}/edit`, {
      ...fields,
      description: 'Smells of chocolate.',
      note: 'From my own nose',
    })
    assertSaved(saved, variety.link)
    assert.equal((await plantNow(variety.id)).parent_id, parent.id)
  })
})

describe('the conflict page', () => {
  it('shows what changed since the form was read, and its form saves the change on top', async () => {
    const { visitor } = await member()
    const plant = await createPlant(t, { data: tomatoData })
    const fields = await editForm(visitor, plant)
    // Someone else saves first: a new value for water, and for light too.
    const other = await t.request('PUT', `/api/plants/${plant.id}`, {
      version: 1,
      note: 'Water from the grower’s notes',
      data: [
        { key: 'Water requirement', value: 'Dry' },
        { key: 'Light requirement', value: 'Partial sun/shade' },
      ],
    })
    assert.equal(other.status, 200, other.text)

    const conflict = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      name: 'Love apple',
      [`value_${rowOf(fields, 'Light requirement')}`]: 'Full sun only',
      note: 'Light from the seed packet',
    })
    assert.equal(conflict.status, 409)
    const words = textOf(conflict.html)
    assert.match(words, /was changed while you were editing it/)
    assert.match(
      words,
      /Your change is not saved yet. You started from version 1; the plant is now at version 2./,
    )
    assert.match(words, /Version 2, by .*: Water from the grower’s notes/)
    assert.match(words, /Water requirement Moist Dry/, 'their change, field by field')
    assert.match(words, /Light requirement changed by both Partial sun\/shade Full sun only/)
    assert.match(words, /Common name .* Love apple/)
    assert.equal((await plantNow(plant.id)).name, plant.name, 'nothing of theirs saved yet')

    const again = formFields(conflict.html, `${plant.link}/edit`)
    assert.equal(again.version, '2')
    assert.equal(again.name, 'Love apple')
    assert.equal(again.note, 'Light from the seed packet')
    assert.equal(again[`value_${rowOf(again, 'Water requirement')}`], 'Dry', 'their value kept')
    assertSaved(await visitor.post(`${plant.link}/edit`, again), plant.link)

    const now = await plantNow(plant.id)
    assert.equal(now.version, 3)
    assert.equal(now.name, 'Love apple')
    assert.equal(valueOf(now, 'Water requirement'), 'Dry')
    assert.equal(valueOf(now, 'Light requirement'), 'Full sun only')
  })

  it('keeps an attribute removal and a new key when re-applied', async () => {
    const { visitor } = await member()
    const plant = await createPlant(t, { data: tomatoData })
    const fields = await editForm(visitor, plant)
    await t.request('PUT', `/api/plants/${plant.id}`, { version: 1, note: 'typo', description: 'Fixed.' })
    const conflict = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      [`remove_${rowOf(fields, 'Height')}`]: 'yes',
      new_key_0: 'Family',
      new_value_0: 'Solanaceae',
      note: 'tidy',
    })
    assert.equal(conflict.status, 409)
    assert.match(textOf(conflict.html), /Height 1\.5 \(not set\)/)
    assertSaved(
      await visitor.post(`${plant.link}/edit`, formFields(conflict.html, `${plant.link}/edit`)),
      plant.link,
    )
    const now = await plantNow(plant.id)
    assert.equal(now.description, 'Fixed.')
    assert.equal(valueOf(now, 'Height'), undefined)
    assert.equal(valueOf(now, 'Family'), 'Solanaceae')
  })
  it('names the companions added in between when no field changed', async () => {
    const { visitor } = await member()
    const plant = await createPlant(t, { data: tomatoData })
    const basil = await createPlant(t, { name: unique('Basil') })
    const fields = await editForm(visitor, plant)
    await link(t, plant.id, basil.id, 'companion-to', 'basil beside tomatoes')
    const conflict = await visitor.post(`${plant.link}/edit`, {
      ...fields,
      [`value_${rowOf(fields, 'Height')}`]: '2',
      note: 'taller in a polytunnel',
    })
    assert.equal(conflict.status, 409)
    const words = textOf(conflict.html)
    assert.ok(words.includes(`basil beside tomatoes (${basil.name} added as a companion)`), words)
    assert.match(words, /None of the plant’s fields or attributes changed/)
    const again = formFields(conflict.html, `${plant.link}/edit`)
    assertSaved(await visitor.post(`${plant.link}/edit`, again), plant.link)
    const now = await plantNow(plant.id)
    assert.equal(valueOf(now, 'Height'), '2')
    assert.equal(now.version, 3)
  })
})

describe('adding a plant', () => {
  it('creates a plant and goes to its page', async () => {
    const { visitor } = await member()
    const page = await visitor.get('/plants/new')
    assert.equal(page.status, 200)
    const fields = formFields(page.html, '/plants/new')
    const name = unique('Skirret')
    const created = await visitor.post('/plants/new', {
      ...fields,
      name,
      scientific_name: 'Sium sisarum',
      [`value_${rowOf(fields, 'Light requirement')}`]: 'Full sun',
      new_key_0: 'Edible parts',
      new_value_0: 'Roots',
      note: 'From “Perennial Vegetables” by Eric Toensmeier',
    })
    assert.equal(created.status, 303, textOf(created.html).slice(0, 600))
    const plantPage = await visitor.get(created.location!)
    assert.equal(plantPage.status, 200)
    assert.ok(plantPage.html.includes(`<h1>${name}</h1>`))
    const words = textOf(plantPage.html)
    assert.match(words, /Light requirement Full sun/)
    assert.match(words, /Edible parts Roots/)
    assert.ok(!words.includes('Water requirement'), 'suggested attributes left empty are not saved')
  })

  it('creates a variety of the plant whose page the member came from', async () => {
    const { visitor } = await member()
    const parent = await createPlant(t, { name: unique('Squash') })
    const page = await visitor.get(parent.link)
    assert.ok(page.html.includes(`href="/plants/new?parent=${parent.slug}"`), 'an Add a variety button')
    const form = await visitor.get(`/plants/new?parent=${parent.slug}`)
    assert.match(textOf(form.html), new RegExp(`Add a variety of ${parent.name}`))
    const fields = formFields(form.html, `/plants/new?parent=${parent.slug}`)
    assert.equal(fields.type, 'Variety')
    assert.equal(fields.parent, parent.name)
    const created = await visitor.post(`/plants/new?parent=${parent.slug}`, {
      ...fields,
      name: unique('Butternut'),
      scientific_name: 'Cucurbita moschata',
      note: 'Seed catalogue',
    })
    assert.equal(created.status, 303, textOf(created.html).slice(0, 600))
    const { plants } = (await t.request('GET', `/api/plants/${parent.id}/varieties`)).body
    assert.equal(plants.length, 1)
    assert.equal(created.location, plants[0].link)
  })

  it('refuses a plant without names or a note, saying what is missing', async () => {
    const { visitor } = await member()
    const page = await visitor.get('/plants/new')
    const refused = await visitor.post('/plants/new', {
      ...formFields(page.html, '/plants/new'),
      name: 'Oca',
    })
    assert.equal(refused.status, 422)
    const words = textOf(refused.html)
    assert.match(words, /Give the scientific \(botanical\) name/)
    assert.match(words, /Say where this information is from/)
    assert.match(refused.html, /value="Oca"/)
  })
})

describe('companions and antagonists', () => {
  it('adds a companion typed by name with a note, and removes it with a note', async () => {
    const { visitor, name } = await member()
    const tomato = await createPlant(t, { name: unique('Tomato') })
    const basil = await createPlant(t, { name: unique('Basil') })
    const page = await visitor.get(`${tomato.link}/links`)
    assert.equal(page.status, 200)
    const added = await visitor.post(`${tomato.link}/links`, {
      other: basil.name.toLowerCase(),
      type: 'companion-to',
      note: 'Basil repels thrips (RHS)',
    })
    assertSaved(added, tomato.link)
    const { links } = (await t.request('GET', `/api/plants/${tomato.id}/links`)).body
    assert.equal(links.length, 1)
    assert.equal(links[0].plant_id, basil.id)
    assert.equal(links[0].type, 'companion-to')
    assert.equal(links[0].note, 'Basil repels thrips (RHS)')
    assert.equal(links[0].author, name)
    assert.match(textOf((await visitor.get(tomato.link)).html), /Companions .*Basil repels thrips \(RHS\)/)

    const list = await visitor.get(`${tomato.link}/links`)
    const action = `${tomato.link}/links/${links[0].id}/remove`
    assert.ok(list.html.includes(`action="${action}"`))
    const noNote = await visitor.post(action, { note: '' })
    assert.equal(noNote.status, 422)
    assert.match(textOf(noNote.html), /Say why it should go/)
    assert.match(noNote.html, /<details open>/, 'the refused removal is shown open')
    assertSaved(await visitor.post(action, { note: 'No effect in my trials' }), tomato.link)
    assert.equal((await t.request('GET', `/api/plants/${tomato.id}/links`)).body.links.length, 0)
    const { revisions } = (await t.request('GET', `/api/plants/${tomato.id}/revisions`)).body
    assert.equal(revisions[0].note, 'No effect in my trials')
  })

  it('says when the other plant matches none or several, and takes an id', async () => {
    const { visitor } = await member()
    const bean = await createPlant(t, { name: unique('Bean') })
    const shared = unique('Onion')
    const [one, two] = [await createPlant(t, { name: shared }), await createPlant(t, { name: shared })]
    await visitor.get(`${bean.link}/links`)
    const none = await visitor.post(`${bean.link}/links`, {
      other: 'Zzyzx',
      type: 'antagonist-to',
      note: 'n',
    })
    assert.equal(none.status, 422)
    assert.match(textOf(none.html), /No plant is called “Zzyzx”/)
    assert.match(none.html, /value="Zzyzx"/, 'what was typed is kept')

    const several = await visitor.post(`${bean.link}/links`, {
      other: shared,
      type: 'antagonist-to',
      note: 'n',
    })
    assert.equal(several.status, 422)
    const words = textOf(several.html)
    assert.match(words, new RegExp(`Several plants are called “${shared}”`))
    assert.ok(words.includes(`id ${one.id}`) && words.includes(`id ${two.id}`), 'both listed with their ids')

    const byId = await visitor.post(`${bean.link}/links`, {
      other: String(two.id),
      type: 'antagonist-to',
      note: 'Onions stunt beans (Louise Riotte)',
    })
    assertSaved(byId, bean.link)
    const { links } = (await t.request('GET', `/api/plants/${bean.id}/links`)).body
    assert.deepEqual(
      links.map((link: { plant_id: number; type: string }) => [link.plant_id, link.type]),
      [[two.id, 'antagonist-to']],
    )
    const again = await visitor.post(`${bean.link}/links`, {
      other: String(two.id),
      type: 'companion-to',
      note: 'n',
    })
    assert.equal(again.status, 422)
    assert.match(textOf(again.html), /is already one of the antagonists/)
  })
})

describe('a new account’s daily limit', () => {
  it('is shown as a page with its message, never a 500', async () => {
    const limited = await buildTestApp({ config: { newAccountWritesPerDay: 1 } })
    try {
      const visitor = new Visitor(limited.baseUrl)
      const details = {
        email: `new.${process.pid}@example.org`,
        name: `New ${process.pid}`,
        password: 'seedlings-first',
      }
      await visitor.get('/signup')
      await visitor.post('/signup', details)
      await visitor.get('/login')
      await visitor.post('/login', details)
      const plant = await createPlant(limited, { data: tomatoData })
      const first = formFields((await visitor.get(`${plant.link}/edit`)).html, `${plant.link}/edit`)
      assertSaved(
        await visitor.post(`${plant.link}/edit`, { ...first, name: 'Love apple', note: 'one' }),
        plant.link,
      )
      const second = formFields((await visitor.get(`${plant.link}/edit`)).html, `${plant.link}/edit`)
      const refused = await visitor.post(`${plant.link}/edit`, { ...second, name: 'Wolf peach', note: 'two' })
      assert.equal(refused.status, 429)
      assert.equal(refused.headers.get('content-type'), 'text/html; charset=utf-8')
      assert.match(textOf(refused.html), /A new account makes at most 1 changes on its first day/)
      const links = await visitor.post(`${plant.link}/links`, { other: '1', type: 'companion-to', note: 'n' })
      assert.equal(links.status, 429)
      const { body } = await limited.request('GET', `/api/plants/${plant.id}`)
      assert.equal(body.name, 'Love apple')
    } finally {
      await limited.close()
    }
  })
})
