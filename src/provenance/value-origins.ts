// Who or what gave each of a plant's values and links, read from its revisions: the newest revision that
// set a value to what it is now saved it. A revision of an import hands over to what the import's file
// said (value-sources rows: the value's own, else its line's); any other revision's author is the
// source. Every save is a revision, so this holds for every way of saving (API, website, revert, import)
// with nothing to keep in step. Pure: the caller reads the rows.
import type { ValueSourcesTable } from '../db/schema.ts'
import type { FieldChange } from '../plants/plant-changes.ts'
import type { Attribute } from '../plants/plant.ts'
import { LINE_SOURCE_KEY } from './source.repository.ts'

/** The author every import's revisions carry (src/transfer/import.ts). */
export const IMPORT_AUTHOR = 'import'

export interface RevisionChanges {
  version: number
  author: string
  author_id: number | null
  /** JSON array of FieldChange. */
  changes: string
}

export interface Origin {
  /** The dataset source (data_sources id), or null for a value a person saved. */
  source_id: number | null
  /** The version of the plant that saved the value here; null when no revision says (data from before
   * revisions were kept). */
  version: number | null
  /** Who saved it: a person's display name, or `import` with the source. */
  author: string
  /** For a value a person saved: the version they saved, here or on the Hortus an export came from. */
  saved_version: number | null
}

/** The origin of each value, in the order of `data`. `revisions` are the plant's, newest first. */
export function dataOrigins(
  data: Attribute[],
  revisions: RevisionChanges[],
  sources: ValueSourcesTable[],
): Origin[] {
  const parsed = revisions.map((revision) => ({
    ...revision,
    changes: JSON.parse(revision.changes) as FieldChange[],
  }))
  const byKey = new Map(sources.map((row) => [row.key, row]))
  return data.map(({ key, value }) => {
    const field = `data.${key}`
    const saving = parsed.find(({ changes }) =>
      changes.some((change) => change.field === field && change.to === value),
    )
    if (!saving) return { source_id: null, version: null, author: IMPORT_AUTHOR, saved_version: null }
    const { version, author } = saving
    if (!isImport(saving)) return { source_id: null, version, author, saved_version: version }
    const row = byKey.get(key) ?? byKey.get(LINE_SOURCE_KEY)
    if (row?.saved_by)
      return { source_id: null, version, author: row.saved_by, saved_version: row.saved_version }
    return { source_id: row?.source_id ?? null, version, author, saved_version: null }
  })
}

/** The origins of the values of a plant whose every revision is an import's: each value is what the
 * files said (its key's row, else its line's), without reading the revisions. */
export function importedOrigins(data: Attribute[], sources: ValueSourcesTable[]): Origin[] {
  const byKey = new Map(sources.map((row) => [row.key, row]))
  return data.map(({ key }) => {
    const row = byKey.get(key) ?? byKey.get(LINE_SOURCE_KEY)
    if (row?.saved_by)
      return { source_id: null, version: null, author: row.saved_by, saved_version: row.saved_version }
    return { source_id: row?.source_id ?? null, version: null, author: IMPORT_AUTHOR, saved_version: null }
  })
}

/** The version that made each of a plant's links, by `<type>:<other plant id>` (linkKey): the newest
 * revision setting `links.<type>` to the other plant. One pass over the revisions, whatever the links. */
export function linkVersions(revisions: RevisionChanges[]): Map<string, number> {
  const versions = new Map<string, number>()
  for (const revision of revisions) {
    for (const change of JSON.parse(revision.changes) as FieldChange[]) {
      if (!change.field.startsWith('links.') || change.to === null) continue
      const key = linkKey({ type: change.field.slice('links.'.length), other_id: Number(change.to) })
      if (!versions.has(key)) versions.set(key, revision.version)
    }
  }
  return versions
}

export const linkKey = (link: { type: string; other_id: number }) => `${link.type}:${link.other_id}`

const isImport = (revision: Pick<RevisionChanges, 'author' | 'author_id'>) =>
  revision.author_id === null && revision.author === IMPORT_AUTHOR
