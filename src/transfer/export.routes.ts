// GET /api/export: the handler checks the validator (304 before anything is counted or read), then the
// export limit, then streams. The generic conditional-GET hook (http/conditional-get.ts) hashes bodies it
// holds; this one is a stream, so its ETag is set here.
import { Type } from 'typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import type { Api, ApiOptions } from '../http/api-context.ts'
import { commonErrors, errorResponse } from '../http/schemas.ts'
import { DatasetLineSchema } from './dataset-format.ts'
import { exportStream, exportVersion, parseSince } from './export.service.ts'
import { rateLimitRefusals } from '../metrics/instruments.ts'

const EXPORT_TYPE = 'application/x-ndjson; charset=utf-8'
export const CURSOR_HEADER = 'hortus-changes-cursor'
const HOUR = 3_600_000

export interface ExportOptions extends ApiOptions {
  exportsPerHour: number
  /** The header naming a request's key id: the limit is per key. */
  keyIdHeader: string
}

const ExportQuery = Type.Object({
  since: Type.Optional(
    Type.String({
      description:
        'Only the plants changed at or after this time (ISO 8601 date or date-time), as `hortus export --since`.',
    }),
  ),
})

const ExportHeaderSchema = Type.Object(
  {
    hortus_dataset: Type.Literal(1),
    license: Type.String(),
    license_url: Type.String(),
    attribution: Type.String({ description: 'Who to credit, and how.' }),
    sources: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.String(),
          name: Type.String(),
          url: Type.Optional(Type.String()),
          license: Type.Optional(Type.String()),
        }),
      ),
    ),
    since: Type.Optional(Type.String()),
  },
  { description: 'The first line: the licence, the attribution and the sources lines name.' },
)

const ExportLineSchema = Type.Union([ExportHeaderSchema, DatasetLineSchema], {
  description:
    'One line of the JSON Lines answer: the header first, then one plant a line (Plants before Varieties, each in id order).',
})

export async function exportRoutes(api: Api, { store, exportsPerHour, keyIdHeader }: ExportOptions) {
  const countExport = api.createRateLimit({
    max: exportsPerHour,
    timeWindow: HOUR,
    keyGenerator: (request) => `exports:key:${String(request.headers[keyIdHeader])}`,
  })

  api.get(
    '/export',
    {
      schema: {
        tags: ['export'],
        operationId: 'exportDataset',
        summary: 'The whole dataset (or what changed since a time) as JSON Lines, licence first',
        description:
          'The format of `hortus export` and `hortus import`, streamed, gzip- or brotli-compressed when asked (Accept-Encoding). ' +
          `The ETag follows the latest change: with If-None-Match, an unchanged dataset is a 304 that costs nothing and is not counted. The ${CURSOR_HEADER} header is the change feed's position when the export began: GET /changes?since=<it> gives every change after it (how hortus mirror follows). ` +
          'A few full exports per key an hour (HORTUS_EXPORTS_PER_HOUR, 6 by default).',
        querystring: ExportQuery,
        response: {
          200: {
            description: 'The dataset, one JSON document a line.',
            content: { 'application/x-ndjson': { schema: ExportLineSchema } },
          },
          304: {
            description: 'Not modified: nothing changed since the export whose ETag was sent.',
            type: 'null',
          },
          ...commonErrors,
          429: errorResponse('Too many exports for this key this hour: retry after Retry-After seconds.'),
        },
      },
    },
    async (request, reply) => {
      const since = parseSince(request.query.since)
      const version = await exportVersion(store, since)
      const validated = () =>
        reply
          .header('etag', version.etag)
          .header('cache-control', 'public, no-cache')
          .header(CURSOR_HEADER, version.cursor)
      if (matches(request, version.etag)) return validated().code(304).send(null)
      await refuseOverLimit(request, reply, countExport, exportsPerHour)
      void validated()
        .type(EXPORT_TYPE)
        .header('content-disposition', 'attachment; filename="hortus-export.jsonl"')
      if (request.method === 'HEAD') return reply.send(null)
      const stream = exportStream(store, since)
      stream.on('error', (error) => request.log.error({ err: error }, 'export failed while streaming'))
      // Not a JSON body: the stream bypasses the serializer (the schema documents its lines).
      return reply.send(stream as never)
    },
  )
}

/** If-None-Match with the current validator (weak comparison, lists, `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  if (header === undefined) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === opaque)
}

async function refuseOverLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  count: ReturnType<Api['createRateLimit']>,
  perHour: number,
): Promise<void> {
  if (request.method === 'HEAD') return
  const limit = await count(request)
  if (limit.isAllowed || !limit.isExceeded) return
  void reply.header('retry-after', limit.ttlInSeconds)
  rateLimitRefusals.inc({ limit: 'exports' })
  throw new AppError(
    'tooManyRequests',
    `Too many exports for this key (${perHour} an hour). Retry after ${limit.ttlInSeconds} s (see Retry-After), or ask again with If-None-Match: an unchanged dataset is a 304 that is not counted. GET /api/changes follows every change.`,
  )
}
