// The query-string parser. Real clients write arrays three ways, and all must mean the same:
//   Family=A&Family=B   (repeated, as the interface and Python's requests do)
//   Family[]=A          (axios, jQuery, PHP)
//   Family[0]=A         (PHP's http_build_query, qs with indices)
import { parse } from 'node:querystring'

const ARRAY_SUFFIX = /\[\d*\]$/

export function parseQueryString(text: string): Record<string, string | string[]> {
  const parsed = parse(text)
  const params: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>
  for (const [rawName, value] of Object.entries(parsed)) {
    if (value === undefined) continue
    const isArray = ARRAY_SUFFIX.test(rawName)
    const name = rawName.replace(ARRAY_SUFFIX, '')
    const values = [params[name] ?? [], value].flat()
    // A name written as an array stays an array even with one value; a plain repeated name too.
    params[name] = isArray || values.length > 1 ? values : values[0]!
  }
  return params
}
