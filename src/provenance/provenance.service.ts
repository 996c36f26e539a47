// GET /plants/<id>/provenance: where each of a plant's values and links came from — a dataset source
// (name, URL, licence) for what an import brought, the person and the version for what people saved.
import type { Store } from '../db/store.ts'
import type { Plant } from '../plants/plant.ts'
import { getPlantDoc } from '../plants/plant-reads.ts'
import { plantsPeopleSaved, revisionChangesOf } from '../revisions/revision.repository.ts'
import { allDataSources, linkOriginsOf, valueSourcesOf, type DataSource } from './source.repository.ts'
import { dataOrigins, importedOrigins, linkKey, linkVersions } from './value-origins.ts'

export interface SourceCredit {
  name: string
  url: string | null
  license: string | null
}

interface ValueProvenance {
  key: string
  value: string
  source: SourceCredit | null
  version: number | null
  author: string
}

interface LinkProvenance {
  id: number
  type: 'companion-to' | 'antagonist-to'
  plant_id: number
  name: string
  scientific_name: string
  note: string
  source: SourceCredit | null
  version: number | null
  author: string
}

export interface PlantProvenance {
  plant_id: number
  data: ValueProvenance[]
  links: LinkProvenance[]
}

export async function plantProvenance(store: Store, id: number): Promise<PlantProvenance> {
  return provenanceOf(store, JSON.parse(await getPlantDoc(store, id)) as Plant)
}

/** The dataset sources by id, read once for a page that credits them in several places. */
export function dataSourceCredits(store: Store): Promise<Map<number, DataSource>> {
  return allDataSources(store.reader)
}

type RevisionChanges = Awaited<ReturnType<typeof revisionChangesOf>>[number]

/** The same for a plant already read (the plant page has it, the sources it reads once and its
 * revisions, read with its history). */
export async function provenanceOf(
  store: Store,
  plant: Pick<Plant, 'id' | 'data'>,
  sourcesRead: Promise<Map<number, DataSource>> = dataSourceCredits(store),
  revisionsRead: Promise<RevisionChanges[]> = revisionChangesOf(store.reader, [plant.id]),
): Promise<PlantProvenance> {
  const db = store.reader
  const id = plant.id
  const [revisions, sources, links, credits] = await Promise.all([
    revisionsRead,
    valueSourcesOf(db, [id]),
    linkOriginsOf(db, [id]),
    sourcesRead,
  ])
  const origins = dataOrigins(plant.data, revisions, sources)
  const made = linkVersions(revisions)
  return {
    plant_id: id,
    data: plant.data.map(({ key, value }, index) => {
      const { source_id, version, author } = origins[index]!
      return { key, value, source: creditOf(credits, source_id), version, author }
    }),
    links: links.map((link) => ({
      id: link.id,
      type: link.type,
      plant_id: link.other_id,
      name: link.name,
      scientific_name: link.scientific_name,
      note: link.note,
      source: creditOf(credits, link.source_id),
      version: made.get(linkKey(link)) ?? null,
      author: link.author,
    })),
  }
}

/** For each plant, the name of the dataset source of each of its values that a dataset brought, by key:
 * a few statements for any number of plants (the calendar's windows name their source with it). A plant
 * only imports ever saved needs no revision read: each value is its file's (value-origins.ts); the
 * revisions of the others are read and replayed. */
export async function sourceNamesOf(
  store: Store,
  plants: Pick<Plant, 'id' | 'data'>[],
): Promise<Map<number, Map<string, string>>> {
  const ids = plants.map((plant) => plant.id)
  const [edited, sources, credits] = await Promise.all([
    plantsPeopleSaved(store.reader, ids),
    valueSourcesOf(store.reader, ids),
    allDataSources(store.reader),
  ])
  const revisions = await revisionChangesOf(store.reader, [...edited])
  const names = new Map<number, Map<string, string>>()
  for (const plant of plants) {
    const rows = sources.filter((row) => row.plant_id === plant.id)
    const origins = edited.has(plant.id)
      ? dataOrigins(
          plant.data,
          revisions.filter((revision) => revision.plant_id === plant.id),
          rows,
        )
      : importedOrigins(plant.data, rows)
    const byKey = new Map<string, string>()
    plant.data.forEach(({ key }, index) => {
      const source = creditOf(credits, origins[index]!.source_id)
      if (source) byKey.set(key, source.name)
    })
    names.set(plant.id, byKey)
  }
  return names
}

export function creditOf(credits: Map<number, DataSource>, sourceId: number | null): SourceCredit | null {
  const source = sourceId === null ? undefined : credits.get(sourceId)
  return source ? { name: source.name, url: source.url, license: source.license } : null
}
