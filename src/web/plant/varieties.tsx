// All the varieties of a plant, as cards, a page at a time (/plants/<slug>/varieties?page=2): the plant
// page shows the first few.
import type { Plant } from '../../plants/plant.ts'
import type { OffsetPagination } from '../../paging.ts'
import type { PictureCredit } from '../../images/image.service.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { PlantCards } from '../common/plant-cards.tsx'

export interface VarietiesView {
  plant: Plant
  varieties: Plant[]
  credits: Map<number, PictureCredit>
  pagination: OffsetPagination
  viewer: Viewer | null
}

export function VarietiesPage({ plant, varieties, credits, pagination, viewer }: VarietiesView): JSX.Element {
  const { page, total, total_pages, per_page } = pagination
  const base = `${plant.link}/varieties`
  return (
    <Layout title={`Varieties of ${plant.name}`} viewer={viewer}>
      <h1 safe>{`Varieties of ${plant.name}`}</h1>
      <p>
        <a href={plant.link} safe>{`Back to ${plant.name}`}</a>
        <span safe>{` · ${total} varieties, page ${page} of ${Math.max(total_pages, 1)}`}</span>
      </p>
      <PlantCards plants={varieties} credits={credits} start={(page - 1) * per_page + 1} />
      <nav class="paging" aria-label="Pages">
        {page > 1 ? (
          <a rel="prev" href={`${base}?page=${page - 1}`}>
            Previous
          </a>
        ) : (
          ''
        )}
        {page < total_pages ? (
          <a rel="next" href={`${base}?page=${page + 1}`}>
            Next
          </a>
        ) : (
          ''
        )}
      </nav>
    </Layout>
  )
}
