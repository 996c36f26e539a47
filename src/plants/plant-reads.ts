// Reading plants. Every answer is built from the stored documents, so no plant is re-assembled per request.
import type { Store } from '../db/store.ts'
import { AppError, notFound } from '../errors.ts'
import {
  joinedListJson,
  offsetPagination,
  offsetWindow,
  pageSize,
  plantListJson,
  readPlantList,
  type PageRequest,
  type PlantList,
} from '../paging.ts'
import type { Plant } from './plant.ts'
import * as repo from './plant.repository.ts'

export interface ListPlantsRequest extends PageRequest {
  last_id?: number | undefined
  updated_since?: string | undefined
}

/** A list's body, and what its ETag is made of when that is cheaper than hashing the body (see
 * http/api-context.ts sendJson). */
export interface ListAnswer {
  json: Buffer | string
  etagSeed?: string
}

/** A plant's document, its version and its time of change (for the caching headers). */
export async function getPlantForAnswer(
  store: Store,
  id: number,
): Promise<{ doc: string; version: number; updated_at: string }> {
  const found = await repo.findPlantDocWithVersion(store.reader, id)
  if (found === undefined) throw notFound(`Plant ${id}`)
  return found
}

export async function getPlantDoc(store: Store, id: number): Promise<string> {
  return (await getPlantForAnswer(store, id)).doc
}

/** How many plants and varieties there are. */
export async function countAllPlants(store: Store): Promise<number> {
  return repo.countPlants(store.reader, { updatedSince: null })
}

/** The plant whose page is /plants/<slug>. */
async function getPlantDocBySlug(store: Store, slug: string): Promise<string> {
  const doc = await repo.findPlantDocBySlug(store.reader, slug)
  if (doc === undefined) throw notFound(`The plant page /plants/${slug}`)
  return doc
}

/** The same with its parent's document, read together (the plant page shows both). */
async function getPlantDocAndParentBySlug(
  store: Store,
  slug: string,
): Promise<{ doc: string; parentDoc: string | null }> {
  const found = await repo.findPlantDocAndParentBySlug(store.reader, slug)
  if (found === undefined) throw notFound(`The plant page /plants/${slug}`)
  return { doc: found.doc, parentDoc: found.parent_doc }
}

/** Several plants by id, in id order; ids that do not exist are left out. */
export async function getPlantDocs(store: Store, ids: number[]): Promise<string[]> {
  return repo.findPlantDocs(store.reader, ids)
}

export async function listPlants(store: Store, request: ListPlantsRequest): Promise<ListAnswer> {
  if (request.updated_since) return { json: await listChangedPlants(store, request) }
  // Unfiltered, the hot case: the page's documents in one statement, as one value, and an ETag made of
  // the page's ids and versions (a document never changes without its version) instead of a hash of
  // 100 KB. Every field of the body is in the seed.
  const db = store.reader
  if (request.page !== undefined) {
    const { page, perPage, limit, offset } = offsetWindow(request)
    const joined = await repo.joinedPageAt(db, limit, offset)
    const pagination = JSON.stringify(offsetPagination(page, perPage, joined.total))
    return { json: joinedListJson(joined.docs, pagination), etagSeed: `${joined.versions}|${pagination}` }
  }
  const perPage = pageSize(request.per_page)
  const afterId = request.last_id ?? 0
  const joined = await repo.joinedPageAfter(db, afterId, perPage)
  const lastId = joined.lastId ?? afterId
  const hasMore = joined.maxId !== null && lastId < joined.maxId
  const pagination = JSON.stringify({
    per_page: perPage,
    total: joined.total,
    last_id: lastId,
    has_more: hasMore,
  })
  return { json: joinedListJson(joined.docs, pagination), etagSeed: `${joined.versions}|${pagination}` }
}

