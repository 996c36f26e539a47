// Links between plants: companion-to and antagonist-to, symmetric, one per pair, removable with a note.
import type { Account } from '../accounts/account.ts'
import type { Store } from '../db/store.ts'
import { notFound, validationFailed } from '../errors.ts'
import { offsetPagination, offsetWindow, type PageRequest } from '../paging.ts'
import { assertPlantExists } from '../plants/plant-reads.ts'
import { plantExists } from '../plants/plant.repository.ts'
import * as repo from './link.repository.ts'
import { bothSides, recordLinkChanges } from './link-revisions.ts'

export interface CreateLinkInput {
  plant_id: number
  type: repo.LinkType
  note: string
}

export async function listPlantLinks(
  store: Store,
  plantId: number,
  request: PageRequest & { type?: repo.LinkType | undefined },
) {
  await assertPlantExists(store, plantId)
  const { page, perPage, limit, offset } = offsetWindow(request)
  const type = request.type ?? null
  const [total, links] = await Promise.all([
    repo.countLinks(store.reader, plantId, type),
    repo.listLinks(store.reader, plantId, type, limit, offset),
  ])
  return { links, pagination: offsetPagination(page, perPage, total) }
}

export async function createLink(store: Store, plantId: number, input: CreateLinkInput, author: Account) {
  try {
    const linkId = await store.transaction(async (tx) => {
      if (!(await plantExists(tx, plantId))) throw notFound(`Plant ${plantId}`)
      if (input.plant_id === plantId) {
        throw validationFailed([{ field: 'plant_id', problem: 'a plant cannot be linked to itself' }])
      }
      if (!(await plantExists(tx, input.plant_id))) {
        throw validationFailed([{ field: 'plant_id', problem: `no plant has id ${input.plant_id}` }])
      }
      const note = input.note.trim()
      const at = new Date().toISOString()
      // Taking both plants' next versions first also queues concurrent links of the same pair, so the
      // second one finds the first here rather than failing on the unique index.
      await recordLinkChanges(tx, bothSides(plantId, input.plant_id, input.type, true), { note, author, at })
      const existing = await repo.findActiveLinkBetween(tx, plantId, input.plant_id)
      if (existing) throw alreadyLinked(existing.id, existing.type)
      return repo.insertLink(tx, {
        from: plantId,
        to: input.plant_id,
        type: input.type,
        note,
        author: author.name,
        created_at: at,
      })
    })
    return (await repo.findLink(store.db, plantId, linkId))!
  } catch (error) {
    // A concurrent request linked the same pair first.
    if (store.isUniqueViolation(error)) throw alreadyLinked(null, null)
    throw error
  }
}

export async function removeLink(
  store: Store,
  plantId: number,
  linkId: number,
  note: string,
  author: Account,
) {
  return store.transaction(async (tx) => {
    const link = await repo.findLink(tx, plantId, linkId)
    if (!link) throw notFound(`Link ${linkId} of plant ${plantId}`)
    const removedAt = new Date().toISOString()
    const removal = { note: note.trim(), author, at: removedAt }
    await recordLinkChanges(tx, bothSides(plantId, link.plant_id, link.type, false), removal)
    // A concurrent removal that committed first leaves nothing to remove; the versions roll back.
    if (!(await repo.markLinkRemoved(tx, linkId, removal.note, author.name, removedAt)))
      throw notFound(`Link ${linkId}`)
    return { ...link, removed_at: removedAt, removed_note: removal.note, removed_by: author.name }
  })
}

function alreadyLinked(linkId: number | null, type: string | null) {
  const which = linkId === null ? 'already' : `already (link ${linkId}, ${type})`
  return validationFailed([
    { field: 'plant_id', problem: `the two plants are linked ${which}; remove that link first to change it` },
  ])
}
