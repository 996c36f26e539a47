// Request validation. Query strings and path parameters are coerced from text; bodies never are, so
// `"version": "3"` or an attribute value of 5 is an error rather than silently converted. An integer in a path
// must be written in digits: coercion alone would read /plants/0x10 or /plants/1e3 as a plant.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import type { FieldProblem } from '../errors.ts'
import { validatorOnFirstUse } from './compiled-on-first-use.ts'
import { TEXT_FORMATS, textFormatProblem } from '../text/text-formats.ts'

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

const options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false } as const
const withFormats = (ajv: Ajv): Ajv => {
  addFormats(ajv)
  for (const [name, validate] of Object.entries(TEXT_FORMATS))
    ajv.addFormat(name, { type: 'string', validate })
  return ajv
}
const queryAjv = withFormats(new Ajv({ ...options, coerceTypes: 'array' }))
const bodyAjv = withFormats(new Ajv({ ...options, coerceTypes: false }))

/** A validator for JSON read from elsewhere than a request (import files), with the body rules. */
export const bodyValidator = (schema: object) => validatorOnFirstUse(() => bodyAjv.compile(schema))

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, url }) => {
  const validate = validatorOnFirstUse(
    () => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema as object),
    url,
  )
  return httpPart === 'params' ? integersInDigits(schema as PathSchema, validate) : validate
}

interface PathSchema {
  properties?: Record<string, { type?: unknown }>
}

/** An integer path parameter as the router hands it over: up to 16 digits (2^53 − 1 has 16). */
const DIGITS = /^[0-9]{1,16}$/

/** `validate`, after checking that the integer parameters of a path are written in digits. */
function integersInDigits(schema: PathSchema, validate: ValidateFunction): ValidateFunction {
  const integers = Object.entries(schema.properties ?? {})
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name)
  if (integers.length === 0) return validate
  const checked = ((params: Record<string, unknown>) => {
    const name = integers.find((one) => typeof params[one] === 'string' && !DIGITS.test(params[one]))
    if (name === undefined) {
      const valid = validate(params)
      checked.errors = validate.errors
      return valid
    }
    checked.errors = [
      {
        keyword: 'pattern',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        params: { pattern: DIGITS.source },
        message: 'must be written in digits',
      },
    ]
    return false
  }) as ValidateFunction
  return checked
}

/** Fields the service sets itself; naming them in the error tells the client why they were refused. */
const SERVICE_FIELDS = new Set(['id', 'version', 'created_at', 'updated_at', 'slug', 'link', 'images'])

/** One problem per failing field, in a wording a client can act on. */
export function fieldProblems(errors: Partial<ErrorObject>[]): FieldProblem[] {
  const byField = new Map<string, string>()
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'if') continue
    const field = fieldOf(error)
    if (!byField.has(field)) byField.set(field, problemOf(error))
  }
  return [...byField].map(([field, problem]) => ({ field, problem }))
}

function fieldOf(error: Partial<ErrorObject>): string {
  const segments = (error.instancePath ?? '').split('/').filter(Boolean)
  const params = (error.params ?? {}) as Record<string, unknown>
  if (error.keyword === 'required') segments.push(String(params.missingProperty))
  if (error.keyword === 'additionalProperties') segments.push(String(params.additionalProperty))
  const path = segments.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`)).join('')
  return path.replace(/^\./, '') || 'body'
}

function problemOf(error: Partial<ErrorObject>): string {
  const params = (error.params ?? {}) as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return 'required'
    case 'additionalProperties':
      return SERVICE_FIELDS.has(String(params.additionalProperty))
        ? 'set by the service, not by clients'
        : 'not a known field'
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`
    case 'pattern':
      return 'must not be empty or blank'
    case 'format':
      return textFormatProblem(String(params.format)) ?? `must be a ${String(params.format)}`
    case 'maximum':
    case 'minimum':
      return `must be ${error.keyword === 'maximum' ? 'at most' : 'at least'} ${String(params.limit)}`
    case 'type':
      return error.instancePath ? `must be ${String(params.type)}` : 'the body must be a JSON object'
    default:
      return error.message ?? 'is invalid'
  }
}
