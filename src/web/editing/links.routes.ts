// A plant's companions and antagonists on the website (GET /plants/<slug>/links): add one with a note
// (POST …/links), remove one with a note (POST …/links/<id>/remove), both through the link service as the
// logged-in member, then back to the plant page (303). Registered by edit.routes.ts.
import type { TypedFastify } from '../../http/typed-fastify.ts'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import { IdInteger } from '../../http/integers.ts'
import type { Account } from '../../accounts/account.ts'
import type { Store } from '../../db/store.ts'
import { createLink, listPlantLinks, removeLink } from '../../links/link.service.ts'
import type { Plant } from '../../plants/plant.ts'
import { getPlantBySlug, getPlants } from '../../plants/plant-reads.ts'
import { TEXT_FORMATS } from '../../text/text-formats.ts'
import { csrfCheck } from '../common/csrf.ts'
import { editor, refusal, SlugParams } from '../common/member-forms.ts'
import { sendPage } from '../common/page-replies.ts'
import {
  NO_LINK_VALUES,
  PlantLinksPage,
  type LinkFormValues,
  type LinkRow,
  type PlantLinksView,
} from './plant-links-form.tsx'
import { choosePlant } from './plant-choice.ts'
import type { Problems } from './plant-form-input.ts'

const NOTE_MAX_LENGTH = 2000
const AddBody = Type.Object({
  other: Type.Optional(Type.String({ maxLength: 1000 })),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  note: Type.Optional(Type.String({ maxLength: 25_000 })),
  _csrf: Type.Optional(Type.String()),
})
const RemoveParams = Type.Object({
  ...SlugParams.properties,
  linkId: IdInteger(),
})
const RemoveBody = Type.Object({
  note: Type.Optional(Type.String({ maxLength: 25_000 })),
  _csrf: Type.Optional(Type.String()),
})
const KIND = { 'companion-to': 'companions', 'antagonist-to': 'antagonists' } as const

/** What is wrong with a note, in the words of the form; null when it will do. */
function noteProblem(note: string, why: string): string | null {
  if (!note.trim()) return why
  if (note.length > NOTE_MAX_LENGTH) return `At most ${NOTE_MAX_LENGTH} characters, please.`
  if (!TEXT_FORMATS['visible-text'](note)) return 'The note holds characters that cannot be saved: retype it.'
  return null
}

/** The plant's links with each other plant's page, for the list. */
async function linkRows(store: Store, plant: Plant): Promise<LinkRow[]> {
  const { links } = await listPlantLinks(store, plant.id, { per_page: 100 })
  const pages = new Map(
    (
      await getPlants(
        store,
        links.map((link) => link.plant_id),
      )
    ).map((other) => [other.id, other.link] as const),
  )
  return links.map(({ id, type, name, note, plant_id }) => ({
    id,
    plant_id,
    type,
    name,
    note,
    link: pages.get(plant_id) ?? '#',
  }))
}

export async function linkFormRoutes(web: TypedFastify, { store }: { store: Store }): Promise<void> {
  const page = async (
    reply: FastifyReply,
    viewer: Account,
    plant: Plant,
    extra: Partial<Pick<PlantLinksView, 'values' | 'problems' | 'removing' | 'links'>> = {},
    status = 200,
  ) => {
    const view: PlantLinksView = {
      viewer,
      plant,
      csrf: reply.generateCsrf(),
      links: extra.links ?? (await linkRows(store, plant)),
      values: extra.values ?? NO_LINK_VALUES,
      problems: extra.problems ?? {},
      ...(extra.removing ? { removing: extra.removing } : {}),
    }
    return sendPage(reply, PlantLinksPage(view), { status, noStore: true })
  }

  web.get('/plants/:slug/links', { schema: { hide: true, params: SlugParams } }, async (request, reply) => {
    const viewer = await editor(request, reply, store)
    if (!viewer) return reply
    return page(reply, viewer, await getPlantBySlug(store, request.params.slug))
  })

  web.post(
    '/plants/:slug/links',
    {
      preHandler: csrfCheck(web),
      config: { write: true },
      schema: { hide: true, params: SlugParams, body: AddBody },
    },
    async (request, reply) => {
      const viewer = await editor(request, reply, store)
      if (!viewer) return reply
      const plant = await getPlantBySlug(store, request.params.slug)
      const body = request.body
      const values: LinkFormValues = {
        other: (body.other ?? '').trim(),
        type: body.type === 'antagonist-to' ? 'antagonist-to' : 'companion-to',
        note: (body.note ?? '').replace(/\r\n/g, '\n'),
      }
      const links = await linkRows(store, plant)
      const problems: Problems = {}
      const note = noteProblem(
        values.note,
        'Say why, and where it is from: it is shown in both plants’ history.',
      )
      if (note) problems.note = note
      let otherId: number | null = null
      if (!values.other) problems.other = 'Type the name of the other plant, or its id.'
      else {
        const choice = await choosePlant(store, values.other)
        const linked = 'plant' in choice && links.find((link) => link.plant_id === choice.plant.id)
        if ('problem' in choice) problems.other = choice.problem
        else if (choice.plant.id === plant.id) problems.other = 'A plant cannot be linked to itself.'
        else if (linked)
          problems.other = `${choice.plant.name} is already one of the ${KIND[linked.type]} of ${plant.name}. To change that, remove it below first.`
        else otherId = choice.plant.id
      }
      if (Object.keys(problems).length) return page(reply, viewer, plant, { values, problems, links }, 422)
      try {
        await createLink(
          store,
          plant.id,
          { plant_id: otherId!, type: values.type, note: values.note },
          viewer,
        )
        return reply.redirect(plant.link, 303)
      } catch (error) {
        const refused = refusal(error)
        if (!refused) throw error
        return page(reply, viewer, plant, { values, problems: { form: refused.msg }, links }, refused.status)
      }
    },
  )

  web.post(
    '/plants/:slug/links/:linkId/remove',
    {
      preHandler: csrfCheck(web),
      config: { write: true },
      schema: { hide: true, params: RemoveParams, body: RemoveBody },
    },
    async (request, reply) => {
      const viewer = await editor(request, reply, store)
      if (!viewer) return reply
      const plant = await getPlantBySlug(store, request.params.slug)
      const id = request.params.linkId
      const note = (request.body.note ?? '').replace(/\r\n/g, '\n')
      const problem = noteProblem(note, 'Say why it should go: it is shown in both plants’ history.')
      if (problem) return page(reply, viewer, plant, { removing: { id, note, problem } }, 422)
      try {
        await removeLink(store, plant.id, id, note, viewer)
        return reply.redirect(plant.link, 303)
      } catch (error) {
        const refused = refusal(error)
        if (!refused) throw error
        return page(reply, viewer, plant, { removing: { id, note, problem: refused.msg } }, refused.status)
      }
    },
  )
}
