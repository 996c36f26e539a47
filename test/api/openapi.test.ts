import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { tempDir } from '../helpers/temp-dir.ts'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { bodyValidator, validatorCompiler } from '../../src/http/validation.ts'
import { OPERATION_EXAMPLES } from '../../src/http/openapi-examples.ts'

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const REDOCLY = join(ROOT, 'node_modules', '.bin', 'redocly')
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

interface LintReport {
  totals: { errors: number; warnings: number }
  version: string
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[]
}

/** Runs the installed Redocly CLI on `file` with the repository's redocly.yaml; offline, bounded in time. */
function redoclyLint(file: string): Promise<LintReport> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format=json'],
      {
        cwd: ROOT,
        timeout: 60_000,
        // No usage report and no update check: the suite never leaves 127.0.0.1.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
      },
      (error, stdout, stderr) => {
        // Redocly exits 1 when it finds errors; the report on stdout says which.
        if (error?.killed) return reject(new Error(`redocly lint timed out or was killed: ${stderr}`))
        try {
          resolve(JSON.parse(stdout) as LintReport)
        } catch {
          reject(
            new Error(
              `redocly lint printed no JSON report (${error?.message ?? 'exit 0'}): ${stdout}${stderr}`,
            ),
          )
        }
      },
    )
  })
}

let t: TestApp
let document: any
before(async () => {
  t = await buildTestApp()
  // Without a key: the document is public.
  const response = await fetch(`${t.baseUrl}/api/openapi.json`)
  assert.equal(response.status, 200)
  document = await response.json()
})
after(async () => t.close())

const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  )

describe('GET /api/openapi.json', () => {
  it('passes redocly lint (recommended rules) with no error and no warning', async () => {
    const file = join(tempDir('hortus-openapi-'), 'openapi.json')
    writeFileSync(file, JSON.stringify(document, null, 2))
    const report = await redoclyLint(file)
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
    )
    assert.deepEqual(problems, [])
    assert.deepEqual(report.totals, { ...report.totals, errors: 0, warnings: 0 })
  })

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations().map(({ name, operation }) => {
      assert.match(
        String(operation.operationId),
        /^[a-z][a-zA-Z0-9]*$/,
        `${name} has no camelCase operationId`,
      )
      return operation.operationId as string
    })
    assert.ok(ids.length >= 12, `only ${ids.length} operations`)
    assert.equal(new Set(ids).size, ids.length, `duplicate operationIds: ${ids.join(', ')}`)
  })

  it('names the shared schemas and references them instead of copying them', () => {
    const schemas = Object.keys(document.components.schemas)
    for (const name of ['Plant', 'PlantList', 'PlantKeysetList', 'Error', 'Link', 'RevisionList']) {
      assert.ok(schemas.includes(name), `components.schemas lacks ${name}: ${schemas.join(', ')}`)
    }
    assert.deepEqual(
      schemas.filter((name) => /^def-\d+$/.test(name)),
      [],
    )
    const getPlant = document.paths['/plants/{id}'].get.responses
    assert.deepEqual(getPlant['200'].content['application/json'].schema, {
      $ref: '#/components/schemas/Plant',
    })
    assert.equal(getPlant['404'].content['application/json'].schema.$ref, '#/components/schemas/Error')
    // The plant schema is written out once, under components: the description of its field link too.
    const linkDescription = document.components.schemas.Plant.properties.link.description as string
    assert.equal(JSON.stringify(document).split(linkDescription).length - 1, 1)
  })

  it('gives every operation an example request and response that fit its schemas', () => {
    // A response example may not carry a field its schema does not name (Fastify would drop it): every
    // object is closed for this check. Requests are checked with the rules requests are validated with.
    const closed = (schema: any): any => {
      if (Array.isArray(schema)) return schema.map(closed)
      if (typeof schema !== 'object' || schema === null) return schema
      const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]))
      if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false
      return copy
    }
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }))
    const components = closed(document.components)
    for (const { name, operation } of operations()) {
      const id = operation.operationId as string
      const [status, success] = Object.entries(operation.responses as Record<string, any>).find(([code]) =>
        code.startsWith('2'),
      )!
      // JSON, or the one media type an operation names (the export's JSON Lines: the example is a line).
      const media = success.content['application/json'] ?? Object.values(success.content)[0]
      assert.notEqual(media.example, undefined, `${name}: no example for ${status}`)
      assert.deepEqual(media.example, OPERATION_EXAMPLES[id]?.response, `${name}: the example as written`)
      const validate = ajv.compile({ ...closed(media.schema), components })
      assert.ok(validate(media.example), `${name}: ${status} example: ${ajv.errorsText(validate.errors)}`)

      const body = operation.requestBody?.content['application/json']
      if (body) {
        assert.notEqual(body.example, undefined, `${name}: no request body example`)
        const validateBody = bodyValidator(body.schema)
        assert.ok(validateBody(body.example), `${name}: body example: ${ajv.errorsText(validateBody.errors)}`)
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.required) assert.notEqual(parameter.example, undefined, `${name}: ${parameter.name}`)
        if (parameter.example === undefined) continue
        const validateParameter = validatorCompiler({
          schema: { type: 'object', properties: { [parameter.name]: parameter.schema } },
          httpPart: 'querystring',
        } as never) as (data: unknown) => boolean
        assert.ok(validateParameter({ [parameter.name]: parameter.example }), `${name}: ${parameter.name}`)
      }
    }
  })

  it("carries package.json's version", () => {
    assert.equal(document.info.version, PACKAGE_VERSION)
  })
})
