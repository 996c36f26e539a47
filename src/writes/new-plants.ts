// New plants written together, the importer's way: each is checked as it is added, as createPlantIn checks
// it, and all are written when the batch is flushed, with a few multi-row statements per table instead of
// a dozen statements per plant. What is written is what createPlantIn would write for the same plants in
// the same order: the same ids, slugs, documents, facet rows, revisions, names, index entries and counts.
import type { Author } from '../accounts/account.ts'
import type { Store, Tx } from '../db/store.ts'
import { validationFailed } from '../errors.ts'
import { plantDocument, type Plant, type PlantType } from '../plants/plant.ts'
import type { PlantFields } from '../plants/plant-changes.ts'
import * as repo from '../plants/plant.repository.ts'
import {
  attributeProblems,
  newPlantFields,
  now,
  parentTypeProblems,
  rowFields,
  toPlant,
  type CreatePlantInput,
} from './plant-writes.ts'
import { firstFreeSlug, slugify } from '../plants/slug.ts'
import { insertedInIndexes, type IndexBatch } from './plant-indexes.ts'
import type { PlantSave } from '../plants/plant-index.ts'

/** A plant added to the batch: its id is known once the batch is flushed. */
export class NewPlant {
  id: number | null = null
  constructor(readonly type: PlantType) {}
}

interface Queued {
  plant: NewPlant
  fields: PlantFields
  /** A parent added to this batch before it, whose id is not known yet. */
  parent: NewPlant | null
  note: string
  at: string
  /** Its place among the batch's saves, taken when it was added (IndexBatch.next). */
  order: number
}

export class NewPlants {
  readonly #queue: Queued[] = []
  /** Plants there before that the batch changed: their rows are written, their indexes wait for the flush. */
  readonly #changed: PlantSave[] = []
  /** The types of plants read or created in this transaction: the parents later plants may name. */
  readonly #types = new Map<number, PlantType>()
  /** The slugs this batch's plants took. */
  readonly slugs: string[] = []

  /** `batch` collects the indexes' counts (the registry's, the vocabulary's), for the caller to write.
   * `takenElsewhere`: slugs another transaction took that it has not committed yet (the importer's batch
   * before, still in flight), which this one's reads cannot see. */
  constructor(
    private readonly store: Store,
    private readonly tx: Tx,
    private readonly author: Author,
    private readonly batch: IndexBatch,
    private readonly takenElsewhere: readonly string[] = [],
  ) {}

  /** Reads the types of plants that plants to come may name as their parent, in one statement. */
  async readTypes(ids: Iterable<number>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.#types.has(id))
    for (const { id, type } of await repo.findPlantTypes(this.tx, missing)) this.#types.set(id, type)
  }

  /** A plant changed some other way in this transaction (an update may change its type). */
  forget(id: number): void {
    this.#types.delete(id)
  }

  /** Checks a new plant and queues it; throws what createPlantIn throws for a plant it refuses. The parent
   * is an id, or a plant added to this batch before it. */
  async add(input: Omit<CreatePlantInput, 'parent_id'>, parent: number | NewPlant | null): Promise<NewPlant> {
    // A queued parent that is a Variety makes an error message that names its id: written first, it has one.
    if (parent instanceof NewPlant && parent.id === null && parent.type !== 'Plant') await this.flush()
    const pending = parent instanceof NewPlant && parent.id === null ? parent : null
    const parentId = parent instanceof NewPlant ? parent.id : parent
    const fields = newPlantFields({ ...input, parent_id: pending ? Number.NaN : parentId })
    const parentType = pending ? pending.type : await this.#typeOf(fields)
    const problems = [...attributeProblems(input.data), ...parentTypeProblems(fields, null, parentType)]
    if (problems.length) throw validationFailed(problems)
    const plant = new NewPlant(fields.type)
    this.#queue.push({
      plant,
      fields,
      parent: pending,
      note: input.note,
      at: now(),
      order: this.batch.next(),
    })
    return plant
  }

  /** A plant there before, changed (saveNextVersion has written its row): its indexes are written with the
   * batch's new plants, a few statements for all instead of a dozen for each. A plant changed again waits
   * for its first change to be written. */
  async changed(save: PlantSave): Promise<void> {
    if (this.#changed.some(({ plant }) => plant.id === save.plant.id)) await this.flush()
    this.#changed.push({ ...save, order: this.batch.next() })
  }

  /** Writes the queued plants (their ids, slugs and documents are found here, in the order they came), and
   * the indexes of the queued plants and of the changed ones. */
  async flush(): Promise<void> {
    const changed = this.#changed.splice(0)
    const added = await this.#writeQueued()
    if (added.length + changed.length > 0)
      await insertedInIndexes(this.store, this.tx, [...added, ...changed], this.batch)
  }

  async #writeQueued(): Promise<PlantSave[]> {
    const queued = this.#queue.splice(0)
    if (queued.length === 0) return []
    const { store, tx } = this
    const ids = await store.newPlantIds(tx, queued.length)
    queued.forEach(({ plant }, index) => (plant.id = ids[index]!))
    const bases = queued.map(({ fields }) => slugify(fields.scientific_name, fields.name))
    const slugs = new TakenSlugs([...(await repo.slugsFromEach(tx, bases)), ...this.takenElsewhere])

    const plants: Plant[] = queued.map(({ plant, fields, parent, at }, index) => {
      if (parent) fields.parent_id = parent.id
      fields.slug = slugs.take(bases[index]!)
      this.slugs.push(fields.slug)
      this.#types.set(plant.id!, fields.type)
      return toPlant(plant.id!, fields, 1, at, at)
    })
    await repo.insertPlants(
      tx,
      plants.map((plant) => ({
        id: plant.id,
        ...rowFields(plant),
        version: 1,
        created_at: plant.created_at,
        updated_at: plant.updated_at,
        doc: plantDocument(plant),
      })),
    )
    return plants.map((plant, index) => {
      const { note, order } = queued[index]!
      return { plant, before: null, note, author: this.author, order }
    })
  }

  async #typeOf(fields: PlantFields): Promise<PlantType | undefined> {
    const id = fields.parent_id
    if (fields.type === 'Plant' || id === null) return undefined
    if (!this.#types.has(id)) await this.readTypes([id])
    return this.#types.get(id)
  }
}

/** The slugs taken in the ranges of a batch's bases, and those the batch takes: each new plant gets the
 * first free one of its base, as firstFreeSlug finds it among the slugs of that base's range. */
class TakenSlugs {
  /** By base: the slugs that are the base itself or the base with a numeric suffix. */
  readonly #byBase = new Map<string, string[]>()

  constructor(taken: string[]) {
    for (const slug of taken) this.#add(slug)
  }

  take(base: string): string {
    const slug = firstFreeSlug(base, this.#byBase.get(base) ?? [])
    this.#add(slug)
    return slug
  }

  #add(slug: string) {
    const suffixed = /^(.+)-[1-9][0-9]*$/.exec(slug)
    for (const base of suffixed ? [slug, suffixed[1]!] : [slug]) {
      const slugs = this.#byBase.get(base)
      if (slugs) slugs.push(slug)
      else this.#byBase.set(base, [slug])
    }
  }
}
