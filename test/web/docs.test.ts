// The API docs at /docs over real HTTP: the page is made from /api/openapi.json, so it is compared with the
// document: every operation there has its section here, with an example request and response, and an
// operation added without an example fails this test.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildApp } from '../../src/app.ts'
import { openTestStore } from '../helpers/test-database.ts'
import { buildTestApp, BRAND, type TestApp } from '../helpers/test-app.ts'
import { rawRequest } from '../helpers/raw-http.ts'

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

let t: TestApp
let document: any
before(async () => {
  t = await buildTestApp()
  document = (await t.request('GET', '/api/openapi.json')).body
})
after(async () => t.close())

async function visit(path: string) {
  const response = await fetch(`${t.baseUrl}${path}`)
  return { status: response.status, headers: response.headers, html: await response.text() }
}

/** Text as the browser shows it: tags dropped, entities decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')

/** The HTML of the operation's section (sections of operations hold no other section). */
function operationSection(html: string, operationId: string): string {
  const match = new RegExp(
    `<section class="operation" aria-labelledby="${operationId}">([\\s\\S]*?)</section>`,
  ).exec(html)
  assert.ok(match, `no section for ${operationId}`)
  return match[1]!
}

/** The text of the <pre> that follows the heading `title` in `html`. */
function exampleAfter(html: string, title: string): string {
  const match = new RegExp(`<h4>${title}</h4>\\s*<pre tabindex="0"><code>([\\s\\S]*?)</code></pre>`).exec(
    html,
  )
  assert.ok(match, `no ${title}`)
  return text(match[1]!)
}

const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] })),
  )

