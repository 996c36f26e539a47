// /plants/<id>/images: adding a picture (multipart: the file and its author, licence, source and note),
// listing them, choosing the one a plant shows, a moderator removing one. The pictures themselves are
// served at /images/<id>/<size> (image-serving.routes.ts), without a key.
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../errors.ts'
import { IdParams, VisibleText, commonErrors, errorResponse, writeErrors } from '../http/schemas.ts'
import { accountOf, sendJson, type Api, type ApiOptions } from '../http/api-context.ts'
import { component } from '../http/openapi.ts'
import { IdInteger } from '../http/integers.ts'
import { MAX_IMAGE_BYTES } from './image-files.ts'
import {
  IMAGE_LICENSES,
  addImage,
  checkImageFields,
  chooseImage,
  listImages,
  removeImage,
  type ImageFields,
} from './image.service.ts'

const tags = ['images']
const ImageParams = Type.Object({
  ...IdParams.properties,
  image_id: IdInteger('The integer image id.'),
})

const ImageFieldsSchema = Type.Object(
  {
    id: Type.Integer(),
    plant_id: Type.Integer(),
    thumb: Type.String({ description: 'About 200 px on its longer side, WebP.' }),
    title: Type.String({ description: 'About 800 px on its longer side, WebP.' }),
    original: Type.String({ description: 'The file as uploaded, re-encoded without its metadata.' }),
    width: Type.Integer({ description: 'Of the original, in pixels.' }),
    height: Type.Integer(),
    author: Type.String({ description: 'Whom the licence asks to credit (may be empty for CC0).' }),
    license: Type.Enum([...IMAGE_LICENSES]),
    source_url: Type.Union([Type.String(), Type.Null()]),
    note: Type.String(),
    uploader: Type.String({ description: 'The account that added it.' }),
    created_at: Type.String({ format: 'date-time' }),
    shown: Type.Boolean({ description: "It is the plant's `images` (thumb and title)." }),
  },
  { description: 'A picture of a plant, with its licence and credit. Its URLs need no key.' },
)
const ImageSchema = component('Image', ImageFieldsSchema)
const ImageListSchema = component(
  'ImageList',
  Type.Object({ images: Type.Array(ImageSchema) }, { description: "A plant's pictures, oldest first." }),
)
const RemovedImageSchema = component(
  'RemovedImage',
  Type.Object(
    {
      id: Type.Integer(),
      removed_at: Type.String({ format: 'date-time' }),
      removed_by: Type.String(),
      removed_note: Type.String(),
    },
    { description: 'A removed picture: its files are deleted.' },
  ),
)
const NoteBody = Type.Object({ note: VisibleText(2000, 'Why: every change carries a note.') })

export async function imageRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  await api.register(async (uploads: Api) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 4000,
        parts: 12,
        headerPairs: 50,
      },
    })
    uploads.post(
      '/plants/:id/images',
      {
        schema: {
          tags,
          operationId: 'addImage',
          summary: 'Add a picture of a plant (multipart/form-data), with its author and licence',
          description:
            `multipart/form-data with the parts: \`file\` (JPEG, PNG or WebP, at most ${MAX_IMAGE_BYTES / 1048576} MB, ` +
            'checked by decoding; its metadata, GPS included, is stripped), `license` (' +
            `${IMAGE_LICENSES.join(', ')}), \`author\` (required except for CC0), \`source_url\` (optional) and ` +
            '`note`. The first picture of a plant becomes its `images`; each addition is a revision of the plant.',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: {
            201: ImageSchema,
            ...writeErrors,
            413: errorResponse(`The file is larger than ${MAX_IMAGE_BYTES / 1048576} MB.`),
            415: errorResponse(
              'The body is not multipart/form-data, or the file is not a JPEG, PNG or WebP.',
            ),
          },
        },
      },
      async (request, reply) => {
        const account = accountOf(request)
        const { file, fields } = await readUpload(request)
        const image = await addImage(store, request.params.id, file, fields, account)
        return sendJson(reply, JSON.stringify(image), 201)
      },
    )
  })

  api.get(
    '/plants/:id/images',
    {
      schema: {
        tags,
        operationId: 'listImages',
        summary: "A plant's pictures, with author, licence, source and uploader",
        params: IdParams,
        response: { 200: ImageListSchema, ...commonErrors },
      },
    },
    async (request, reply) => sendJson(reply, JSON.stringify(await listImages(store, request.params.id))),
  )

  api.post(
    '/plants/:id/images/:image_id/shown',
    {
      schema: {
        tags,
        operationId: 'showImage',
        summary: 'Make a picture the one the plant shows (its `images`)',
        params: ImageParams,
        body: NoteBody,
        response: { 200: ImageSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id, image_id } = request.params
      const image = await chooseImage(store, id, image_id, request.body.note, accountOf(request))
      return sendJson(reply, JSON.stringify(image))
    },
  )

  api.delete(
    '/plants/:id/images/:image_id',
    {
      schema: {
        tags,
        operationId: 'removeImage',
        summary: 'Remove a picture (moderators): its files are deleted at once',
        params: ImageParams,
        body: NoteBody,
        response: {
          200: RemovedImageSchema,
          ...writeErrors,
          403: errorResponse('Only moderators remove pictures.'),
        },
      },
    },
    async (request) => {
      const { id, image_id } = request.params
      return removeImage(store, id, image_id, request.body.note, accountOf(request))
    },
  )
}

/** The file and the text fields of an upload; the record is checked before the file is read to the end,
 * when the fields come first (a wrong licence costs no decoding). */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; fields: ImageFields }> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupportedMediaType',
      'Send the picture as multipart/form-data: the file in a part named "file", and the fields license, author, source_url and note.',
    )
  }
  const fields: Record<string, string> = {}
  let file: Buffer | null = null
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file !== null) {
          part.file.resume()
          continue
        }
        // The fields sent before the file are checked before it is read: a wrong licence costs no upload.
        if (fields.license !== undefined) checkImageFields(recordOf(fields))
        file = await part.toBuffer()
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    throw uploadError(error)
  }
  const record = recordOf(fields)
  checkImageFields(record)
  if (file === null || file.length === 0) {
    throw new AppError(
      'validationFailed',
      'Invalid field file. file: required: the picture, in a part named "file".',
    )
  }
  return { file, fields: record }
}

const recordOf = (fields: Record<string, string>): ImageFields => ({
  author: fields.author,
  license: fields.license,
  source_url: fields.source_url,
  note: fields.note,
})

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payloadTooLarge', `A picture is at most ${MAX_IMAGE_BYTES / 1048576} MB.`)
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(
        'payloadTooLarge',
        'Send one file and the fields license, author, source_url and note.',
      )
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('badRequest', 'The multipart body could not be read: check its boundary and parts.')
  }
  if (error instanceof AppError) return error
  return new AppError('badRequest', 'The multipart body could not be read: check its boundary and parts.')
}
