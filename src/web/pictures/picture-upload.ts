// The picture form as it is posted (multipart/form-data): read whole in a preHandler, its text fields and
// its file put in `request.body`, so that the site's own CSRF check (csrf.ts, the next preHandler) finds
// the form's token among the fields as it does on every other form, and refuses a forged post with the
// 403 "form expired" page before anything else is looked at. What went wrong while reading (a file over
// the limit, a broken body) is kept for the handler, which shows the form again with the message; so are
// the fields, whatever their order, so nothing typed is lost.
import type { FastifyRequest } from 'fastify'
import { IMAGE_LICENSES, type ImageFields } from '../../images/image.service.ts'
import { MAX_IMAGE_BYTES } from '../../images/image-files.ts'

export interface PictureFormValues {
  license: string
  author: string
  source_url: string
  note: string
}

export interface PictureUpload {
  /** The form's token, which csrfCheck reads here. */
  _csrf: string | undefined
  values: PictureFormValues
  file: Buffer | null
  /** Why the post could not be read whole, with its status. */
  unreadable: { status: number; message: string } | null
}

export const MAX_PICTURE_MEGABYTES = MAX_IMAGE_BYTES / 1024 / 1024

/** The limits of @fastify/multipart for the form: one file, a few short fields. A file over the size is
 * cut short rather than thrown, so the fields after it are still read. */
export const PICTURE_FORM_LIMITS = {
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 4000, parts: 12, headerPairs: 50 },
  throwFileSizeLimit: false,
}

const FIELDS = ['_csrf', 'license', 'author', 'source_url', 'note'] as const

/** preHandler: reads the posted picture form into `request.body` (a PictureUpload). */
export async function readPictureForm(request: FastifyRequest): Promise<void> {
  const text: Record<string, string> = {}
  let file: Buffer | null = null
  let unreadable: PictureUpload['unreadable'] = null
  if (!request.isMultipart()) {
    // A form posted without its file (urlencoded): its token is still checked, then it is refused.
    const body: unknown = request.body
    if (typeof body === 'object' && body !== null)
      for (const [name, value] of Object.entries(body))
        if (typeof value === 'string' && (FIELDS as readonly string[]).includes(name)) text[name] = value
    unreadable = {
      status: 415,
      message: 'The form came without its file. Choose the picture and send the form again.',
    }
  } else {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if ((FIELDS as readonly string[]).includes(part.fieldname) && typeof part.value === 'string')
            text[part.fieldname] = part.value
        } else if (part.fieldname !== 'file' || file !== null) {
          part.file.resume()
        } else {
          file = await part.toBuffer()
          if (part.file.truncated) {
            file = null
            unreadable = {
              status: 413,
              message: `The file is larger than ${MAX_PICTURE_MEGABYTES} MB. Choose a smaller picture: a phone photo saved at a smaller size is plenty.`,
            }
          }
        }
      }
    } catch {
      unreadable = {
        status: 400,
        message:
          'The form could not be read whole (one picture and the fields below, no more). Send it again.',
      }
    }
  }
  const upload: PictureUpload = {
    _csrf: text._csrf,
    values: {
      license: text.license ?? '',
      author: text.author ?? '',
      source_url: text.source_url ?? '',
      note: text.note ?? '',
    },
    file,
    unreadable,
  }
  request.body = upload
}

/** The problems a member can fix on the form, in the form's words, by field; the images service checks
 * the same rules (and the lengths, and the file itself) again. */
export function pictureFormProblems(upload: PictureUpload): Record<string, string> {
  const problems: Record<string, string> = {}
  const { license, author, source_url, note } = upload.values
  if (upload.file === null || upload.file.length === 0) problems.file = 'Choose the picture to add.'
  if (!(IMAGE_LICENSES as readonly string[]).includes(license))
    problems.license = 'Choose who may use the picture: one of the three licences.'
  else if (license !== 'CC0-1.0' && !author.trim())
    problems.author = 'Say who took the photo: this licence asks for them to be credited.'
  if (source_url.trim() && !/^https?:\/\/\S+$/i.test(source_url.trim()))
    problems.source_url = 'A web address starting with https:// or http://, or leave it empty.'
  if (!note.trim()) problems.note = 'Say what the picture shows, or why you add it.'
  return problems
}

export const imageFieldsOf = ({ license, author, source_url, note }: PictureFormValues): ImageFields => ({
  license,
  author,
  source_url,
  note,
})
