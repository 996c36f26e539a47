// What the /docs page shows, read from the OpenAPI document the API serves (/api/openapi.json): the key
// headers, the operations grouped by tag with their parameters, bodies, responses and examples, and the
// named schemas. The page is only as complete as the document, and the document carries the examples.

/** A type as the page prints it: text, and the names of schemas, which the page links to. */
export type TypeView = ({ text: string } | { schema: string })[]

export interface FieldView {
  name: string
  /** For a parameter: path, query or header. */
  where?: string
  type: TypeView
  required: boolean
  description: string
}

export interface ResponseView {
  status: string
  description: string
  type: TypeView | null
}

export interface OperationView {
  /** The operationId: the anchor of its section. */
  id: string
  method: string
  path: string
  summary: string
  description: string
  needsKey: boolean
  parameters: FieldView[]
  body: FieldView[] | null
  responses: ResponseView[]
  /** A copy-ready curl command: placeholder key, the example's parameters and body. */
  exampleRequest: string
  exampleStatus: string
  /** The example response body as indented JSON. */
  exampleResponse: string
}

interface TagView {
  /** The tag's name, also the anchor of its section. */
  name: string
  title: string
  description: string
  operations: OperationView[]
}

export interface SchemaView {
  name: string
  description: string
  fields: FieldView[]
}

export interface DocsView {
  title: string
  version: string
  description: string
  /** Where the API answers: this site's origin and the document's server path. */
  baseUrl: string
  documentPath: string
  keyIdHeader: string
  keySecretHeader: string
  /** What the API answers a request without a valid key: status line and JSON body. */
  notAuthenticated: string
  tags: TagView[]
  schemas: SchemaView[]
}

/** The name of the row for what an object takes besides its named fields (search facets). */
export const ANY_OTHER_NAME = 'any other name'

/** Stand-ins for a real key pair in the examples, easy to spot and replace. */
export const KEY_ID_PLACEHOLDER = 'YOUR_KEY_ID'
export const KEY_SECRET_PLACEHOLDER = 'YOUR_KEY_SECRET'

// The few parts of an OpenAPI 3.1 document the page reads.
interface Schema {
  $ref?: string
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  items?: Schema
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  description?: string
  minimum?: number
  maximum?: number
  maxLength?: number
  pattern?: string
}
interface Media {
  schema?: Schema
  example?: unknown
}
interface Parameter {
  name: string
  in: string
  required?: boolean
  description?: string
  schema?: Schema
  example?: unknown
}
interface Operation {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  security?: unknown[]
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, Media> }
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string }
  servers?: { url: string }[]
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: {
    schemas?: Record<string, Schema>
    securitySchemes?: Record<string, { type: string; in?: string; name?: string }>
  }
}

/** The methods in the order the page lists them under one path. */
const METHODS = ['get', 'post', 'put', 'patch', 'delete']
const JSON_TYPE = 'application/json'
const SCHEMA_PREFIX = '#/components/schemas/'

export function docsPageView(
  document: OpenApiDocument,
  { origin, notAuthenticated }: { origin: string; notAuthenticated: string },
): DocsView {
  const documentPath = document.servers?.[0]?.url ?? '/api'
  const baseUrl = `${origin}${documentPath}`
  const headers = Object.values(document.components?.securitySchemes ?? {})
    .filter((scheme) => scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name)
    .map((scheme) => scheme.name!)
  const keyIdHeader = headers.find((name) => name.endsWith('-id')) ?? 'x-key-id'
  const keySecretHeader = headers.find((name) => name.endsWith('-secret')) ?? 'x-key-secret'
  const keyHeaders: [string, string][] = [
    [keyIdHeader, KEY_ID_PLACEHOLDER],
    [keySecretHeader, KEY_SECRET_PLACEHOLDER],
  ]

  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) =>
      operationView(path, method, item[method]!, { baseUrl, keyHeaders }),
    ),
  )
  const declared = (document.tags ?? []).map((tag) => tag.name)
  const used = operations.flatMap((operation) => operation.tag)
  const tags = [...new Set([...declared, ...used])]
    .map((name) => ({
      name,
      title: name.charAt(0).toUpperCase() + name.slice(1),
      description: document.tags?.find((tag) => tag.name === name)?.description ?? '',
      operations: operations.filter((operation) => operation.tag === name).map(({ view }) => view),
    }))
    .filter((tag) => tag.operations.length > 0)

  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    description: schema.description ?? '',
    fields: objectFields(schema),
  }))

  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description ?? '',
    baseUrl,
    documentPath,
    keyIdHeader,
    keySecretHeader,
    notAuthenticated,
    tags,
    schemas,
  }
}

