// A plant's history on the website: the versions (/plants/<slug>/history), the differences between any two
// (/plants/<slug>/diff?from=3&to=5), restoring an earlier version (a logged-in member, with a note; a write,
// so a new account's daily limit counts it), and a moderator hiding or showing a note. Each calls the same
// services as the API.
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { loginPath } from '../common/return-to.ts'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import { DigitsText, INTEGER_COLUMN_MAX, PageNumber, VersionInteger } from '../../http/integers.ts'
import { hasRole, type Account } from '../../accounts/account.ts'
import type { Store } from '../../db/store.ts'
import { AppError } from '../../errors.ts'
import type { Plant } from '../../plants/plant.ts'
import { getPlantBySlug } from '../../plants/plant-reads.ts'
import { hideNote } from '../../moderation/moderation.service.ts'
import { differencesOf } from '../../revisions/diff.ts'
import { referredPlants } from '../../revisions/referred-plants.ts'
import { revertPlant } from '../../revisions/revert.ts'
import { listRevisions } from '../../revisions/revision.service.ts'
import { compareVersions } from '../../revisions/version-diff.ts'
import { TEXT_FORMATS } from '../../text/text-formats.ts'
import { csrfCheck } from '../common/csrf.ts'
import { sendPage } from '../common/page-replies.ts'
import { DiffPage } from './diff.tsx'
import { HistoryPage, historyPath } from './history.tsx'
import { RESTORE_NOTE_MAX_LENGTH, RestorePage } from './restore.tsx'
import { viewerOf } from '../common/viewer.ts'

const SlugParams = Type.Object({ slug: Type.String({ format: 'single-line', maxLength: 200 }) })
/** A version in a page's address; 0 stands before the first save. */
const Version = VersionInteger(undefined, { minimum: 0 })
const HistoryQuery = Type.Object({
  page: Type.Optional(PageNumber(1_000_000)),
  restored: Type.Optional(Version),
  hidden: Type.Optional(Version),
  shown: Type.Optional(Version),
})
const DiffQuery = Type.Object({ from: Type.Optional(Version), to: Type.Optional(Version) })
const RestoreQuery = Type.Object({ version: Version })
const RestoreBody = Type.Object({
  version: DigitsText(INTEGER_COLUMN_MAX),
  to_version: DigitsText(INTEGER_COLUMN_MAX),
  note: Type.String({ maxLength: RESTORE_NOTE_MAX_LENGTH * 2 }),
  _csrf: Type.Optional(Type.String()),
})
const NoteParams = Type.Object({ slug: SlugParams.properties.slug, version: Version })
const NoteBody = Type.Object({
  hidden: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
  _csrf: Type.Optional(Type.String()),
})
const PER_PAGE = 50

