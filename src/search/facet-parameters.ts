// The facets of a search request: every name that is not a search parameter is an attribute key in use
// (matched case-insensitively), or it is ignored (an error when strict). A value filters the key by value
// (several match as OR); a value `min..max` filters a numeric key by range, either side left out
// (`Height=1..3`, `Height=20..`, `USDA Hardiness zone=..5`). An empty value or array asks for no filter.
import type { Db } from '../db/store.ts'
import { AppError, clip, unknownParameters } from '../errors.ts'
import { ignoredParameter, type IgnoredParameter } from '../text/closest-name.ts'
import { normalizeFacet } from '../plants/plant.ts'
import { attributeKeysInUse, keysInUse } from '../attributes/attribute.service.ts'
import type { PlantFilter } from './plant-filter.ts'
import type { PhraseBook } from './phrase-book.ts'

/** A number in a range: plain decimal digits, as the values are written (no exponent, no NaN). */
const NUMBER = String.raw`-?\d{1,12}(?:\.\d{1,12})?`
const RANGE = new RegExp(`^\\s*(${NUMBER})?\\s*\\.\\.\\s*(${NUMBER})?\\s*$`)
const RANGE_HELP =
  'a range is min..max with plain numbers, either side may be left out (Height=1..3, Height=20.., Height=..5)'

export async function facetFilters(
  db: Db,
  params: Record<string, unknown>,
  own: readonly string[],
  /** awaited only once the keys are read, so that both can be read together */
  book: PhraseBook | Promise<PhraseBook>,
  strict: boolean,
  /** The endpoint a strict refusal names. */
  endpoint = '/search',
): Promise<{ filters: PlantFilter[]; ignored: IgnoredParameter[] }> {
  const wanted = Object.entries(params)
    .filter(([name]) => !own.includes(name))
    .map(([name, value]) => ({ name, values: [value as string | string[]].flat().filter(Boolean) }))
  if (wanted.length === 0) return { filters: [], ignored: [] }
  const keys = await keysInUse(
    db,
    wanted.map(({ name }) => name),
  )
  const unknown = wanted.filter(({ name }) => !keys.has(normalizeFacet(name))).map(({ name }) => name)
  const suggestFrom = unknown.length > 0 ? [...own, ...(await attributeKeysInUse(db))] : []
  if (unknown.length > 0 && strict) {
    throw unknownParameters(unknown, [...own], endpoint, {
      takesAlso: ', and any attribute key in use as a facet (GET /api/attributes lists them)',
      suggestFrom,
    })
  }
  const byKey = new Map<string, { name: string; values: Set<string> }>()
  for (const { name, values } of wanted) {
    if (values.length === 0 || unknown.includes(name)) continue
    const keyNorm = normalizeFacet(name)
    const entry = byKey.get(keyNorm) ?? { name, values: new Set<string>() }
    for (const value of values) entry.values.add(value.includes('..') ? value.trim() : normalizeFacet(value))
    byKey.set(keyNorm, entry)
  }
  const read = await book
  const filters = [...byKey].map(([keyNorm, { name, values }]) => filterOf(keyNorm, name, [...values], read))
  return { filters, ignored: unknown.map((name) => ignoredParameter(name, suggestFrom)) }
}

function filterOf(keyNorm: string, name: string, values: string[], book: PhraseBook): PlantFilter {
  const ranges = values.filter((value) => value.includes('..'))
  if (ranges.length === 0) return { kind: 'values', keyNorm, values }
  const problem = (text: string) => new AppError('badRequest', `Parameter ${clip(name)}: ${text}.`)
  if (!book.numericKeys.has(keyNorm)) {
    const numeric = [...book.numericKeys.values()].map((key) => key.key).join(', ')
    throw problem(
      `${name} is not a numeric attribute, so it takes values, not a range; numeric keys: ${numeric}`,
    )
  }
  if (values.length > 1) throw problem(`one range per key, and not beside values (${RANGE_HELP})`)
  const range = ranges[0]!
  const match = RANGE.exec(range)
  if (!match) throw problem(`"${clip(range)}" is not a range: ${RANGE_HELP}`)
  const min = match[1] === undefined ? null : Number(match[1])
  const max = match[2] === undefined ? null : Number(match[2])
  if (min === null && max === null) throw problem(`"${clip(range)}" has no bound: ${RANGE_HELP}`)
  if (min !== null && max !== null && min > max)
    throw problem(`"${clip(range)}": the minimum is above the maximum`)
  return { kind: 'range', keyNorm, min, max }
}