function operationView(
  path: string,
  method: string,
  operation: Operation,
  { baseUrl, keyHeaders }: { baseUrl: string; keyHeaders: [string, string][] },
): { tag: string; view: OperationView } {
  const parameters = operation.parameters ?? []
  const bodyMedia = operation.requestBody?.content?.[JSON_TYPE]
  const responses = Object.entries(operation.responses ?? {})
  const [successStatus, success] = responses.find(([status]) => /^2\d\d$/.test(status)) ?? ['200', {}]
  // JSON when the operation answers it; else its one media type (the export's JSON Lines: one line shown).
  const successMedia = success.content?.[JSON_TYPE] ?? Object.values(success.content ?? {})[0]
  const needsKey = !(Array.isArray(operation.security) && operation.security.length === 0)

  // The example URL: path parameters filled in, and the query parameters that have an example.
  const filledPath = path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const example = parameters.find(
      (parameter) => parameter.in === 'path' && parameter.name === name,
    )?.example
    return encodeURIComponent(example === undefined ? `{${name}}` : asText(example))
  })
  const query = new URLSearchParams(
    parameters
      .filter((parameter) => parameter.in === 'query' && parameter.example !== undefined)
      .map((parameter) => [parameter.name, asText(parameter.example)]),
  ).toString()
  const url = `${baseUrl}${filledPath}${query ? `?${query}` : ''}`

  return {
    tag: operation.tags?.[0] ?? 'other',
    view: {
      id: operation.operationId ?? `${method}-${path}`,
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? '',
      description: operation.description ?? '',
      needsKey,
      parameters: parameters.map((parameter) => ({
        name: parameter.name,
        where: parameter.in,
        type: typeOf(parameter.schema ?? {}),
        required: parameter.required === true,
        description: parameter.description ?? parameter.schema?.description ?? '',
      })),
      body: bodyMedia?.schema ? objectFields(bodyMedia.schema) : null,
      responses: responses.map(([status, response]) => {
        const schema = (response.content?.[JSON_TYPE] ?? Object.values(response.content ?? {})[0])?.schema
        return { status, description: response.description ?? '', type: schema ? typeOf(schema) : null }
      }),
      exampleRequest: curl(
        method.toUpperCase(),
        url,
        needsKey ? keyHeaders : [],
        bodyMedia ? (bodyMedia.example ?? {}) : undefined,
      ),
      exampleStatus: successStatus,
      exampleResponse:
        successMedia?.example === undefined ? '' : JSON.stringify(successMedia.example, null, 2),
    },
  }
}

/** The fields of an object schema: its properties, then what it takes besides them. */
function objectFields(schema: Schema): FieldView[] {
  const required = new Set(schema.required ?? [])
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
    description: property.description ?? '',
  }))
  const extra = schema.additionalProperties
  if (typeof extra === 'object') {
    fields.push({
      name: ANY_OTHER_NAME,
      type: typeOf(extra),
      required: false,
      description: extra.description ?? '',
    })
  }
  return fields
}

/** A schema as a short type: `integer, 1 to 100`, `array of Attribute`, `"Plant" or "Variety"`. */
function typeOf(schema: Schema): TypeView {
  if (schema.$ref?.startsWith(SCHEMA_PREFIX)) return [{ schema: schema.$ref.slice(SCHEMA_PREFIX.length) }]
  if (schema.const !== undefined) return [{ text: JSON.stringify(schema.const) }]
  if (schema.enum) return [{ text: schema.enum.map((value) => JSON.stringify(value)).join(' or ') }]
  const choices = schema.anyOf ?? schema.oneOf
  if (choices)
    return choices.flatMap((choice, index) => [...(index ? [{ text: ' or ' }] : []), ...typeOf(choice)])
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type
  switch (type) {
    case 'array':
      return [{ text: 'array of ' }, ...typeOf(schema.items ?? {})]
    case 'object': {
      const names = Object.keys(schema.properties ?? {})
      return [{ text: names.length ? `object {${names.join(', ')}}` : 'object' }]
    }
    case 'string':
    case 'integer':
    case 'number':
      return [{ text: [type, ...limitsOf(schema)].join(', ') }]
    case undefined:
      return [{ text: 'any' }]
    default:
      return [{ text: type }]
  }
}

function limitsOf(schema: Schema): string[] {
  const limits: string[] = []
  if (schema.format === 'date-time' || schema.format === 'date') limits.push(`ISO 8601 ${schema.format}`)
  if (schema.pattern) limits.push(`matching ${schema.pattern}`)
  if (schema.maxLength !== undefined) limits.push(`at most ${schema.maxLength} characters`)
  const { minimum, maximum } = schema
  const bounded = maximum !== undefined && maximum < Number.MAX_SAFE_INTEGER
  if (minimum !== undefined && bounded) limits.push(`${minimum} to ${maximum}`)
  else if (minimum !== undefined) limits.push(`at least ${minimum}`)
  else if (bounded) limits.push(`at most ${maximum}`)
  return limits
}

/** A parameter's example as it goes into a URL. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** Wraps text in single quotes for a POSIX shell, whatever it contains. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** A curl command, one option a line; a body goes in as indented JSON. */
function curl(method: string, url: string, headers: [string, string][], body?: unknown): string {
  const parts = [`curl${method === 'GET' ? '' : ` -X ${method}`} ${shellQuote(url)}`]
  for (const [name, value] of headers) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  if (body !== undefined) {
    parts.push(`-H ${shellQuote(`content-type: ${JSON_TYPE}`)}`)
    parts.push(`-d ${shellQuote(JSON.stringify(body, null, 2))}`)
  }
  return parts.join(' \\\n  ')
}
