// Pictures on the website: a plant's Pictures page (GET /plants/<slug>/pictures), adding one from the form
// (GET/POST /plants/<slug>/pictures/new, multipart: the file, license, author, source_url, note), showing
// another on the plant page (POST …/pictures/<id>/show, a member, with a note) and a moderator's removal
// (POST …/pictures/<id>/remove, with a reason). They call the images service as the logged-in member; each
// is a revision of the plant. The upload counts against a new account's daily writes (`config.write`).
import type { TypedFastify } from '../../http/typed-fastify.ts'
import multipart from '@fastify/multipart'
import type { FastifyReply } from 'fastify'
import { Type, type Static } from 'typebox'
import { IdInteger } from '../../http/integers.ts'
import { hasRole, type Account } from '../../accounts/account.ts'
import type { Store } from '../../db/store.ts'
import { AppError } from '../../errors.ts'
import { addImage, chooseImage, listImages, removeImage } from '../../images/image.service.ts'
import type { Plant } from '../../plants/plant.ts'
import { csrfCheck } from '../common/csrf.ts'
import { authorOf, editor, refusal, SlugParams } from '../common/member-forms.ts'
import { getPlantBySlug } from '../../plants/plant-reads.ts'
import { sendPage } from '../common/page-replies.ts'
import { PictureFormPage } from './picture-form.tsx'
import { PicturesPage, type PicturesView } from './pictures.tsx'
import {
  imageFieldsOf,
  MAX_PICTURE_MEGABYTES,
  PICTURE_FORM_LIMITS,
  pictureFormProblems,
  readPictureForm,
  type PictureFormValues,
  type PictureUpload,
} from './picture-upload.ts'
import { viewerOf } from '../common/viewer.ts'

const PictureParams = Type.Object({
  ...SlugParams.properties,
  image: IdInteger(),
})
const PicturesQuery = Type.Object({
  removed: Type.Optional(IdInteger()),
})
const NoteBody = Type.Object({
  note: Type.Optional(Type.String({ maxLength: 4000 })),
  reason: Type.Optional(Type.String({ maxLength: 4000 })),
  _csrf: Type.Optional(Type.String()),
})

