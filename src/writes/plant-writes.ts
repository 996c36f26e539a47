// Creating and updating plants: the rules of the interface, one transaction per save, a revision for each.
import type { Author } from '../accounts/account.ts'
import type { Store, Tx } from '../db/store.ts'
import { AppError, notFound, validationFailed, type FieldProblem } from '../errors.ts'
import {
  MAX_LIST_ELEMENTS,
  normalizeFacet,
  plantDocument,
  type Attribute,
  type Images,
  type Plant,
  type PlantType,
} from '../plants/plant.ts'
import {
  diffPlant,
  mergeAttributes,
  removeAttributes,
  type FieldChange,
  type PlantFields,
} from '../plants/plant-changes.ts'
import * as repo from '../plants/plant.repository.ts'
import { insertRevisions } from '../plants/revision-rows.ts'
import { firstFreeSlug, slugify } from '../plants/slug.ts'
import { savedInIndexes, type IndexBatch } from './plant-indexes.ts'
import type { PlantSave } from '../plants/plant-index.ts'

export interface CreatePlantInput {
  scientific_name: string
  name: string
  note: string
  description?: string | undefined
  type?: PlantType | 'Species' | undefined
  parent_id?: number | null | undefined
  data?: Attribute[] | undefined
}

export interface UpdatePlantInput {
  version: number
  note: string
  scientific_name?: string | undefined
  name?: string | undefined
  description?: string | undefined
  type?: PlantType | 'Species' | undefined
  parent_id?: number | null | undefined
  data?: Attribute[] | undefined
  /** Keys to remove, matched as facets are (any case). */
  remove_data?: string[] | undefined
  /** Derive a new slug from the (new) names; otherwise a slug never changes. */
  regenerate_slug?: boolean | undefined
}

export const now = (): string => new Date().toISOString()
const canonicalType = (type: PlantType | 'Species' | undefined): PlantType | undefined =>
  type === 'Species' ? 'Plant' : type

export async function createPlant(store: Store, input: CreatePlantInput, author: Author): Promise<string> {
  return retryOnSlugRace(store, () => store.transaction((tx) => createPlantIn(store, tx, input, author)))
}

export async function updatePlant(
  store: Store,
  id: number,
  input: UpdatePlantInput,
  author: Author,
): Promise<string> {
  // Without 'skip', updatePlantIn throws rather than return null.
  const save = (tx: Tx) => updatePlantIn(store, tx, id, input, author) as Promise<string>
  return retryOnSlugRace(store, () => store.transaction(save))
}

/** Creates a plant inside the caller's transaction (the importer saves many in one). With a `batch`, the
 * indexes' counts are added to it for the caller to write; without, they are written here. */
export async function createPlantIn(
  store: Store,
  tx: Tx,
  input: CreatePlantInput,
  author: Author,
  batch?: IndexBatch,
): Promise<string> {
  const fields = newPlantFields(input)
  const problems = [...attributeProblems(input.data), ...(await parentProblems(tx, fields, null))]
  if (problems.length) throw validationFailed(problems)

  const base = slugify(fields.scientific_name, fields.name)
  fields.slug = firstFreeSlug(base, await repo.slugsFrom(tx, base))
  const timestamp = now()
  const id = await repo.insertPlant(tx, {
    ...rowFields(fields),
    version: 1,
    created_at: timestamp,
    updated_at: timestamp,
    doc: '',
  })
  const plant = toPlant(id, fields, 1, timestamp, timestamp)
  const doc = plantDocument(plant)
  await repo.setPlantDoc(tx, id, doc)
  await savedInIndexes(store, tx, { plant, before: null, note: input.note, author }, batch)
  return doc
}

/** The fields of a new plant as given (its slug still to be found). */
export function newPlantFields(input: CreatePlantInput): PlantFields {
  return {
    type: canonicalType(input.type) ?? (input.parent_id != null ? 'Variety' : 'Plant'),
    scientific_name: input.scientific_name.trim(),
    name: input.name.trim(),
    description: input.description ?? '',
    parent_id: input.parent_id ?? null,
    slug: '',
    data: mergeAttributes([], input.data ?? []),
  }
}

export interface UpdateOptions {
  /** What an update that changes nothing does: a validation error, or (the importer) null. */
  onNoChange?: 'fail' | 'skip'
  batch?: IndexBatch
  handOver?: NextVersion['handOver']
  /** The plant as the caller read it in this transaction, at the version it names (the importer reads a
   * batch's plants together); otherwise it is read here. */
  read?: { row: repo.PlantRow; current: Plant }
}

/** Updates a plant inside the caller's transaction, with the optimistic-locking check. An update that
 * changes nothing is a validation error, or (for the importer) returns null. `batch` as for createPlantIn. */
