// The attribute registry: every attribute key in use, how many plants have it, and its values by
// frequency. Search uses it to tell a facet (a key in use, in any letter case) from a mistyped parameter.
import type { Db, Store } from '../db/store.ts'
import { AppError, clip } from '../errors.ts'
import { offsetPagination, offsetWindow, type PageRequest } from '../paging.ts'
import { ATTRIBUTE_KEY_MAX_LENGTH, normalizeFacet } from '../plants/plant.ts'
import { TEXT_FORMATS } from '../text/text-formats.ts'
import * as repo from './attribute.repository.ts'
import { isNumericKey } from './numeric-keys.ts'

/** How many values GET /attributes shows per key; GET /attributes/<key> pages through all of them. */
export const TOP_VALUES = 50

const valueJson = ({ value, plants }: repo.ValueRow) => ({ value, plants })

/** A key of the registry as GET /api/attributes lists it: its most frequent values, and whether its values
 * are numbers (then with their lowest and highest). */
export interface RegistryKey {
  key: string
  plants: number
  values: { value: string; plants: number }[]
  numeric: boolean
  min?: number
  max?: number
}

export async function listAttributes(store: Store): Promise<string> {
  return JSON.stringify(await attributeRegistry(store))
}

/** listAttributes as an object, for the website's pages. */
export async function attributeRegistry(store: Store): Promise<{ attributes: RegistryKey[] }> {
  const keys = await repo.listKeys(store.reader)
  const values = await repo.topValues(
    store.reader,
    keys.map((key) => key.key_norm),
    TOP_VALUES,
  )
  const byKey = new Map<string, repo.ValueRow[]>()
  for (const row of values) byKey.set(row.key_norm, [...(byKey.get(row.key_norm) ?? []), row])
  const numeric = keys.filter(isNumericKey)
  const bounds = new Map(
    await Promise.all(
      numeric.map(
        async (row) => [row.key_norm, await repo.numberBounds(store.reader, row.key_norm)] as const,
      ),
    ),
  )
  const attributes = keys.map((row) => ({
    key: row.key,
    plants: row.plants,
    values: (byKey.get(row.key_norm) ?? []).map(valueJson),
    numeric: isNumericKey(row),
    ...(bounds.get(row.key_norm) ?? {}),
  }))
  return { attributes }
}

export async function attributeValues(store: Store, name: string, request: PageRequest): Promise<string> {
  const key = couldBeKey(name) ? await repo.findKey(store.reader, normalizeFacet(name)) : undefined
  if (!key) {
    throw new AppError(
      'notFound',
      `No plant has the attribute key "${clip(name)}". GET /api/attributes lists the keys in use.`,
    )
  }
  const { page, perPage, limit, offset } = offsetWindow(request)
  const { rows, total } = await repo.pageValues(store.reader, key.key_norm, limit, offset)
  return JSON.stringify({
    key: key.key,
    plants: key.plants,
    values: rows.map(valueJson),
    pagination: offsetPagination(page, perPage, total),
  })
}

/** Which of these names are attribute keys in use, matched case-insensitively: their normalized forms. A
 * name that no key can have (control characters, blank, too long) is not looked up. */
export async function keysInUse(db: Db, names: string[]): Promise<Set<string>> {
  const candidates = names.filter(couldBeKey).map(normalizeFacet)
  return new Set(await repo.findKeyNorms(db, [...new Set(candidates)]))
}

const couldBeKey = (name: string) =>
  name.length <= ATTRIBUTE_KEY_MAX_LENGTH && TEXT_FORMATS['visible-line'](name)

/** Every key in use, as written: what a mistyped facet name is compared with. */
export async function attributeKeysInUse(db: Db): Promise<string[]> {
  return (await repo.listKeys(db)).map((row) => row.key)
}