export async function pictureRoutes(web: TypedFastify, { store }: { store: Store }): Promise<void> {
  /** The Pictures page for whoever is looking; a refused post comes back with its problem. */
  const picturesPage = async (
    reply: FastifyReply,
    viewer: Account | null,
    plant: Plant,
    more: Pick<PicturesView, 'notice' | 'refused'> = {},
    status = 200,
  ) => {
    const { images } = await listImages(store, plant.id)
    const csrf = viewer ? reply.generateCsrf() : null
    const moderator = hasRole(viewer, 'moderator')
    return sendPage(reply, PicturesPage({ viewer, plant, pictures: images, csrf, moderator, ...more }), {
      status,
      noStore: true,
    })
  }

  web.get(
    '/plants/:slug/pictures',
    { schema: { hide: true, params: SlugParams, querystring: PicturesQuery } },
    async (request, reply) => {
      const plant = await getPlantBySlug(store, request.params.slug)
      const { removed } = request.query
      const notice = removed ? `Picture ${removed} is removed: its files are deleted.` : undefined
      return picturesPage(reply, await viewerOf(request, store), plant, { notice })
    },
  )

  const formPage = (
    reply: FastifyReply,
    viewer: Account,
    plant: Plant,
    values: PictureFormValues,
    problems: Record<string, string> = {},
    status = 200,
  ) =>
    sendPage(
      reply,
      PictureFormPage({
        viewer,
        plant,
        csrf: reply.generateCsrf(),
        values,
        problems,
        again: status !== 200,
        maxMegabytes: MAX_PICTURE_MEGABYTES,
      }),
      { status, noStore: true },
    )

  web.get(
    '/plants/:slug/pictures/new',
    { schema: { hide: true, params: SlugParams } },
    async (request, reply) => {
      const viewer = await editor(request, reply, store)
      if (!viewer) return reply
      const plant = await getPlantBySlug(store, request.params.slug)
      return formPage(reply, viewer, plant, { license: '', author: viewer.name, source_url: '', note: '' })
    },
  )

  // The only route that takes multipart bodies; the rest of the site still refuses them.
  await web.register(async (uploads: TypedFastify) => {
    await uploads.register(multipart, PICTURE_FORM_LIMITS)
    // The body is the form readPictureForm has read, not what a schema checks.
    uploads.post<{ Body: PictureUpload; Params: Static<typeof SlugParams> }>(
      '/plants/:slug/pictures/new',
      {
        config: { write: true },
        preHandler: [readPictureForm, csrfCheck(uploads)],
        schema: { hide: true, params: SlugParams },
      },
      async (request, reply) => {
        const viewer = await editor(request, reply, store)
        if (!viewer) return reply
        const plant = await getPlantBySlug(store, request.params.slug)
        const upload = request.body
        const again = (problems: Record<string, string>, status: number) =>
          formPage(reply, viewer, plant, upload.values, problems, status)
        const problems = pictureFormProblems(upload)
        if (upload.unreadable) {
          const { status, message } = upload.unreadable
          return again({ ...problems, ...(status === 413 ? { file: message } : { form: message }) }, status)
        }
        if (Object.keys(problems).length) return again(problems, 422)
        try {
          await addImage(store, plant.id, upload.file!, imageFieldsOf(upload.values), authorOf(viewer))
        } catch (error) {
          const file = fileRefusal(error)
          if (file) return again({ file: file.msg }, file.status)
          const refused = refusal(error)
          if (!refused) throw error
          return again({ form: refused.msg }, refused.status)
        }
        return reply.redirect(plant.link, 303)
      },
    )
  })

  web.post(
    '/plants/:slug/pictures/:image/show',
    {
      config: { write: true },
      preHandler: csrfCheck(web),
      schema: { hide: true, params: PictureParams, body: NoteBody },
    },
    async (request, reply) => {
      const viewer = await editor(request, reply, store)
      if (!viewer) return reply
      const { slug, image } = request.params
      const plant = await getPlantBySlug(store, slug)
      const note = request.body.note ?? ''
      try {
        await chooseImage(store, plant.id, image, note, authorOf(viewer))
      } catch (error) {
        const refused = refusal(error)
        if (!refused) throw error
        // The service refuses two things a member can fix: no note, and a picture already shown.
        const problem = !note.trim()
          ? 'Say why this picture should be the one shown.'
          : refused.kind === 'validationFailed'
            ? `Picture ${image} is already the one the plant page shows.`
            : refused.msg
        const failed = { id: image, action: 'show' as const, text: note, problem }
        return picturesPage(reply, viewer, plant, { refused: failed }, refused.status)
      }
      return reply.redirect(plant.link, 303)
    },
  )

  web.post(
    '/plants/:slug/pictures/:image/remove',
    { preHandler: csrfCheck(web), schema: { hide: true, params: PictureParams, body: NoteBody } },
    async (request, reply) => {
      const viewer = await editor(request, reply, store)
      if (!viewer) return reply
      const { slug, image } = request.params
      const plant = await getPlantBySlug(store, slug)
      const reason = request.body.reason ?? ''
      try {
        await removeImage(store, plant.id, image, reason, viewer)
      } catch (error) {
        const refused = refusal(error)
        if (!refused) throw error
        const problem =
          refused.kind === 'validationFailed' && !reason.trim()
            ? 'Say why the picture is removed: the history keeps your reason.'
            : refused.msg
        const failed = { id: image, action: 'remove' as const, text: reason, problem }
        return picturesPage(reply, viewer, plant, { refused: failed }, refused.status)
      }
      return reply.redirect(`${plant.link}/pictures?removed=${image}`, 303)
    },
  )
}

/** A file the images service could not take (not a picture it reads, too large, too many pixels): shown
 * on the form beside the file field. */
function fileRefusal(error: unknown): AppError | null {
  return error instanceof AppError && ['unsupportedMediaType', 'payloadTooLarge'].includes(error.kind)
    ? error
    : null
}
