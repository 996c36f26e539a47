import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { tempDir } from '../helpers/temp-dir.ts'

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

  it("carries package.json's version", () => {
    assert.equal(document.info.version, PACKAGE_VERSION)
  })
})
