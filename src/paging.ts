// Paging shared by every list: page sizes, the two pagination shapes, and the list body itself.

export const MAX_PER_PAGE = 100

export interface OffsetPagination {
  page: number
  per_page: number
  total: number
  total_pages: number
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

const LIST_START = Buffer.from('{"plants":[')

/** plantListJson for documents read as one value (db/joined-docs.ts): bytes stay bytes, copied once. */
export function joinedListJson(docs: Buffer | string, paginationJson: string): Buffer | string {
  const end = `],"pagination":${paginationJson}}`
  if (typeof docs === 'string') return `{"plants":[${docs}${end}`
  return Buffer.concat([LIST_START, docs, Buffer.from(end)])
}
