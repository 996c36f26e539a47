import assert from 'node:assert/strict'
import type { TestResponse } from './test-app.ts'

/** The interface's error shape: the status, JSON content type and {error, msg} with the given error. */
export function assertError(
  response: TestResponse,
  status: number,
  error: string,
  msgIncludes: string[] = [],
): void {
  assert.equal(response.status, status, response.text)
  assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
  assert.deepEqual(Object.keys(response.body as object).sort(), ['error', 'msg'])
  assert.equal(response.body.error, error)
  assert.ok(typeof response.body.msg === 'string' && response.body.msg.length > 0)
  for (const text of msgIncludes)
    assert.ok((response.body.msg as string).includes(text), `msg "${response.body.msg}" lacks "${text}"`)
}

export const PLANT_FIELDS = [
  'id',
  'type',
  'scientific_name',
  'name',
  'version',
  'description',
  'link',
  'slug',
  'parent_id',
  'updated_at',
  'created_at',
  'images',
  'data',
]

export const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
