// History and patrol on the website over real HTTP: a plant's versions with notes and link changes in words,
// the diff between two versions, restoring a version, recent changes with its filters and the new-contributor
// highlight, patrolling, hidden notes, a contributor's page (never the email) where a moderator blocks the
// account and its API key is refused at once, and the moderation log, which only moderators can open.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createKeyPair, type KeyPair } from '../../src/accounts/api-keys.ts'
import { createPlant as createPlantAs } from '../../src/writes/plant-writes.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant, link, unique } from '../helpers/factories.ts'
import { Visitor, textOf, type Visit } from '../helpers/visitor.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())

interface Member {
  visitor: Visitor
  name: string
  email: string
  key: KeyPair
}

let people = 0
/** A member signed up and logged in on the website, with an API key of their own. */
async function member(role: 'member' | 'moderator' = 'member'): Promise<Member> {
  people += 1
  const details = {
    email: `grower${people}.${process.pid}@example.org`,
    name: `Grower ${people} ${process.pid}`,
    password: 'leeks-and-onions-2026',
  }
  const visitor = new Visitor(t.baseUrl)
  await visitor.get('/signup')
  assert.equal((await visitor.post('/signup', details)).status, 303)
  await visitor.get('/login')
  assert.equal((await visitor.post('/login', details)).status, 303)
  if (role !== 'member')
    await t.store.db.updateTable('accounts').set({ role }).where('email', '=', details.email).execute()
  const key = await createKeyPair(t.store, details.email, 'test key')
  return { visitor, name: details.name, email: details.email, key }
}

