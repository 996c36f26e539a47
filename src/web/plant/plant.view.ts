// What the plant page shows, gathered from the same services the API uses.
import type { Store } from '../../db/store.ts'
import { getPlantAndParentBySlug, getPlants, varietyPlantsOf } from '../../plants/plant-reads.ts'
import type { PlantList } from '../../paging.ts'
import { historyAndChangesOf } from '../../revisions/revision.service.ts'
import { differencesOf } from '../../revisions/diff.ts'
import { referredAmong, referredIds } from '../../revisions/referred-plants.ts'
import { picturesOf } from '../../images/image.service.ts'
import { VARIETIES_LISTED, type PlantView } from './plant.tsx'
import { dataSourceCredits, provenanceOf } from '../../provenance/provenance.service.ts'
import { problemsOfPlant } from '../../problems/problems.service.ts'
import type { FrostDates } from '../../calendar/upcoming.ts'
import { plantCalendarView } from '../sowing/plant-calendar.view.ts'

/** The history's newest revisions on the plant page; the history page has them all. */
const REVISIONS_SHOWN = 3

function varietiesOf(list: PlantList | null): Pick<PlantView, 'varieties' | 'varietyTotal'> {
  if (list === null) return { varieties: [], varietyTotal: 0 }
  return { varieties: list.plants, varietyTotal: list.pagination.total }
}

export async function plantPageView(
  store: Store,
  slug: string,
  frost: FrostDates | null = null,
): Promise<PlantView> {
  const { plant, parent } = await getPlantAndParentBySlug(store, slug)
  // The plant and its parent were just read, in one statement, so nothing below looks for either again;
  // the links come with their origins from the provenance, one read for both; the dataset sources that
  // both credit are read once.
  const sources = dataSourceCredits(store)
  const historyRead = historyAndChangesOf(store, plant.id, { per_page: REVISIONS_SHOWN })
  const [varieties, history, pictures, provenance, problems] = await Promise.all([
    plant.type === 'Plant' ? varietyPlantsOf(store, plant.id, { per_page: VARIETIES_LISTED }) : null,
    historyRead,
    picturesOf(store, plant),
    provenanceOf(
      store,
      plant,
      sources,
      historyRead.then((read) => read.changes),
    ),
    problemsOfPlant(store, plant, sources),
  ])
  const revisions = history.revisions.map(({ version, note, author, created_at, changes }) => ({
    version,
    note,
    author,
    created_at,
    differences: differencesOf(changes),
  }))
  // The linked plants and those the history refers to, in one read.
  const referredTo = referredIds(revisions.flatMap((revision) => revision.differences))
  const others = await getPlants(store, [
    ...new Set([...provenance.links.map((link) => link.plant_id), ...referredTo]),
  ])
  const linked = new Map(others.map((other) => [other.id, other.link]))
  return {
    plant,
    parent,
    calendar: await plantCalendarView(store, plant, parent, frost),
    ...varietiesOf(varieties),
    links: provenance.links.map(({ source, version, author, ...link }) => ({
      ...link,
      link: linked.get(link.plant_id) ?? '#',
      origin: { source, version, author },
    })),
    origins: new Map(provenance.data.map((value) => [value.key, value])),
    problems,
    revisions,
    revisionTotal: history.pagination.total,
    pictures: pictures.images,
    referred: referredAmong(others, referredTo),
  }
}
