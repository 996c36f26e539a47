// Every integer a request carries, in its path, its query string or its body, is declared with one of these
// builders, bounded by what the column that holds it, or its meaning, allows. A bound the database would
// refuse instead is a 500 on PostgreSQL (`version = 2147483648` is an error on an integer column) and a quiet
// miss on SQLite; the schema refuses it first, as a 404 in a path, a 400 in a query string, a 422 in a body.
// app.ts checks every route as it is added (`assertIntegersBounded`): an integer without bounds stops the
// app from building, so a new route cannot forget them. test/api/integer-bounds.test.ts walks the routes and
// the OpenAPI document; the hostile-request test tries the edges of every integer on both databases.
import type { FastifySchema } from 'fastify'
import { Type } from 'typebox'

/** PostgreSQL's `integer` (versions, counts): 2^31 − 1. SQLite holds more, so this is the bound of both. */
export const INTEGER_COLUMN_MAX = 2 ** 31 - 1
/** Ids are `bigint` identities; JavaScript holds them exactly up to 2^53 − 1, which bounds them instead. */
export const ID_MAX = Number.MAX_SAFE_INTEGER

const described = (description: string | undefined) => (description === undefined ? {} : { description })

/** The id of a plant, link, picture, revision or account (a `bigint` column): from 1, or from 0 as a cursor
 * that stands before the first. */
export const IdInteger = (description?: string, { minimum = 1 }: { minimum?: 0 | 1 } = {}) =>
  Type.Integer({ minimum, maximum: ID_MAX, ...described(description) })

/** A plant's version (an `integer` column): from 1, or from 0 where 0 stands before the first save. */
export const VersionInteger = (description?: string, { minimum = 1 }: { minimum?: 0 | 1 } = {}) =>
  Type.Integer({ minimum, maximum: INTEGER_COLUMN_MAX, ...described(description) })

/** A page number, from 1; `maximum` keeps the offset it stands for within what a list skips quickly. */
export const PageNumber = (maximum: number, description?: string) =>
  Type.Integer({ minimum: 1, maximum, ...described(description) })

/** How many a client asks for (a page size, a feed's limit): any count is taken, above the endpoint's
 * largest it is the largest, so only what JavaScript holds exactly is refused. */
export const Count = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...described(description) })

/** A calendar year: the sowing windows are worked out for years of the Gregorian calendar near ours. */
export const YearInteger = (description?: string) =>
  Type.Integer({ minimum: 1900, maximum: 2200, ...described(description) })

/** An integer sent as text, where a body is not coerced (a website form): as many digits as always fit
 * under `maximum` (9 for an integer column, 15 for an id). */
export const DigitsText = (maximum: number, description?: string) =>
  Type.String({ pattern: `^[0-9]{1,${String(maximum + 1).length - 1}}$`, ...described(description) })

type Part = 'params' | 'querystring' | 'body'
const PARTS: readonly Part[] = ['params', 'querystring', 'body']

/** An integer a route takes: where, under which name (`data[].n` inside an array), and its bounds. */
export interface IntegerInput {
  part: Part
  name: string
  minimum: number | undefined
  maximum: number | undefined
  /** Sent as digits in a string (a form field), not as a number. */
  text: boolean
}

interface Schema {
  type?: unknown
  pattern?: unknown
  maxLength?: unknown
  minimum?: unknown
  maximum?: unknown
  properties?: Record<string, Schema>
  additionalProperties?: unknown
  items?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
}

const isNumeric = (type: unknown) => [type].flat().some((one) => one === 'integer' || one === 'number')
const asNumber = (value: unknown) => (typeof value === 'number' ? value : undefined)

/** The largest number a string schema takes as digits: a pattern that takes "7" and refuses "x" stands for
 * an integer, bounded by the longest run of nines it takes (Infinity past 20 digits: no bound at all). */
function digitsBound(schema: Schema): number | null {
  if (typeof schema.pattern !== 'string') return null
  const pattern = new RegExp(schema.pattern, 'u')
  if (!pattern.test('7') || pattern.test('x')) return null
  const longest = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity
  let digits = 0
  while (digits < 20 && digits < longest && pattern.test('9'.repeat(digits + 1))) digits++
  return digits === 20 ? Infinity : 10 ** digits - 1
}

function collect(schema: unknown, part: Part, name: string, found: IntegerInput[]): void {
  if (typeof schema !== 'object' || schema === null) return
  const s = schema as Schema
  if (isNumeric(s.type)) {
    found.push({ part, name, minimum: asNumber(s.minimum), maximum: asNumber(s.maximum), text: false })
  } else if (s.type === 'string') {
    const maximum = digitsBound(s)
    if (maximum !== null) found.push({ part, name, minimum: 0, maximum, text: true })
  }
  for (const [field, inner] of Object.entries(s.properties ?? {}))
    collect(inner, part, name ? `${name}.${field}` : field, found)
  if (typeof s.additionalProperties === 'object') collect(s.additionalProperties, part, `${name}.*`, found)
  if (s.items !== undefined) collect(s.items, part, `${name}[]`, found)
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    collect(branch, part, name, found)
}

/** Every integer a route's schema takes, in its path, its query string and its body. */
export function integerInputs(schema: FastifySchema | undefined): IntegerInput[] {
  const found: IntegerInput[] = []
  for (const part of PARTS) collect(schema?.[part], part, '', found)
  return found
}

/** What is wrong with an integer's bounds, or null: both are needed, and JavaScript must hold them. */
export function boundsProblem(input: IntegerInput): string | null {
  const { minimum, maximum } = input
  if (maximum === undefined || maximum === Infinity) return 'has no maximum'
  if (minimum === undefined) return 'has no minimum'
  if (maximum > Number.MAX_SAFE_INTEGER || minimum < Number.MIN_SAFE_INTEGER)
    return 'has bounds beyond what JavaScript holds exactly'
  return null
}

/** Throws when a route takes an integer without bounds: called for every route as it is added. */
export function assertIntegersBounded(method: string | string[], url: string, inputs: IntegerInput[]): void {
  const problems = inputs.flatMap((input) => {
    const problem = boundsProblem(input)
    return problem ? [`${input.part} ${input.name || '(the whole value)'} ${problem}`] : []
  })
  if (problems.length > 0)
    throw new Error(
      `${[method].flat().join(',')} ${url}: ${problems.join('; ')}. Declare it with a builder of src/http/integers.ts.`,
    )
}