describe('GET /docs', () => {
  it('answers an HTML page in the site’s layout, with the security headers, without a key', async () => {
    const page = await visit('/docs')
    assert.equal(page.status, 200)
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/)
    assert.match(page.html, /<h1>API docs<\/h1>/)
    assert.ok(page.html.includes('<link rel="stylesheet" href="/static/hortus.css"/>'))
    assert.ok(!page.html.includes('<script'), 'no script')
    assert.ok(!/(src|href)="(https?:)?\/\/(?!creativecommons\.org)/.test(page.html), 'nothing from elsewhere')
  })

  it('explains the two key headers, where keys come from, the 401, the error shape and the licence', async () => {
    const page = text((await visit('/docs')).html)
    assert.ok(page.includes(`x-${BRAND}-key-id`))
    assert.ok(page.includes(`x-${BRAND}-key-secret`))
    assert.ok(page.includes('My API keys'))
    assert.ok(page.includes('hortus keys create'))
    assert.ok(page.includes(`${t.baseUrl}/api`), 'the base URL')
    // The 401 shown is what the API answers.
    const refused = await fetch(`${t.baseUrl}/api/plants`)
    assert.equal(refused.status, 401)
    assert.ok(page.includes(`HTTP 401\n${JSON.stringify(await refused.json(), null, 2)}`))
    assert.match(
      page,
      /Every error, whatever its status, is a JSON object with two strings: error, .*and msg/,
    )
    assert.ok(page.includes('CC BY-SA 4.0'))
    assert.ok(page.includes('Credit “Hortus” with a link to this site'))
  })

  it('names the headers with the brand the service is configured with', async () => {
    const store = await openTestStore()
    const app = await buildApp({ config: { keyBrand: 'acme', keyCacheSeconds: 0 }, store })
    try {
      const page = await app.inject({ method: 'GET', url: '/docs' })
      assert.equal(page.statusCode, 200)
      assert.ok(text(page.body).includes("-H 'x-acme-key-id: YOUR_KEY_ID'"))
      assert.ok(text(page.body).includes("-H 'x-acme-key-secret: YOUR_KEY_SECRET'"))
      assert.ok(!page.body.includes('x-service-key'), 'no other brand')
    } finally {
      await app.close()
      await store.close()
    }
  })

  it('has a section for every operation of /api/openapi.json, with its example request and response', async () => {
    const { html } = await visit('/docs')
    const ops = operations()
    assert.ok(ops.length >= 15, `only ${ops.length} operations`)
    for (const { path, method, operation } of ops) {
      const id = operation.operationId as string
      assert.ok(html.includes(`<a href="#${id}">`), `${id} is in the table of contents`)
      const section = operationSection(html, id)
      assert.ok(text(section).includes(`${method.toUpperCase()} ${path}`), `${id} shows its method and path`)

      const request = exampleAfter(section, 'Example request')
      let url = `${t.baseUrl}/api${path}`
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') {
          assert.ok(parameter.example !== undefined, `${id}: path parameter ${parameter.name} has no example`)
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(parameter.example))
        }
      }
      assert.ok(
        request.startsWith(`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} '${url}`),
        `${id}: ${request}`,
      )
      const needsKey = !(Array.isArray(operation.security) && operation.security.length === 0)
      assert.equal(request.includes(`-H 'x-${BRAND}-key-id: YOUR_KEY_ID'`), needsKey, `${id}: key id header`)
      assert.equal(request.includes(`-H 'x-${BRAND}-key-secret: YOUR_KEY_SECRET'`), needsKey, `${id}: secret`)
      const body = operation.requestBody?.content?.['application/json']
      if (body) {
        assert.ok(body.example !== undefined, `${id}: the request body has no example in the document`)
        const sent = /-d '([\s\S]*)'$/.exec(request.replace(/'\\''/g, "'"))
        assert.ok(sent, `${id}: the curl line sends no body`)
        assert.deepEqual(JSON.parse(sent[1]!), body.example, `${id}: the body sent is the document's example`)
      }

      const [status, success] = Object.entries(operation.responses as Record<string, any>).find(([code]) =>
        code.startsWith('2'),
      )!
      const media = success.content?.['application/json'] ?? Object.values(success.content ?? {})[0]
      const example = media?.example
      assert.ok(example !== undefined, `${id}: the ${status} response has no example in the document`)
      assert.equal(
        exampleAfter(section, 'Example response'),
        `HTTP ${status}\n${JSON.stringify(example, null, 2)}`,
      )
    }
  })

  it('has unique ids, a target for every link within the page, and headings in order', async () => {
    const { html } = await visit('/docs')
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]!)
    assert.equal(new Set(ids).size, ids.length, 'ids are unique')
    const targets = new Set([...html.matchAll(/ href="#([^"]+)"/g)].map((match) => match[1]!))
    assert.deepEqual(
      [...targets].filter((target) => !ids.includes(target)),
      [],
    )
    const levels = [...html.matchAll(/<h([1-6])[ >]/g)].map((match) => Number(match[1]))
    assert.equal(levels[0], 1)
    assert.equal(levels.filter((level) => level === 1).length, 1, 'one h1')
    levels.forEach((level, index) => {
      if (index > 0)
        assert.ok(level <= levels[index - 1]! + 1, `h${levels[index - 1]} is followed by h${level}`)
    })
  })

  it('builds the example URLs from the address the visitor used, and escapes what it shows', async () => {
    const port = new URL(t.baseUrl).port
    const proxied = await rawRequest(
      Number(port),
      'GET /docs HTTP/1.1\r\nHost: hortus.example.org\r\nX-Forwarded-Proto: https',
    )
    assert.equal(proxied.status, 200)
    // No proxy is trusted in this app (HORTUS_TRUSTED_PROXIES), so its X-Forwarded-Proto is not believed.
    assert.ok(text(proxied.body).includes("curl 'http://hortus.example.org/api/plants/1790'"))

    const hostile = await rawRequest(Number(port), 'GET /docs HTTP/1.1\r\nHost: "><script>alert(1)</script>')
    assert.equal(hostile.status, 200)
    assert.ok(!hostile.body.includes('<script'), 'no script from the Host header')
    assert.ok(
      text(hostile.body).includes("curl 'http://localhost:3000/api/plants/1790'"),
      'a stand-in origin',
    )

    // Text from the document is escaped: the Plant schema's link field is described as /plants/<slug>.
    const { html } = await visit('/docs')
    assert.ok(html.includes('/plants/&lt;slug&gt;') || html.includes('/plants/&lt;slug>'))
    assert.ok(!html.includes('<slug>'))
  })
})
