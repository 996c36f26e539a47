// Integers a client sends are bounded by the column that holds them (src/http/integers.ts): past PostgreSQL's
// integer (2^31 − 1) a version was a 500 there and a 404 on SQLite; now it is refused before any query, the
// same on both. Every route's integers are walked here, in the route table and in the OpenAPI document, so a
// route that forgets a bound fails; test/reliability/fuzz.test.ts sends the edges of each one.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Type } from 'typebox'
import { buildApp } from '../../src/app.ts'
import { INTEGER_COLUMN_MAX, boundsProblem } from '../../src/http/integers.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { createPlant } from '../helpers/factories.ts'
import { assertError } from '../helpers/assertions.ts'

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(async () => t.close())

const PAST_INTEGER = 2 ** 31

describe('a version past an integer column', () => {
  it('is a 404 in the path of GET /api/plants/<id>/revisions/<version>', async () => {
    const plant = await createPlant(t)
    assertError(await t.request('GET', `/api/plants/${plant.id}/revisions/${PAST_INTEGER}`), 404, 'not found')
    assertError(
      await t.request('GET', `/api/plants/${plant.id}/revisions/${INTEGER_COLUMN_MAX}`),
      404,
      'not found',
      [`Version ${INTEGER_COLUMN_MAX}`],
    )
    assertError(await t.request('GET', `/api/plants/1/revisions/${PAST_INTEGER}`), 404, 'not found')
    assert.equal((await t.request('GET', `/api/plants/${plant.id}/revisions/1`)).status, 200)
  })

  it('is a 422 naming the field in a body', async () => {
    const plant = await createPlant(t)
    assertError(
      await t.request('PUT', `/api/plants/${plant.id}`, { version: PAST_INTEGER, note: 'n', name: 'x' }),
      422,
      'validation failed',
      ['version', `at most ${INTEGER_COLUMN_MAX}`],
    )
    assertError(
      await t.request('POST', `/api/plants/${plant.id}/revert`, {
        version: 1,
        to_version: PAST_INTEGER,
        note: 'n',
      }),
      422,
      'validation failed',
      ['to_version'],
    )
  })
})

describe('an integer in a path', () => {
  it('is written in digits: 0x10, 1e3, +1 and 1.0 name no plant', async () => {
    const plant = await createPlant(t)
    assert.equal((await t.request('GET', `/api/plants/${plant.id}`)).status, 200)
    for (const written of [`0x${plant.id.toString(16)}`, `${plant.id}e0`, `+${plant.id}`, `${plant.id}.0`])
      assertError(await t.request('GET', `/api/plants/${written}`), 404, 'not found')
  })
})

describe('every integer a route takes', () => {
  it('has a minimum and a maximum, and a version fits an integer column (the route table)', () => {
    const inputs = t.app.routeTable.integerInputs()
    assert.ok(inputs.length >= 60, `only ${inputs.length} integers`)
    for (const input of inputs) {
      const where = `${input.method} ${input.url} ${input.part} ${input.name}`
      assert.equal(boundsProblem(input), null, where)
      if (/(^|_)version$/.test(input.name)) assert.ok(input.maximum! <= INTEGER_COLUMN_MAX, where)
    }
    // Every route with an id or a version in its path takes it as a bounded integer.
    const routes = new Set(inputs.filter((input) => input.part === 'params').map((input) => input.url))
    assert.ok(routes.has('/api/plants/:id/revisions/:version'))
    assert.ok(routes.has('/api/plants/:id/links/:link_id'))
  })

  it('has a minimum and a maximum in the OpenAPI document', async () => {
    const document = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, any>>
    }
    const unbounded: string[] = []
    let integers = 0
    const walk = (schema: any, where: string): void => {
      if (typeof schema !== 'object' || schema === null) return
      if ([schema.type].flat().some((type) => type === 'integer' || type === 'number')) {
        integers++
        if (typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number') unbounded.push(where)
      }
      for (const [key, inner] of Object.entries(schema))
        if (key !== 'example' && key !== 'examples') walk(inner, `${where}.${key}`)
    }
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        for (const parameter of operation.parameters ?? [])
          walk(parameter.schema, `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`)
        walk(operation.requestBody, `${method.toUpperCase()} ${path} body`)
      }
    assert.deepEqual(unbounded, [])
    assert.ok(integers >= 50, `only ${integers} integers in the document`)
    const version = document.paths['/plants/{id}/revisions/{version}']!.get.parameters.find(
      (parameter: any) => parameter.name === 'version',
    )
    assert.deepEqual(
      { type: version.schema.type, minimum: version.schema.minimum, maximum: version.schema.maximum },
      { type: 'integer', minimum: 1, maximum: INTEGER_COLUMN_MAX },
    )
  })

  it('stops the app from building when a route takes one without bounds', async () => {
    const app = await buildApp({ config: {}, store: t.store })
    try {
      assert.throws(
        () =>
          app.get(
            '/api/unbounded',
            { schema: { querystring: Type.Object({ n: Type.Optional(Type.Integer({ minimum: 1 })) }) } },
            async () => ({}),
          ),
        /GET \/api\/unbounded: querystring n has no maximum/,
      )
      assert.throws(
        () =>
          app.post(
            '/unbounded-form',
            { schema: { body: Type.Object({ version: Type.String({ pattern: '^[0-9]+$' }) }) } },
            async () => ({}),
          ),
        /POST \/unbounded-form: body version has no maximum/,
      )
    } finally {
      await app.close()
    }
  })
})