/** A request to the API with `who`'s key. */
async function api(who: Member, method: string, path: string, body?: unknown) {
  const response = await fetch(`${t.baseUrl}/api${path}`, {
    method,
    headers: {
      'x-service-key-id': who.key.key_id,
      'x-service-key-secret': who.key.key_secret,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

/** `who` changes a plant through the API, as a member's app would. */
async function edit(who: Member, id: number, change: Record<string, unknown>) {
  const { body: plant } = await api(who, 'GET', `/plants/${id}`)
  const saved = await api(who, 'PUT', `/plants/${id}`, { version: plant.version, ...change })
  assert.equal(saved.status, 200, JSON.stringify(saved.body))
  return saved.body
}

/** The rows of the recent changes or contributions table, each as its HTML and its text. */
function rowsOf(html: string) {
  const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'))
  return body
    .split('<tr')
    .slice(1)
    .map((row) => ({ html: row, text: textOf(`<tr${row}`), flagged: row.startsWith(' class="flagged"') }))
}

const ok = (visit: Visit) => {
  assert.equal(visit.status, 200, textOf(visit.html).slice(0, 500))
  return visit
}
const personPath = (name: string) => `/people/${encodeURIComponent(name)}`

describe('a plant’s history and the diff between versions', () => {
  it('lists every version with its author, time and note, and link changes in words', async () => {
    const rosa = await member()
    const tomato = await createPlant(t, {
      name: unique('Tomato'),
      note: 'from the seed catalogue',
      data: [
        { key: 'Light requirement', value: 'Full sun' },
        { key: 'Height', value: '1.5' },
      ],
    })
    const basil = await createPlant(t, { name: unique('Basil') })
    await link(t, tomato.id, basil.id, 'companion-to', 'basil keeps thrips away')
    await edit(rosa, tomato.id, {
      note: 'grown in my garden: it takes some shade',
      data: [{ key: 'Light requirement', value: 'Partial shade' }],
      remove_data: ['Height'],
    })

    const page = ok(await new Visitor(t.baseUrl).get(`${tomato.link}/history`))
    const words = textOf(page.html)
    assert.match(words, new RegExp(`History of ${tomato.name}`))
    assert.match(words, /Version 3 current .* by Grower \d+/)
    assert.ok(words.includes('by Grower'), words)
    assert.ok(page.html.includes('<q class="note">grown in my garden: it takes some shade</q>'), 'the note')
    assert.ok(words.includes('Light requirement: Full sun → Partial shade'))
    assert.ok(words.includes('Removed Height (was 1.5)'))
    assert.ok(words.includes(`Added ${basil.name} as a companion`), 'a link change in words, by name')
    assert.ok(page.html.includes(`<a href="${basil.link}">${basil.name}</a>`), 'the other plant linked')
    assert.ok(words.includes('New plant, with 2 attributes'))
    assert.ok(page.html.includes(`href="${personPath(rosa.name)}"`), 'the author linked to their edits')
    assert.ok(page.html.includes(`href="${tomato.link}/diff?from=2&to=3"`), '“changes” links each version')
    assert.ok(!words.includes('Restore this version'), 'a visitor cannot restore')
    assert.ok(!page.html.includes('Hide this note'), 'nor hide notes')

    const plantPage = ok(await new Visitor(t.baseUrl).get(tomato.link))
    assert.ok(plantPage.html.includes(`href="${tomato.link}/history"`), 'the plant page links its history')
  })

  it('shows a changed and a removed attribute side by side, and what a new plant started with', async () => {
    const rosa = await member()
    const bean = await createPlant(t, {
      name: unique('Runner bean'),
      description: 'A climbing bean grown for its pods, which are picked young and eaten whole.',
      data: [
        { key: 'Water requirement', value: 'Moist' },
        { key: 'Height', value: '3' },
      ],
    })
    await edit(rosa, bean.id, {
      note: 'pods can be dried too',
      description: 'A climbing bean grown for its pods, which are picked young or dried for the seeds.',
      data: [
        { key: 'Water requirement', value: 'Wet' },
        { key: 'Edible parts', value: 'Seeds, Pods' },
      ],
      remove_data: ['Height'],
    })
    const visitor = new Visitor(t.baseUrl)
    const diff = ok(await visitor.get(`${bean.link}/diff?from=1&to=2`))
    const words = textOf(diff.html)
    assert.match(words, /Version 1 compared with version 2/)
    assert.match(words, /Water requirement changed Moist Wet/)
    assert.match(words, /Height removed 3 \(none\)/)
    assert.match(words, /Edible parts added \(none\) Seeds, Pods/)
    assert.ok(diff.html.includes('<del>and eaten whole.</del>'), 'the words taken out of the description')
    assert.ok(diff.html.includes('<ins>or dried for the seeds.</ins>'), 'and the words put in')
    assert.ok(!/[{}[\]]/.test(words.slice(words.indexOf('differences'))), 'no JSON on the page')
    assert.match(words, /The edit Version 2 .* by Grower [\d ]+ pods can be dried too/)

    const start = textOf(ok(await visitor.get(`${bean.link}/diff?from=0&to=1`)).html)
    assert.match(start, /Everything the plant was created with/)
    assert.match(start, /Common name added \(none\) Runner bean/)

    // With no versions named: the last edit.
    assert.match(textOf(ok(await visitor.get(`${bean.link}/diff`)).html), /Version 1 compared with version 2/)
    assert.equal((await visitor.get(`${bean.link}/diff?from=1&to=9`)).status, 404)
    assert.equal((await visitor.get(`${bean.link}/diff?from=one`)).status, 400)
  })

  it('lets a member restore an earlier version with a note, and goes back to the history', async () => {
    const rosa = await member()
    const vandal = await member()
    const leek = await createPlant(t, {
      name: unique('Leek'),
      data: [{ key: 'Soil type', value: 'Loam' }],
    })
    await edit(vandal, leek.id, {
      note: 'lol',
      name: 'Leek is silly',
      data: [{ key: 'Soil type', value: 'Rubble' }],
    })

    const history = ok(await rosa.visitor.get(`${leek.link}/history`))
    assert.ok(history.html.includes(`href="${leek.link}/restore?version=1"`), 'Restore this version')
    const form = ok(await rosa.visitor.get(`${leek.link}/restore?version=1`))
    assert.equal(form.headers.get('cache-control'), 'no-store')
    assert.match(textOf(form.html), /What restoring changes .* Soil type changed Rubble Loam/)

    const noNote = await rosa.visitor.post(`${leek.link}/restore`, {
      version: '2',
      to_version: '1',
      note: ' ',
    })
    assert.equal(noNote.status, 422)
    assert.match(textOf(noNote.html), /Say why you restore this version/)

    const stale = await rosa.visitor.post(`${leek.link}/restore`, {
      version: '1',
      to_version: '1',
      note: 'undo',
    })
    assert.equal(stale.status, 409, 'a form for an older version does not overwrite a newer one')

    const restored = await rosa.visitor.post(`${leek.link}/restore`, {
      version: '2',
      to_version: '1',
      note: 'Undo vandalism',
    })
    assert.equal(restored.status, 303, textOf(restored.html).slice(0, 400))
    assert.equal(restored.location, `${leek.link}/history?restored=1`)
    const after = (await t.request('GET', `/api/plants/${leek.id}`)).body
    assert.equal(after.version, 3)
    assert.equal(after.name, leek.name)
    assert.deepEqual(after.data, [{ key: 'Soil type', value: 'Loam' }])
    const page = textOf(ok(await rosa.visitor.get(restored.location)).html)
    assert.match(page, /Version 1 is restored: the plant is now at version 3/)
    assert.match(page, new RegExp(`Version 3 current .* by ${rosa.name} Undo vandalism`))

    const visitor = new Visitor(t.baseUrl)
    assert.equal(
      (await visitor.get(`${leek.link}/restore?version=1`)).location,
      `/login?next=${encodeURIComponent(`${leek.link}/restore?version=1`)}`,
    )
  })
})

describe('recent changes', () => {
  it('lists edits newest first, highlights new contributors’ unpatrolled edits, and filters', async () => {
    const newcomer = await member()
    const veteran = await member()
    await t.store.db
      .updateTable('accounts')
      .set({ created_at: new Date(Date.now() - 30 * 86_400_000).toISOString() })
      .where('email', '=', veteran.email)
      .execute()
    const kale = await createPlant(t, { name: unique('Kale'), scientific_name: unique('Brassica oleracea') })
    for (let i = 1; i <= 10; i++)
      await edit(veteran, kale.id, { note: `veteran edit ${i}`, data: [{ key: 'Height', value: String(i) }] })
    await edit(newcomer, kale.id, { note: 'newcomer edit', data: [{ key: 'Height', value: '0.6' }] })
    await createPlantAs(
      t.store,
      { scientific_name: unique('Allium cepa'), name: unique('Onion'), note: 'imported from a test' },
      { id: null, name: 'import' },
    )

    const visitor = new Visitor(t.baseUrl)
    const all = ok(await visitor.get('/changes'))
    const rows = rowsOf(all.html)
    assert.match(rows[0]!.text, /imported from a test .*import \(data import\)/, 'newest first')
    assert.match(
      rows[1]!.text,
      new RegExp(`${kale.name} version 12 · diff .*newcomer edit .*${newcomer.name} new contributor not yet`),
    )
    assert.ok(rows[1]!.flagged, 'the newcomer’s edit is highlighted')
    assert.match(rows[2]!.text, /veteran edit 10/)
    assert.ok(!rows[2]!.flagged && !rows[2]!.text.includes('new contributor'), 'the veteran is not new')
    assert.ok(!rows[0]!.flagged && !rows[0]!.text.includes('new contributor'), 'nor is the importer')
    assert.ok(rows[1]!.html.includes(`href="${kale.link}/diff?from=11&to=12"`), 'a diff link')
    assert.ok(!all.html.includes('Mark patrolled'), 'no patrol button for a visitor')

    const onlyNew = rowsOf(ok(await visitor.get('/changes?new=1')).html).map(({ text }) => text)
    assert.ok(onlyNew.some((text) => text.includes('newcomer edit')))
    assert.ok(!onlyNew.some((text) => text.includes('veteran edit') || text.includes('imported')))

    const byPlant = rowsOf(
      ok(await visitor.get(`/changes?plant=${encodeURIComponent(kale.name.toLowerCase())}`)).html,
    )
    assert.equal(byPlant.length, 12, 'the plant’s 12 versions, by its name in any case')
    const bySlug = rowsOf(ok(await visitor.get(`/changes?plant=${encodeURIComponent(kale.link)}`)).html)
    assert.equal(bySlug.length, 12, 'or by its page address')

    const byAuthor = rowsOf(ok(await visitor.get(`/changes?author=${encodeURIComponent(veteran.name)}`)).html)
    assert.equal(byAuthor.length, 10)
    assert.ok(byAuthor.every(({ text }) => text.includes(veteran.name)))
    const nobody = ok(await visitor.get('/changes?author=Nobody+At+All'))
    assert.match(textOf(nobody.html), /No contributor is called “Nobody At All”/)
    assert.equal(rowsOf(nobody.html).length, 0)

    await t.store.db
      .updateTable('plant_revisions')
      .set({ patrolled_at: new Date().toISOString(), patrolled_by: 'Someone' })
      .where('plant_id', '=', kale.id)
      .where('version', '<', 11)
      .execute()
    const unpatrolled = rowsOf(ok(await visitor.get(`/changes?unpatrolled=1&plant=${kale.slug}`)).html)
    assert.deepEqual(
      unpatrolled.map(({ text }) => /version (\d+)/.exec(text)![1]),
      ['12', '11'],
      'only edits nobody patrolled',
    )
    const both = rowsOf(ok(await visitor.get(`/changes?unpatrolled=1&new=1&plant=${kale.slug}`)).html)
    assert.equal(both.length, 1, 'the highlighted ones')
    assert.ok(both[0]!.flagged)
    assert.ok(
      !rowsOf(ok(await visitor.get('/changes?unpatrolled=1')).html).some(({ text }) =>
        text.includes('imported'),
      ),
    )
  })

  it('pages back through older edits with the filters kept', async () => {
    const rosa = await member()
    const pea = await createPlant(t, { name: unique('Pea') })
    for (let i = 1; i <= 55; i++)
      await edit(rosa, pea.id, { note: `pea ${i}`, data: [{ key: 'Height', value: String(i) }] })
    const visitor = new Visitor(t.baseUrl)
    const first = ok(await visitor.get(`/changes?author=${encodeURIComponent(rosa.name)}`))
    assert.equal(rowsOf(first.html).length, 50)
    const older = /href="(\/changes\?author=[^"]+&before=\d+)">Older changes/.exec(first.html)
    assert.ok(older, 'an Older changes link that keeps the filter')
    const second = ok(await visitor.get(older[1]!))
    assert.deepEqual(
      rowsOf(second.html).map(({ text }) => /pea (\d+)/.exec(text)![1]),
      ['5', '4', '3', '2', '1'],
    )
    assert.ok(!second.html.includes('Older changes'))
  })
})

describe('patrol and hidden notes', () => {
  it('gives only moderators the Mark patrolled button, and it marks the edit', async () => {
    const moderator = await member('moderator')
    const rosa = await member()
    const chard = await createPlant(t, { name: unique('Chard') })
    await edit(rosa, chard.id, { note: 'chard edit', data: [{ key: 'Life cycle', value: 'Biennial' }] })
    const filter = `/changes?plant=${chard.slug}`

    assert.ok(!ok(await rosa.visitor.get(filter)).html.includes('Mark patrolled'), 'not for a member')
    const page = ok(await moderator.visitor.get(filter))
    assert.equal(page.headers.get('cache-control'), 'no-store')
    assert.ok(page.html.includes(`aria-label="Mark version 2 of ${chard.name} patrolled"`))
    const patrolled = await moderator.visitor.post('/changes/patrol', {
      plant_id: String(chard.id),
      version: '2',
      back: filter,
    })
    assert.equal(patrolled.status, 303)
    assert.equal(patrolled.location, filter, 'back to the same list')
    const row = rowsOf(ok(await moderator.visitor.get(filter)).html)[0]!
    assert.match(row.text, new RegExp(`yes, by ${moderator.name}`))
    assert.ok(!row.flagged, 'patrolled: no longer highlighted')

    await rosa.visitor.get(filter)
    const refused = await rosa.visitor.post('/changes/patrol', { plant_id: String(chard.id), version: '1' })
    assert.equal(refused.status, 403, 'a member cannot patrol')
    const away = await moderator.visitor.post('/changes/patrol', {
      plant_id: String(chard.id),
      version: '1',
      back: '//elsewhere.example/',
    })
    assert.equal(away.location, '/changes', 'never sent to another site')
  })

  it('hides a note from everyone but moderators, with a reason the log keeps', async () => {
    const moderator = await member('moderator')
    const rosa = await member()
    const sorrel = await createPlant(t, { name: unique('Sorrel') })
    await edit(rosa, sorrel.id, {
      note: 'buy cheap pills at spam.example',
      data: [{ key: 'Growth', value: 'Fast' }],
    })

    const history = ok(await moderator.visitor.get(`${sorrel.link}/history`))
    assert.ok(history.html.includes('Hide this note'))
    const noReason = await moderator.visitor.post(`${sorrel.link}/history/2/note`, {
      hidden: 'true',
      reason: '',
    })
    assert.equal(noReason.status, 422, 'a reason is needed')
    await moderator.visitor.get(`${sorrel.link}/history`)
    const hidden = await moderator.visitor.post(`${sorrel.link}/history/2/note`, {
      hidden: 'true',
      reason: 'spam link',
    })
    assert.equal(hidden.status, 303)
    assert.equal(hidden.location, `${sorrel.link}/history?hidden=2#v2`)

    for (const path of [
      `${sorrel.link}/history`,
      `/changes?plant=${sorrel.slug}`,
      `${sorrel.link}/diff?from=1&to=2`,
    ]) {
      const seen = textOf(ok(await new Visitor(t.baseUrl).get(path)).html)
      assert.ok(!seen.includes('spam.example'), `${path}: hidden from a visitor`)
      assert.ok(seen.includes('(note hidden by a moderator)'), `${path}: says it is hidden`)
      const moderated = textOf(ok(await moderator.visitor.get(path)).html)
      assert.match(
        moderated,
        /hidden note buy cheap pills at spam\.example/,
        `${path}: a moderator reads it, marked`,
      )
    }
    const viaApi = (await t.request('GET', `/api/plants/${sorrel.id}/revisions`)).body
    assert.equal(viaApi.revisions[0].note, '(note hidden by a moderator)')

    const again = ok(await moderator.visitor.get(`${sorrel.link}/history?hidden=2`))
    assert.match(textOf(again.html), /The note of version 2 is hidden/)
    assert.ok(again.html.includes('Show this note again'))
    const shown = await moderator.visitor.post(`${sorrel.link}/history/2/note`, {
      hidden: 'false',
      reason: '',
    })
    assert.equal(shown.status, 303)
    assert.ok(
      textOf(ok(await new Visitor(t.baseUrl).get(`${sorrel.link}/history`)).html).includes('spam.example'),
    )

    const refused = await rosa.visitor.post(`${sorrel.link}/history/2/note`, {
      hidden: 'true',
      reason: 'mine',
    })
    assert.equal(refused.status, 403, 'a member cannot hide notes')
  })
})

describe('a contributor’s page and blocking', () => {
  it('shows a person’s edits by display name and never their email', async () => {
    const rosa = await member()
    const fennel = await createPlant(t, { name: unique('Fennel') })
    await edit(rosa, fennel.id, {
      note: 'fennel likes it dry',
      data: [{ key: 'Water requirement', value: 'Dry' }],
    })
    const page = ok(await new Visitor(t.baseUrl).get(personPath(rosa.name)))
    const words = textOf(page.html)
    assert.match(
      words,
      new RegExp(`${rosa.name} Contributor since \\d{4}-\\d\\d-\\d\\d · 1 edit new contributor`),
    )
    assert.match(rowsOf(page.html)[0]!.text, new RegExp(`${fennel.name} version 2 .*fennel likes it dry`))
    assert.ok(!page.html.includes(rosa.email) && !page.html.includes('@example.org'), 'no email anywhere')
    assert.ok(!page.html.includes('Block'), 'no Block form for a visitor')
    assert.equal(ok(await new Visitor(t.baseUrl).get(personPath(rosa.name.toUpperCase()))).status, 200)
    assert.equal((await new Visitor(t.baseUrl).get('/people/Nobody%20Here')).status, 404)
  })

  it('lets a moderator block a member: logged out, API key refused with 403 at once; and unblock', async () => {
    const moderator = await member('moderator')
    const vandal = await member()
    const plant = await createPlant(t, { name: unique('Mint') })
    await edit(vandal, plant.id, { note: 'ha', data: [{ key: 'Warning', value: 'eat it all' }] })
    assert.equal((await api(vandal, 'GET', '/plants?per_page=1')).status, 200, 'the key works before')

    const page = ok(await moderator.visitor.get(personPath(vandal.name)))
    assert.ok(page.html.includes(`Block ${vandal.name}`))
    const noReason = await moderator.visitor.post(`${personPath(vandal.name)}/block`, { reason: '' })
    assert.equal(noReason.status, 422)
    assert.match(textOf(noReason.html), /Give a reason/)

    const blocked = await moderator.visitor.post(`${personPath(vandal.name)}/block`, {
      reason: 'vandalism on Mint',
    })
    assert.equal(blocked.status, 303)
    assert.equal(blocked.location, `${personPath(vandal.name)}?blocked=1`)
    const refused = await api(vandal, 'GET', '/plants?per_page=1')
    assert.equal(refused.status, 403)
    assert.equal(refused.body.error, 'account blocked')
    assert.equal((await vandal.visitor.get('/account/keys')).location, '/login', 'logged out')

    const after = textOf(ok(await moderator.visitor.get(blocked.location ?? '')).html)
    assert.match(after, /is blocked: logged out, and their API keys are refused/)
    assert.match(after, /This account is blocked: vandalism on Mint/)
    const publicly = textOf(ok(await new Visitor(t.baseUrl).get(personPath(vandal.name))).html)
    assert.match(publicly, /This account is blocked\./)
    assert.ok(!publicly.includes('vandalism on Mint'), 'the reason is for moderators')

    assert.equal(
      (await moderator.visitor.post(`${personPath(vandal.name)}/unblock`, { reason: 'talked it over' }))
        .status,
      303,
    )
    assert.equal((await api(vandal, 'GET', '/plants?per_page=1')).status, 200, 'the key works again')

    const self = ok(await moderator.visitor.get(personPath(moderator.name)))
    assert.ok(!self.html.includes(`Block ${moderator.name}`), 'no Block form on one’s own page')
  })
})

describe('the moderation log', () => {
  it('is for moderators only, and says who did what, when and why', async () => {
    const moderator = await member('moderator')
    const rosa = await member()
    await moderator.visitor.get(personPath(rosa.name))
    await moderator.visitor.post(`${personPath(rosa.name)}/block`, { reason: 'testing the log' })

    assert.equal((await new Visitor(t.baseUrl).get('/moderation/log')).status, 404, 'not for a visitor')
    assert.equal((await (await member()).visitor.get('/moderation/log')).status, 404, 'nor for a member')
    const log = ok(await moderator.visitor.get('/moderation/log'))
    const first = rowsOf(log.html)[0]!
    assert.match(
      first.text,
      new RegExp(
        `\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC ${moderator.name} block ${rosa.name} testing the log`,
      ),
    )
    assert.ok(ok(await moderator.visitor.get('/changes')).html.includes('href="/moderation/log"'))
  })
})