export async function updatePlantIn(
  store: Store,
  tx: Tx,
  id: number,
  input: UpdatePlantInput,
  author: Author,
  { onNoChange = 'fail', batch, handOver, read }: UpdateOptions = {},
): Promise<string | null> {
  const { row, current } =
    read && read.row.version === input.version ? read : await versionToChange(tx, id, input.version)
  const type = canonicalType(input.type) ?? current.type
  const after: PlantFields = {
    type,
    scientific_name: input.scientific_name?.trim() ?? current.scientific_name,
    name: input.name?.trim() ?? current.name,
    description: input.description ?? current.description,
    // Becoming a Plant drops the parent unless the client names one (which is then an error).
    parent_id: input.parent_id !== undefined ? input.parent_id : type === 'Plant' ? null : current.parent_id,
    slug: current.slug,
    data: removeAttributes(mergeAttributes(current.data, input.data ?? []), input.remove_data ?? []),
  }
  return saveNextVersion(store, tx, {
    row,
    current,
    after,
    problems: [...attributeProblems(input.data), ...removalProblems(input)],
    regenerateSlug: input.regenerate_slug === true,
    note: input.note,
    author,
    onNoChange,
    batch,
    handOver,
  })
}

/** The plant a change starts from, when the client read the version it is at. */
export async function versionToChange(
  tx: Tx,
  id: number,
  version: number,
): Promise<{ row: repo.PlantRow; current: Plant }> {
  const row = await repo.findPlant(tx, id)
  if (!row) throw notFound(`Plant ${id}`)
  if (row.version !== version) throw versionMismatch(row.version)
  return { row, current: JSON.parse(row.doc) as Plant }
}

export interface NextVersion {
  row: repo.PlantRow
  current: Plant
  after: PlantFields
  /** Problems the caller found in its input; the fields' own rules are checked here. */
  problems: FieldProblem[]
  regenerateSlug: boolean
  note: string
  author: Author
  onNoChange: 'fail' | 'skip'
  /** Said when nothing would change. */
  nothingChanged?: string
  /** The caller's batch of saves (the importer's), whose counts it writes; none: written with this save. */
  batch?: IndexBatch | undefined
  /** Takes the save, whose indexes the caller writes later with others (the importer's: NewPlants.changed);
   * none: they are written now. */
  handOver?: ((save: PlantSave) => Promise<void>) | undefined
}

/** Writes `after` as the plant's next version (one conditional UPDATE, then what derives from it), after
 * the rules every version must keep. Null when nothing changed and `onNoChange` is 'skip'. */
export async function saveNextVersion(store: Store, tx: Tx, next: NextVersion): Promise<string | null> {
  const { row, current, after } = next
  const id = row.id
  const problems = [...next.problems, ...(await parentProblems(tx, after, id))]
  if (after.type === 'Variety' && current.type === 'Plant' && (await repo.countVarieties(tx, id)) > 0) {
    problems.push({ field: 'type', problem: 'a plant that has varieties cannot become a Variety' })
  }
  if (problems.length) throw validationFailed(problems)
  if (next.regenerateSlug) {
    const base = slugify(after.scientific_name, after.name)
    // The plant's own slug is free for it.
    const taken = (await repo.slugsFrom(tx, base)).filter((slug) => slug !== current.slug)
    after.slug = firstFreeSlug(base, taken)
  }
  const before: PlantFields = { ...current }
  if (diffPlant(before, after).length === 0) {
    if (next.onNoChange === 'skip') return null
    throw validationFailed([
      {
        field: 'body',
        problem:
          next.nothingChanged ??
          'nothing changed; send at least one field with a new value (name, scientific_name, description, type, parent_id, data or remove_data)',
      },
    ])
  }

  const version = row.version + 1
  // The picture shown is not a field: it stays as it is (images/image.service.ts changes it).
  const plant = { ...toPlant(id, after, version, current.created_at, now()), images: current.images }
  const doc = plantDocument(plant)
  const saved = await repo.updatePlantIfVersion(tx, id, row.version, {
    ...rowFields(after),
    version,
    updated_at: plant.updated_at,
    doc,
  })
  if (!saved) throw versionMismatch(null)
  const save = { plant, before, note: next.note, author: next.author }
  if (next.handOver) await next.handOver(save)
  else await savedInIndexes(store, tx, save, next.batch)
  return doc
}

/** A key both set (`data`) and removed (`remove_data`) says two things at once. */
function removalProblems(input: UpdatePlantInput): FieldProblem[] {
  const set = new Set((input.data ?? []).map(({ key }) => normalizeFacet(key)))
  return (input.remove_data ?? []).flatMap((key, index) =>
    set.has(normalizeFacet(key))
      ? [
          {
            field: `remove_data[${index}]`,
            problem: `"${key}" is also in data: set a key or remove it, not both`,
          },
        ]
      : [],
  )
}

