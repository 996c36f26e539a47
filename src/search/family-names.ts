// The common names of plant families (data/family-names.json, from each family's Wikipedia article):
// "nightshade family" is Solanaceae. Read once and checked, like the gardeners' vocabulary.
import { readFileSync } from 'node:fs'
import { fromRoot } from '../paths.ts'

export interface FamilyNames {
  family: string
  names: string[]
}

let loaded: FamilyNames[] | undefined

export function familyNames(): FamilyNames[] {
  loaded ??= checked(
    JSON.parse(readFileSync(fromRoot('data', 'family-names.json'), 'utf8')) as { families: FamilyNames[] },
  )
  return loaded
}

/** A mistake in the file fails at the first search with the row named, not as a wrong answer later. */
function checked(file: { families: FamilyNames[] }): FamilyNames[] {
  if (!Array.isArray(file.families)) throw new Error('data/family-names.json: families must be a list')
  for (const row of file.families) {
    const named =
      Array.isArray(row.names) && row.names.every((name) => typeof name === 'string' && name.trim())
    if (typeof row.family !== 'string' || !row.family.trim() || !named || row.names.length === 0) {
      throw new Error(`data/family-names.json: the row "${row.family}" needs a family and its names`)
    }
  }
  return file.families
}
