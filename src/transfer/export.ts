// `hortus export`: the whole database (or what changed since a time) as JSON Lines, header first. Plants
// come before varieties, so an import always meets a parent before its varieties. Every value and link
// says where it came from (a header source's id, or who saved it), and a line carries its plant's pests
// and diseases: a Hortus that imports the file keeps the provenance.
import type { Db } from '../db/store.ts'
import type { Plant } from '../plants/plant.ts'
import { problemsOf, type ProblemRecord } from '../problems/problem.repository.ts'
import { revisionChangesOf } from '../revisions/revision.repository.ts'
import {
  allDataSources,
  linkOriginsOf,
  valueSourcesOf,
  type DataSource,
  type LinkOrigin,
} from '../provenance/source.repository.ts'
import {
  dataOrigins,
  IMPORT_AUTHOR,
  linkKey,
  linkVersions,
  type Origin,
  type RevisionChanges,
} from '../provenance/value-origins.ts'
import { ATTRIBUTION, LICENSE, LICENSE_URL, type DatasetHeader, type DatasetLine } from './dataset-format.ts'

const PAGE = 1000

/** `pageSize`: plants read at once (the server reads fewer, so each read holds its event loop less). */
export async function* exportDataset(db: Db, since: string | null, pageSize = PAGE): AsyncGenerator<string> {
  const sources = await allDataSources(db)
  const header: DatasetHeader = {
    hortus_dataset: 1,
    license: LICENSE,
    license_url: LICENSE_URL,
    attribution: ATTRIBUTION,
  }
  if (sources.size > 0)
    header.sources = [...sources.values()].map(({ slug, name, url, license }) => ({
      id: slug,
      name,
      ...(url === null ? {} : { url }),
      ...(license === null ? {} : { license }),
    }))
  if (since) header.since = since
  yield JSON.stringify(header)
  for (const type of ['Plant', 'Variety'] as const) {
    let afterId = 0
    for (;;) {
      let query = db
        .selectFrom('plants')
        .select(['id', 'doc'])
        .where('type', '=', type)
        .where('id', '>', afterId)
      if (since) query = query.where('updated_at', '>=', since)
      const rows = await query.orderBy('id').limit(pageSize).execute()
      if (rows.length === 0) break
      const plants = rows.map((row) => JSON.parse(row.doc) as Plant)
      const ids = plants.map((plant) => plant.id)
      const [names, links, revisions, valueSources, problems] = await Promise.all([
        namesOf(
          db,
          plants.map((plant) => plant.parent_id).filter((id): id is number => id !== null),
        ),
        linkOriginsOf(db, ids),
        revisionChangesOf(db, ids),
        valueSourcesOf(db, ids),
        problemsOf(db, ids),
      ])
      const context: Batch = {
        names,
        sources,
        links: groupBy(links, (link) => link.plant_id),
        revisions: groupBy(revisions, (revision) => revision.plant_id),
        valueSources: groupBy(valueSources, (row) => row.plant_id),
        problems,
      }
      for (const plant of plants) yield JSON.stringify(toLine(plant, context))
      afterId = Number(rows[rows.length - 1]!.id)
    }
  }
}

interface Batch {
  names: Map<number, Names>
  sources: Map<number, DataSource>
  links: Map<number, LinkOrigin[]>
  revisions: Map<number, RevisionChanges[]>
  valueSources: Map<number, Awaited<ReturnType<typeof valueSourcesOf>>>
  problems: Map<number, ProblemRecord[]>
}

function toLine(plant: Plant, batch: Batch): DatasetLine {
  const line: DatasetLine = {
    id: plant.id,
    version: plant.version,
    type: plant.type,
    scientific_name: plant.scientific_name,
    name: plant.name,
    slug: plant.slug,
    created_at: plant.created_at,
    updated_at: plant.updated_at,
  }
  if (plant.description) line.description = plant.description
  const parent = plant.parent_id === null ? undefined : batch.names.get(plant.parent_id)
  if (parent) line.parent = { id: plant.parent_id!, ...parent }
  const revisions = batch.revisions.get(plant.id) ?? []
  if (plant.data.length) {
    const origins = dataOrigins(plant.data, revisions, batch.valueSources.get(plant.id) ?? [])
    line.data = plant.data.map(({ key, value }, index) => ({
      key,
      value,
      ...originFields(origins[index]!, batch.sources),
    }))
  }
  // Each link once, on its lower-id plant (links are symmetric).
  const made = linkVersions(revisions)
  const links = (batch.links.get(plant.id) ?? []).filter((link) => link.other_id > plant.id)
  if (links.length)
    line.links = links.map((link) => ({
      id: link.id,
      plant_id: link.other_id,
      created_at: link.created_at,
      type: link.type,
      scientific_name: link.scientific_name,
      name: link.name,
      note: link.note,
      ...originFields(
        {
          source_id: link.source_id,
          author: link.author,
          saved_version: link.author === IMPORT_AUTHOR ? null : (made.get(linkKey(link)) ?? null),
        },
        batch.sources,
      ),
    }))
  const problems = batch.problems.get(plant.id)
  if (problems?.length)
    line.problems = problems.map(({ source_id, severity, symptoms, prevention, ...problem }) => ({
      ...problem,
      ...(severity === null ? {} : { severity }),
      ...(symptoms === null ? {} : { symptoms }),
      ...(prevention === null ? {} : { prevention }),
      ...sourceField(source_id, batch.sources),
    }))
  return line
}

/** `source` for what a dataset brought, `saved_by` for what a person saved; nothing when unknown. */
function originFields(
  origin: Pick<Origin, 'source_id' | 'author' | 'saved_version'>,
  sources: Map<number, DataSource>,
) {
  if (origin.source_id !== null) return sourceField(origin.source_id, sources)
  if (origin.saved_version !== null)
    return { saved_by: { author: origin.author, version: origin.saved_version } }
  return {}
}

function sourceField(sourceId: number | null, sources: Map<number, DataSource>) {
  const source = sourceId === null ? undefined : sources.get(sourceId)
  return source ? { source: source.slug } : {}
}

function groupBy<T>(items: T[], keyOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

type Names = { scientific_name: string; name: string }

async function namesOf(db: Db, ids: number[]): Promise<Map<number, Names>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('plants')
    .select(['id', 'scientific_name', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(
    rows.map((row) => [Number(row.id), { scientific_name: row.scientific_name, name: row.name }]),
  )
}