export interface PlantChange {
  changes: FieldChange[]
  note: string
  author: Author
  at: string
}

/** Records changes to a plant that are not changes of its fields (links made or removed, images added,
 * chosen or removed), one revision and one version each, with the last one's time as `updated_at` in the
 * stored document, so clients that mirror by `updated_since` and `version` see them; `images`, when
 * given, is the picture the plant now shows. A transaction that changes several plants calls this
 * in plant id order, so concurrent transactions take the row locks in the same order and never deadlock. */
export async function recordPlantChanges(
  tx: Tx,
  id: number,
  revisions: PlantChange[],
  images?: Images,
): Promise<void> {
  const last = revisions.at(-1)
  if (!last) return
  const row = await repo.takeNextVersions(tx, id, revisions.length, last.at)
  if (!row) throw notFound(`Plant ${id}`)
  const stored = JSON.parse(row.doc) as Plant
  const plant: Plant = {
    ...stored,
    version: row.version,
    updated_at: last.at,
    images: images ?? stored.images,
  }
  await repo.setPlantDoc(tx, id, plantDocument(plant))
  const first = row.version - revisions.length + 1
  await insertRevisions(
    tx,
    revisions.map(({ changes, note, author, at }, index) => ({
      plant_id: id,
      version: first + index,
      note: note.trim(),
      author_id: author.id,
      author: author.name,
      created_at: at,
      changes: JSON.stringify(changes),
    })),
  )
}

function versionMismatch(current: number | null): AppError {
  const which = current === null ? 'a newer version' : `version ${current}`
  return new AppError(
    'versionMismatch',
    `The plant has changed since you read it (it is now at ${which}). Fetch it again, re-apply your change and send the new version.`,
  )
}

export function rowFields(fields: PlantFields) {
  const { type, scientific_name, name, parent_id, slug } = fields
  return { type, scientific_name, name, parent_id, slug }
}

export function toPlant(
  id: number,
  fields: PlantFields,
  version: number,
  createdAt: string,
  updatedAt: string,
): Plant {
  return {
    ...fields,
    id,
    version,
    link: '',
    created_at: createdAt,
    updated_at: updatedAt,
    images: { thumb: null, title: null },
  }
}

export function attributeProblems(data: Attribute[] | undefined): FieldProblem[] {
  const seen = new Set<string>()
  const problems: FieldProblem[] = []
  for (const [index, { key, value }] of (data ?? []).entries()) {
    if (seen.has(key))
      problems.push({ field: `data[${index}].key`, problem: `"${key}" is given more than once` })
    seen.add(key)
    // Each element of a list is a facet row and a registry count: a bound keeps one save small.
    const elements = value.split(',').length
    if (elements > MAX_LIST_ELEMENTS)
      problems.push({
        field: `data[${index}].value`,
        problem: `a comma-separated list of at most ${MAX_LIST_ELEMENTS} elements, not ${elements}`,
      })
  }
  return problems
}

/** A Variety needs an existing parent that is a Plant (so the tree is one level deep and has no cycles). */
async function parentProblems(tx: Tx, fields: PlantFields, selfId: number | null): Promise<FieldProblem[]> {
  const needsParent = fields.type !== 'Plant' && fields.parent_id !== null && fields.parent_id !== selfId
  const parent = needsParent ? await repo.findPlant(tx, fields.parent_id!) : undefined
  return parentTypeProblems(fields, selfId, parent?.type)
}

/** parentProblems with the parent's type already read (undefined: no such plant). */
export function parentTypeProblems(
  fields: PlantFields,
  selfId: number | null,
  parentType: PlantType | undefined,
): FieldProblem[] {
  if (fields.type === 'Plant') {
    return fields.parent_id === null
      ? []
      : [{ field: 'parent_id', problem: 'a Plant has no parent; use type Variety or leave parent_id out' }]
  }
  if (fields.parent_id === null)
    return [{ field: 'parent_id', problem: 'required for a Variety: the id of its parent plant' }]
  if (fields.parent_id === selfId)
    return [{ field: 'parent_id', problem: 'a plant cannot be its own parent' }]
  if (!parentType) return [{ field: 'parent_id', problem: `no plant has id ${fields.parent_id}` }]
  if (parentType !== 'Plant')
    return [
      { field: 'parent_id', problem: `plant ${fields.parent_id} is a Variety; a parent must be a Plant` },
    ]
  return []
}

/** Two concurrent saves can pick the same free slug; the unique index stops the second, which tries again. */
async function retryOnSlugRace<T>(store: Store, save: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await save()
    } catch (error) {
      if (attempt >= 3 || !store.isUniqueViolation(error)) throw error
    }
  }
}
