// Editing on the website, for a logged-in member: a plant's fields and attributes (GET/POST
// /plants/<slug>/edit), a new plant or variety (GET/POST /plants/new), and its companions and antagonists
// (links.routes.ts). Forms post and redirect (303), carry a CSRF token and call the same services as the
// API, as the member. A refused form is shown again with the values kept; a save that lost the race with
// someone else's is the conflict page (409: the post conflicts with the plant as it is now, and nothing was
// saved, which a 200 would hide from the browser's history, tests and logs alike).
import type { TypedFastify, TypedRequest } from '../../http/typed-fastify.ts'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import type { Store } from '../../db/store.ts'
import { AppError } from '../../errors.ts'
import type { Plant } from '../../plants/plant.ts'
import { getPlantBySlug, getPlants, plantOf } from '../../plants/plant-reads.ts'
import { createPlant, updatePlant } from '../../writes/plant-writes.ts'
import { attributeRegistry } from '../../attributes/attribute.service.ts'
import { conflictView } from './conflict.view.ts'
import { csrfCheck } from '../common/csrf.ts'
import { linkFormRoutes } from './links.routes.ts'
import { ConflictPage } from './conflict.tsx'
import { EditPlantPage, type FormChoices } from './edit-plant.tsx'
import { NewPlantPage } from './new-plant.tsx'
import { GROWING_CONDITIONS } from '../plant/plant.tsx'
import { choosePlant } from './plant-choice.ts'
import {
  createInput,
  newPlantValues,
  formProblems,
  plantFormValues,
  PlantFormBody,
  readPlantForm,
  updateInput,
  type PlantFormFields,
  type PlantFormValues,
  type Problems,
} from './plant-form-input.ts'
import { authorOf, editor, refusal, SlugParams } from '../common/member-forms.ts'
import { sendPage } from '../common/page-replies.ts'

/** The plant form posts every attribute of a plant: the API's body limit, not the account forms' 16 KB. */
const EDIT_BODY_LIMIT = 1024 * 1024
const NewQuery = Type.Object({
  parent: Type.Optional(Type.String({ format: 'single-line', maxLength: 200 })),
})
/** The growing conditions a new plant's form asks for first. */
const SUGGESTED = GROWING_CONDITIONS.filter((key) => !['Soil pH', 'Layer', 'Growth'].includes(key))