export async function historyRoutes(web: TypedFastify, { store }: { store: Store }): Promise<void> {
  web.get(
    '/plants/:slug/history',
    { schema: { hide: true, params: SlugParams, querystring: HistoryQuery } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      const plant = await getPlantBySlug(store, request.params.slug)
      const query = request.query
      const history = await listRevisions(store, plant.id, { page: query.page, per_page: PER_PAGE }, viewer)
      const revisions = history.revisions.map((revision) => ({
        ...revision,
        author_id: revision.author_id === null ? null : Number(revision.author_id),
        differences: differencesOf(revision.changes),
      }))
      const plants = await referredPlants(
        store,
        revisions.flatMap((revision) => revision.differences),
      )
      const notice =
        query.restored !== undefined
          ? `Version ${query.restored} is restored: the plant is now at version ${plant.version}.`
          : query.hidden !== undefined
            ? `The note of version ${query.hidden} is hidden: only moderators can read it now.`
            : query.shown !== undefined
              ? `The note of version ${query.shown} is shown to everyone again.`
              : undefined
      const csrf = hasRole(viewer, 'moderator') ? reply.generateCsrf() : null
      const page = HistoryPage({
        viewer,
        plant,
        revisions,
        plants,
        pagination: history.pagination,
        csrf,
        notice,
      })
      return sendPage(reply, page, { noStore: csrf !== null })
    },
  )

  web.get(
    '/plants/:slug/diff',
    { schema: { hide: true, params: SlugParams, querystring: DiffQuery } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      const plant = await getPlantBySlug(store, request.params.slug)
      const query = request.query
      const to = query.to ?? plant.version
      const from = query.from ?? Math.max(0, to - 1)
      const diff = await compareVersions(store, plant, from, to, viewer)
      const csrf = hasRole(viewer, 'moderator') ? reply.generateCsrf() : null
      const page = DiffPage({ viewer, plant, diff, csrf, here: request.url })
      return sendPage(reply, page, { noStore: csrf !== null })
    },
  )

  /** The restore page for `viewer`: what restoring `target` would change now, and the form. */
  const restorePage = async (
    reply: FastifyReply,
    viewer: Account,
    plant: Plant,
    target: number,
    form: { note?: string; problem?: string; status?: number } = {},
  ) => {
    if (target < 1) throw new AppError('notFound', 'There is no version 0 to restore.')
    const diff = await compareVersions(store, plant, plant.version, target, viewer)
    // A restore leaves companions and antagonists, and the pictures, as they are.
    const kept = ['link', 'picture', 'shown-picture']
    diff.differences = diff.differences.filter(({ subject }) => !kept.includes(subject.kind))
    const csrf = reply.generateCsrf()
    const page = RestorePage({ viewer, plant, diff, csrf, note: form.note ?? '', problem: form.problem })
    return sendPage(reply, page, { status: form.status ?? 200, noStore: true })
  }

  web.get(
    '/plants/:slug/restore',
    { schema: { hide: true, params: SlugParams, querystring: RestoreQuery } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect(loginPath(request), 303)
      const plant = await getPlantBySlug(store, request.params.slug)
      return restorePage(reply, viewer, plant, request.query.version)
    },
  )

  web.post(
    '/plants/:slug/restore',
    {
      config: { write: true },
      preHandler: csrfCheck(web),
      schema: { hide: true, params: SlugParams, body: RestoreBody },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      const plant = await getPlantBySlug(store, request.params.slug)
      const body = request.body
      const [version, target, note] = [Number(body.version), Number(body.to_version), body.note.trim()]
      const again = (problem: string, status: number) =>
        restorePage(reply, viewer, plant, target, { note, problem, status })
      if (!TEXT_FORMATS['visible-text'](note))
        return again('Say why you restore this version: the note is shown in the history.', 422)
      if (note.length > RESTORE_NOTE_MAX_LENGTH)
        return again(`The note is at most ${RESTORE_NOTE_MAX_LENGTH} characters.`, 422)
      if (version !== plant.version) return again(changedMeanwhile(plant), 409)
      try {
        await revertPlant(store, plant.id, { version, to_version: target, note }, viewer)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (error.kind === 'versionMismatch')
          return restorePage(reply, viewer, await getPlantBySlug(store, plant.slug), target, {
            note,
            problem: changedMeanwhile(plant),
            status: 409,
          })
        if (error.kind === 'validationFailed') return again(error.msg, 422)
        throw error
      }
      return reply.redirect(`${historyPath(plant)}?restored=${target}`, 303)
    },
  )

  web.post(
    '/plants/:slug/history/:version/note',
    { preHandler: csrfCheck(web), schema: { hide: true, params: NoteParams, body: NoteBody } },
    async (request, reply) => {
      const viewer = await viewerOf(request, store)
      if (!viewer) return reply.redirect('/login', 303)
      const { slug, version } = request.params
      const plant = await getPlantBySlug(store, slug)
      const { hidden, reason = '' } = request.body
      await hideNote(store, plant.id, version, hidden === 'true', reason, viewer)
      const done = hidden === 'true' ? 'hidden' : 'shown'
      return reply.redirect(`${historyPath(plant)}?${done}=${version}#v${version}`, 303)
    },
  )
}

const changedMeanwhile = (plant: Plant): string =>
  `Someone saved ${plant.name} while you were looking: below is what restoring changes now. Check it and send again.`