/** The plants changed since a time: a rarer list, paged as the others. */
async function listChangedPlants(store: Store, request: ListPlantsRequest): Promise<string> {
  const filter = { updatedSince: parseInstant(request.updated_since!) }
  const db = store.reader
  if (request.page !== undefined) {
    const { page, perPage, limit, offset } = offsetWindow(request)
    const [total, docs] = await Promise.all([
      repo.countPlants(db, filter),
      repo.listPlantDocsPage(db, filter, limit, offset),
    ])
    return plantListJson(docs, offsetPagination(page, perPage, total))
  }
  const perPage = pageSize(request.per_page)
  const afterId = request.last_id ?? 0
  const [total, rows] = await Promise.all([
    repo.countPlants(db, filter),
    repo.listPlantDocsAfter(db, filter, afterId, perPage + 1),
  ])
  const page = rows.slice(0, perPage)
  const lastId = page.length ? Number(page[page.length - 1]!.id) : afterId
  return plantListJson(
    page.map((row) => row.doc),
    { per_page: perPage, total, last_id: lastId, has_more: rows.length > perPage },
  )
}

export async function listVarieties(store: Store, id: number, request: PageRequest): Promise<string> {
  await assertPlantExists(store, id)
  return varietyListOf(store, id, request)
}

/** The same for a plant already read (the plant page has it): no second look for the plant. */
async function varietyListOf(store: Store, id: number, request: PageRequest): Promise<string> {
  const { page, perPage, limit, offset } = offsetWindow(request)
  const { docs, total } = await repo.listVarietyDocs(store.reader, id, limit, offset)
  return plantListJson(docs, offsetPagination(page, perPage, total))
}

export async function listCompanions(store: Store, id: number, request: PageRequest): Promise<string> {
  await assertPlantExists(store, id)
  const { page, perPage, limit, offset } = offsetWindow(request)
  const [total, docs] = await Promise.all([
    repo.countLinkedPlants(store.reader, id, 'companion-to'),
    repo.listLinkedPlantDocs(store.reader, id, 'companion-to', limit, offset),
  ])
  return plantListJson(docs, offsetPagination(page, perPage, total))
}

export async function assertPlantExists(store: Store, id: number): Promise<void> {
  if (!(await repo.plantExists(store.reader, id))) throw notFound(`Plant ${id}`)
}

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

/** An ISO 8601 date or date-time as the stored timestamp format; a time without a zone is UTC. */
export function parseInstant(text: string): string {
  const trimmed = text.trim()
  const match = INSTANT.exec(trimmed)
  const isRealDate = match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))
  const withZone = trimmed.length === 10 ? `${trimmed}T00:00:00Z` : match?.[4] ? trimmed : `${trimmed}Z`
  const time = isRealDate ? Date.parse(withZone.replace(' ', 'T')) : NaN
  if (Number.isNaN(time)) {
    throw new AppError(
      'badRequest',
      `Query parameter updated_since: "${text}" is not an ISO 8601 date or date-time (e.g. 2026-11-22 or 2026-11-22T10:15:30Z).`,
    )
  }
  return new Date(time).toISOString()
}

/** Date.parse rolls 2026-02-30 over into March; a real date survives the round trip. */
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

// The same reads as plants, for callers that read their fields (the website's pages): the API sends the
// stored text as it is, a page is given the plant it holds.

/** A stored document as the plant it holds. */
export const plantOf = (doc: string): Plant => JSON.parse(doc) as Plant

export async function getPlantBySlug(store: Store, slug: string): Promise<Plant> {
  return plantOf(await getPlantDocBySlug(store, slug))
}

export async function getPlantAndParentBySlug(
  store: Store,
  slug: string,
): Promise<{ plant: Plant; parent: Plant | null }> {
  const { doc, parentDoc } = await getPlantDocAndParentBySlug(store, slug)
  return { plant: plantOf(doc), parent: parentDoc === null ? null : plantOf(parentDoc) }
}

/** Several plants by id, in id order; ids that do not exist are left out. */
export async function getPlants(store: Store, ids: number[]): Promise<Plant[]> {
  return (await getPlantDocs(store, ids)).map(plantOf)
}

export async function listVarietyPlants(store: Store, id: number, request: PageRequest): Promise<PlantList> {
  return readPlantList(await listVarieties(store, id, request))
}

/** listVarietyPlants for a plant already read. */
export async function varietyPlantsOf(store: Store, id: number, request: PageRequest): Promise<PlantList> {
  return readPlantList(await varietyListOf(store, id, request))
}