export async function editRoutes(web: TypedFastify, { store }: { store: Store }): Promise<void> {
  /** The attribute keys in use, for the new-attribute box, and each key's frequent values. */
  const choices = async (reply: FastifyReply): Promise<FormChoices> => {
    const { attributes } = await attributeRegistry(store)
    const common = (values: { value: string; plants: number }[]) =>
      values.filter(({ value, plants }) => plants > 1 && value.length <= 60).map(({ value }) => value)
    return {
      csrf: reply.generateCsrf(),
      keys: attributes.map(({ key }) => key),
      valueChoices: new Map(attributes.map(({ key, values }) => [key, common(values)])),
    }
  }

  /** The parent's id for a Variety, or null, with any problem added to `problems`. */
  const parentOf = async (values: PlantFormValues, self: number | null, problems: Problems) => {
    if (values.type === 'Plant') {
      if (values.parent)
        problems.parent =
          'Only a variety has a parent plant: choose “A variety of another plant”, or clear this.'
      return null
    }
    if (!values.parent) {
      problems.parent = 'A variety needs its parent plant: type its name or its id.'
      return null
    }
    // The parent the form was shown with, unchanged: the service checks it is still a Plant.
    if (values.parentId !== null && values.parent === values.parentShown) return values.parentId
    const choice = await choosePlant(store, values.parent, values.parentId)
    if ('problem' in choice) problems.parent = choice.problem
    else if (choice.plant.id === self) problems.parent = 'A plant cannot be a variety of itself.'
    else if (choice.plant.type === 'Variety')
      problems.parent = `${choice.plant.name} is itself a variety: choose the plant it is a variety of.`
    else return choice.plant.id
    return null
  }

  /** The new-plant form (`posted`: null), or what its post did. */
  const newPlant = async (
    request: TypedRequest<{ querystring: typeof NewQuery }>,
    reply: FastifyReply,
    posted: PlantFormFields | null,
  ) => {
    const viewer = await editor(request, reply, store)
    if (!viewer) return reply
    const { parent: slug } = request.query
    const parent = slug ? await getPlantBySlug(store, slug) : null
    if (posted === null) {
      const values = newPlantValues(parent, SUGGESTED)
      return sendPage(
        reply,
        NewPlantPage({ viewer, parent, values, problems: {}, ...(await choices(reply)) }),
        { noStore: true },
      )
    }
    const values = readPlantForm(posted)
    const problems = formProblems(values, 'new')
    const parentId = await parentOf(values, null, problems)
    const { input, problems: invalid } = createInput(values, parentId)
    const shown = { ...invalid, ...problems }
    const page = (problems: Problems, status: number) =>
      choices(reply).then((form) =>
        sendPage(reply, NewPlantPage({ viewer, parent, values, problems, ...form }), {
          status,
          noStore: true,
        }),
      )
    if (Object.keys(shown).length) return page(shown, 422)
    try {
      const created = plantOf(await createPlant(store, input, authorOf(viewer)))
      return reply.redirect(created.link, 303)
    } catch (error) {
      const refused = refusal(error)
      if (!refused) throw error
      return page({ form: refused.msg }, refused.status)
    }
  }

  // HEAD is answered as GET (a HEAD with a body once reached the form reader).
  web.get('/plants/new', { schema: { hide: true, querystring: NewQuery } }, (request, reply) =>
    newPlant(request, reply, null),
  )
  web.post(
    '/plants/new',
    {
      bodyLimit: EDIT_BODY_LIMIT,
      preHandler: csrfCheck(web),
      config: { write: true },
      schema: { hide: true, querystring: NewQuery, body: PlantFormBody },
    },
    (request, reply) => newPlant(request, reply, request.body),
  )

  web.get('/plants/:slug/edit', { schema: { hide: true, params: SlugParams } }, async (request, reply) => {
    const viewer = await editor(request, reply, store)
    if (!viewer) return reply
    const plant = await getPlantBySlug(store, request.params.slug)
    const [parent] = plant.parent_id === null ? [] : await getPlants(store, [plant.parent_id])
    const values = plantFormValues(plant, parent ? parent.name : '')
    const page = EditPlantPage({
      viewer,
      plant,
      values,
      problems: {},
      version: plant.version,
      ...(await choices(reply)),
    })
    return sendPage(reply, page, { noStore: true })
  })

  web.post(
    '/plants/:slug/edit',
    {
      bodyLimit: EDIT_BODY_LIMIT,
      preHandler: csrfCheck(web),
      config: { write: true },
      schema: { hide: true, params: SlugParams, body: PlantFormBody },
    },
    async (request, reply) => {
      const viewer = await editor(request, reply, store)
      if (!viewer) return reply
      const plant = await getPlantBySlug(store, request.params.slug)
      const body = request.body
      if (body.version === undefined)
        throw new AppError(
          'badRequest',
          'The form did not say which version you edited: open the edit page again.',
        )
      const version = Number(body.version)
      const values = readPlantForm(body)
      const problems = formProblems(values, 'edit')
      const parentId = await parentOf(values, plant.id, problems)
      const page = (problems: Problems, status: number) =>
        choices(reply).then((form) =>
          sendPage(reply, EditPlantPage({ viewer, plant, values, problems, version, ...form }), {
            status,
            noStore: true,
          }),
        )
      const conflict = async (current: Plant) => {
        const view = await conflictView(store, current, version, values, parentId)
        return sendPage(reply, ConflictPage({ viewer, conflict: view, ...(await choices(reply)) }), {
          status: 409,
          noStore: true,
        })
      }
      if (Object.keys(problems).length) return page(problems, 422)
      // Versions only grow, and a replica is never ahead: an older version than the one read is a conflict.
      if (version < plant.version) return conflict(plant)
      const { input, problems: invalid } = updateInput(plant, values, version, parentId)
      if (Object.keys(invalid).length) return page(invalid, 422)
      try {
        await updatePlant(store, plant.id, input, authorOf(viewer))
        return reply.redirect(plant.link, 303)
      } catch (error) {
        // Someone saved between our read and the save.
        if (error instanceof AppError && error.kind === 'versionMismatch')
          return conflict(await getPlantBySlug(store, plant.slug))
        const refused = refusal(error)
        if (!refused) throw error
        return page({ form: refused.msg }, refused.status)
      }
    },
  )

  await web.register(linkFormRoutes, { store })
}
