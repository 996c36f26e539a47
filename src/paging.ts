// Paging shared by every list: page sizes, the two pagination shapes, and the list body itself.
import type { Plant } from './plants/plant.ts'

const MAX_PER_PAGE = 100

export interface OffsetPagination {
  page: number
  per_page: number
  total: number
  total_pages: number
  /** Search and the sowing calendar only, and only when true: the total is an estimate (see countLimit). */
  total_estimated?: true
}

export interface KeysetPagination {
  per_page: number
  total: number
  last_id: number
  has_more: boolean
}

export interface PageRequest {
  page?: number | undefined
  per_page?: number | undefined
}

/** Larger page sizes are clamped to the maximum, as the interface says, not refused. */
export function pageSize(perPage: number | undefined): number {
  return Math.min(perPage ?? MAX_PER_PAGE, MAX_PER_PAGE)
}

export function offsetWindow(request: PageRequest): {
  page: number
  perPage: number
  limit: number
  offset: number
} {
  const page = request.page ?? 1
  const perPage = pageSize(request.per_page)
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage }
}

export function offsetPagination(page: number, perPage: number, total: number): OffsetPagination {
  return { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) }
}

/** How many plants a search or the sowing calendar found: counted (or read from a kept count), or, past
 * the count's limit, estimated. */
export interface Total {
  total: number
  estimated: boolean
}

export const exactTotal = (total: number): Total => ({ total, estimated: false })

/** Matches are counted exactly up to this many; past it the total is an estimate. */
export const EXACT_TOTAL_UP_TO = 2000

/** How many matches to count for the page at `offset`: up to the exact bound, and always one past the end
 * of the page, so that a count that stops short of this limit is exact, and one that reaches it says there
 * is a page after this one. The last page of results is therefore always counted exactly, and every page
 * before it promises one more: a client that pages until `total_pages` reaches the last page, whatever
 * the estimate said on page 1. */
export function countLimit({ offset, limit }: { offset: number; limit: number }): number {
  return Math.max(EXACT_TOTAL_UP_TO, offset + limit) + 1
}

/** Present, as `true`, on an answer whose total is an estimate (its pagination says so too). */
export const TOTAL_ESTIMATED_HEADER = 'hortus-total-estimated'

/** Offset pagination of a total that may be an estimate. `total_estimated` is there only when it is one, so
 * that an exact answer keeps the interface's shape, field for field. */
export function countedPagination(
  page: number,
  perPage: number,
  { total, estimated }: Total,
): OffsetPagination {
  const pagination = offsetPagination(page, perPage, total)
  return estimated ? { ...pagination, total_estimated: true } : pagination
}

/** A list body built from stored plant documents without parsing them again; `more` adds fields after
 * the pagination (search's interpretation). */
export function plantListJson(
  docs: string[],
  pagination: OffsetPagination | KeysetPagination,
  more: Record<string, unknown> = {},
): string {
  let fields = ''
  for (const [name, value] of Object.entries(more))
    fields += `,${JSON.stringify(name)}:${JSON.stringify(value)}`
  return `{"plants":[${docs.join(',')}],"pagination":${JSON.stringify(pagination)}${fields}}`
}

/** A list's body as plantListJson makes it, read back with the fields `More` its caller added. */
export interface PlantList {
  plants: Plant[]
  pagination: OffsetPagination
}
export const readPlantList = <More extends object = object>(json: string): PlantList & More =>
  JSON.parse(json) as PlantList & More

const LIST_START = Buffer.from('{"plants":[')

/** plantListJson for documents read as one value (db/joined-docs.ts): bytes stay bytes, copied once. */
export function joinedListJson(docs: Buffer | string, paginationJson: string): Buffer | string {
  const end = `],"pagination":${paginationJson}}`
  if (typeof docs === 'string') return `{"plants":[${docs}${end}`
  return Buffer.concat([LIST_START, docs, Buffer.from(end)])
}
