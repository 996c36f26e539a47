// A gardener sent to log in from a form comes back to it afterwards, and never to another site.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { Visitor } from '../helpers/visitor.ts'
import { safeReturnPath } from '../../src/web/common/return-to.ts'

let t: TestApp
before(async () => (t = await buildTestApp()))
after(async () => t.close())

const person = { email: 'back@example.org', name: 'Comes Back', password: 'a long enough password' }

describe('logging in from a form', () => {
  before(async () => {
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/signup')
    assert.equal((await visitor.post('/signup', person)).status, 303)
  })

  it('goes back to the edit form that asked for it', async () => {
    const plant = await createPlant(t)
    const visitor = new Visitor(t.baseUrl)
    const plantPage = await visitor.get(plant.link)
    const loginLink = /href="(\/login\?next=[^"]+)"/.exec(plantPage.html)?.[1]
    assert.equal(loginLink, `/login?next=${encodeURIComponent(`${plant.link}/edit`)}`)
    const sent = await visitor.get(`${plant.link}/edit`)
    assert.equal(sent.location, loginLink)
    const login = await visitor.get(loginLink)
    assert.match(login.html, new RegExp(`name="next" value="${plant.link}/edit"`))
    const loggedIn = await visitor.post('/login', {
      email: person.email,
      password: person.password,
      next: `${plant.link}/edit`,
    })
    assert.equal(loggedIn.status, 303)
    assert.equal(loggedIn.location, `${plant.link}/edit`)
    assert.equal((await visitor.get(loggedIn.location)).status, 200)
  })

  it('keeps where to go back to after a wrong password, and goes to My API keys without one', async () => {
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/login?next=%2Fchanges')
    const wrong = await visitor.post('/login', {
      email: person.email,
      password: 'not it at all',
      next: '/changes',
    })
    assert.equal(wrong.status, 401)
    assert.match(wrong.html, /name="next" value="\/changes"/)
    const right = await visitor.post('/login', { email: person.email, password: person.password })
    assert.equal(right.location, '/account/keys')
  })

  it('never sends anyone to another site', async () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'x',
    ])
      assert.equal(safeReturnPath(next), null, next)
    const visitor = new Visitor(t.baseUrl)
    await visitor.get('/login')
    const answer = await visitor.post('/login', {
      email: person.email,
      password: person.password,
      next: '//evil.example/',
    })
    assert.equal(answer.location, '/account/keys')
  })
})
