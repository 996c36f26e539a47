// The search page: results of the API's search, facet filters from the attribute registry, paging.
import type { Plant } from '../../plants/plant.ts'
import type { OffsetPagination } from '../../paging.ts'
import { Layout, type Viewer } from '../layout.tsx'
import { SearchForm } from './search-form.tsx'

export interface Facet {
  key: string
  values: { value: string; plants: number }[]
  chosen: string
}

export interface SearchView {
  query: string
  facets: Facet[]
  plants: Plant[]
  pagination: OffsetPagination | null
  /** The query string of this search without `page`, to build the paging links from. */
  base: string
}

export function SearchPage({
  query,
  facets,
  plants,
  pagination,
  base,
  viewer = null,
}: SearchView & { viewer?: Viewer | null }): JSX.Element {
  const title = query ? `Search: ${query}` : 'Search'
  return (
    <Layout title={title} viewer={viewer}>
      <h1>Search plants</h1>
      <SearchForm query={query} />
      <form class="facets" action="/search" method="get" aria-label="Filters">
        <input type="hidden" name="q" value={query} />
        {facets.map((facet, index) => (
          <p>
            <label for={`facet-${index}`} safe>
              {facet.key}
            </label>
            <select id={`facet-${index}`} name={facet.key}>
              <option value="">Any</option>
              {facet.values.map(({ value, plants }) => (
                <option value={value} selected={value.toLowerCase() === facet.chosen.toLowerCase()} safe>
                  {`${value} (${plants})`}
                </option>
              ))}
            </select>
          </p>
        ))}
        <button type="submit">Filter</button>
      </form>
      {pagination === null ? (
        <p>Type a plant name, a scientific name or words from a description.</p>
      ) : (
        <Results plants={plants} pagination={pagination} base={base} />
      )}
    </Layout>
  )
}

function Results({
  plants,
  pagination,
  base,
}: {
  plants: Plant[]
  pagination: OffsetPagination
  base: string
}) {
  if (plants.length === 0) return <p>No plant matches. Try fewer words or filters.</p>
  const { page, total, total_pages } = pagination
  return (
    <>
      <p safe>{`${total} plant${total === 1 ? '' : 's'}, page ${page} of ${total_pages}`}</p>
      <ol class="results" start={String((page - 1) * pagination.per_page + 1)}>
        {plants.map((plant) => (
          <li>
            <a href={plant.link} safe>
              {plant.name}
            </a>{' '}
            <i safe>{plant.scientific_name}</i>
            {plant.type === 'Variety' ? ' (variety)' : ''}
          </li>
        ))}
      </ol>
      <nav class="paging" aria-label="Pages">
        {page > 1 ? (
          <a rel="prev" href={`/search?${base}&page=${page - 1}`}>
            Previous
          </a>
        ) : (
          ''
        )}
        {page < total_pages ? (
          <a rel="next" href={`/search?${base}&page=${page + 1}`}>
            Next
          </a>
        ) : (
          ''
        )}
      </nav>
    </>
  )
}
