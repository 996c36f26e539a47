// The search page: results of the API's search, facet filters from the attribute registry, range filters for
// height and hardiness zone, paging, and how the search read the words typed: each constraint a chip whose ×
// is a link to the same search without those words.
import type { Plant } from '../../plants/plant.ts'
import type { OffsetPagination } from '../../paging.ts'
import type { Interpretation } from '../../search/search.service.ts'
import type { ConstraintJson } from '../../search/understood-query.ts'
import { foldWord } from '../../search/words.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { SearchForm } from './search-form.tsx'
import { FormField } from '../common/form.tsx'
import { PlantCards } from '../common/plant-cards.tsx'
import type { PictureCredit } from '../../images/image.service.ts'

export interface Facet {
  key: string
  values: { value: string; plants: number }[]
  chosen: string
}

/** The range fields of the filter form, as typed. */
export interface RangeFields {
  height_from?: string
  height_to?: string
  hardy_to_zone?: string
}

export interface SearchView {
  query: string
  facets: Facet[]
  ranges: RangeFields
  /** The range filters the data has numbers for. */
  offered: { height: boolean; zone: boolean }
  /** The parameters of this search other than q and page, kept by the paging and chip links. */
  others: [string, string][]
  plants: Plant[]
  /** The credits of the pictures the plants show. */
  credits: Map<number, PictureCredit>
  pagination: OffsetPagination | null
  interpretation: Interpretation | null
  /** What is wrong with the filters, said instead of results. */
  problem?: string | undefined
}

export function SearchPage({
  query,
  facets,
  ranges,
  offered,
  others,
  plants,
  credits,
  pagination,
  interpretation,
  problem,
  viewer = null,
}: SearchView & { viewer?: Viewer | null }): JSX.Element {
  const title = query ? `Search: ${query}` : 'Search'
  const chosen =
    facets.filter((facet) => facet.chosen).length +
    Object.values(ranges).filter((value) => typeof value === 'string' && value.trim()).length
  const searchFor = (q: string) => `/search?${new URLSearchParams([['q', q], ...others]).toString()}`
  return (
    <Layout title={title} viewer={viewer}>
      <h1>Search plants</h1>
      <SearchForm query={query} />
      {interpretation ? <Understood read={interpretation} query={query} searchFor={searchFor} /> : ''}
      <div class="search-layout">
        <details class="filters" open={chosen > 0}>
          <summary>{chosen > 0 ? `Filters (${chosen} chosen)` : 'Filters'}</summary>
          <form class="facets" action="/search" method="get" aria-label="Filters">
            <input type="hidden" name="q" value={query} />
            {facets.map((facet, index) => (
              <FormField
                id={`facet-${index}`}
                label={facet.key}
                class={null}
                control={(tie) => (
                  <select id={`facet-${index}`} name={facet.key} {...tie}>
                    <option value="">Any</option>
                    {facet.values.map(({ value, plants }) => (
                      <option
                        value={value}
                        selected={value.toLowerCase() === facet.chosen.toLowerCase()}
                        safe
                      >
                        {`${value} (${plants})`}
                      </option>
                    ))}
                  </select>
                )}
              />
            ))}
            {offered.height ? <HeightFields ranges={ranges} /> : ''}
            {offered.zone ? <ZoneField chosen={ranges.hardy_to_zone ?? ''} /> : ''}
            <button type="submit">Filter</button>
          </form>
        </details>
        <div class="search-results">
          {problem ? (
            <p class="notice problem" role="alert" safe>
              {problem}
            </p>
          ) : (
            ''
          )}
          {pagination !== null ? (
            <Results plants={plants} credits={credits} pagination={pagination} base={searchFor(query)} />
          ) : problem ? (
            ''
          ) : (
            <p>
              Type a plant name, or what you need: “full sun ground cover”, “shade tolerant shrubs”, “hardy to
              zone 4”. Or choose filters and press Filter.
            </p>
          )}
        </div>
      </div>
    </Layout>
  )
}

function HeightFields({ ranges }: { ranges: RangeFields }) {
  const field = (id: string, name: keyof RangeFields, label: string) => (
    <FormField
      id={id}
      label={label}
      class={null}
      control={(tie) => (
        <input
          id={id}
          name={name}
          type="number"
          min="0"
          step="any"
          inputmode="decimal"
          value={ranges[name]}
          {...tie}
        />
      )}
    />
  )
  return (
    <>
      {field('height-from', 'height_from', 'Height from (m)')}
      {field('height-to', 'height_to', 'Height to (m)')}
    </>
  )
}

/** USDA zone N's coldest winters: from −60 °F in zone 1, 10 °F warmer each zone. */
const zoneLow = (zone: number) => {
  const fahrenheit = 10 * zone - 70
  const celsius = Math.round(((fahrenheit - 32) * 5) / 9)
  const signed = (degrees: number) => (degrees < 0 ? `−${-degrees}` : String(degrees))
  return `${signed(celsius)} °C / ${signed(fahrenheit)} °F`
}

function ZoneField({ chosen }: { chosen: string }) {
  return (
    <FormField
      id="hardy-to-zone"
      label="Hardy to zone"
      class={null}
      control={(tie) => (
        <select id="hardy-to-zone" name="hardy_to_zone" {...tie}>
          <option value="">Any</option>
          {Array.from({ length: 13 }, (_, index) => index + 1).map((zone) => (
            <option value={String(zone)} selected={chosen === String(zone)} safe>
              {`${zone} (${zoneLow(zone)})`}
            </option>
          ))}
        </select>
      )}
    />
  )
}

/** "Searched for:" with a chip per constraint, then, quietly, the name words and the words left out. */
function Understood({
  read,
  query,
  searchFor,
}: {
  read: Interpretation
  query: string
  searchFor: (q: string) => string
}) {
  const { constraints, name_words: names, dropped_words: dropped, unmatched_words: unmatched } = read
  if (constraints.length === 0 && dropped.length === 0 && unmatched.length === 0) return ''
  const quoted = (words: string[]) => words.map((word) => `‘${word}’`).join(' and ')
  const notes = [
    names.length > 0 ? `Plant names searched for ${quoted(names)}.` : '',
    dropped.length > 0 ? `Left out: ${dropped.join(', ')}.` : '',
    unmatched.length > 0
      ? `No plant matched ${quoted(unmatched)} with the other words, so ${unmatched.length === 1 ? 'it was' : 'they were'} left out.`
      : '',
  ].filter(Boolean)
  return (
    <div class="understood">
      {constraints.length > 0 ? (
        <div class="chips">
          <span id="searched-for">Searched for:</span>
          <ul aria-labelledby="searched-for">
            {constraints.map((constraint) => {
              const label = chipLabel(constraint)
              return (
                <li class="chip">
                  {constraint.kind === 'companions' ? (
                    <span>
                      Companions of{' '}
                      <a href={constraint.plant.link} safe>
                        {constraint.plant.name}
                      </a>
                    </span>
                  ) : (
                    <span safe>{label}</span>
                  )}
                  <a
                    class="chip-remove"
                    href={searchFor(withoutWords(query, constraint.words))}
                    aria-label={`Remove ${label}`}
                    title={`Remove ${label}`}
                  >
                    ×
                  </a>
                </li>
              )
            })}
          </ul>
        </div>
      ) : (
        ''
      )}
      {notes.length > 0 ? (
        <p class="hint" safe>
          {notes.join(' ')}
        </p>
      ) : (
        ''
      )}
    </div>
  )
}

/** Shorter names a gardener says for some keys. */
const SHORT_KEYS: Record<string, string> = {
  'Light requirement': 'Light',
  'Water requirement': 'Water',
  'Soil type': 'Soil',
}
const keyLabel = (key: string) => SHORT_KEYS[key] ?? key
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A constraint in a gardener's words: "Light: Full sun", "Height: over 30 m", "Hardy to zone 4". */
function chipLabel(constraint: ConstraintJson): string {
  switch (constraint.kind) {
    case 'value':
      return `${keyLabel(constraint.key)}: ${constraint.values.map(capitalised).join(' or ')}`
    case 'has':
      return capitalised(constraint.key)
    case 'companions':
      return `Companions of ${constraint.plant.name}`
    case 'range':
      return rangeLabel(constraint)
  }
}

function rangeLabel({ key, min, max, unit }: Extract<ConstraintJson, { kind: 'range' }>): string {
  // The zone is the coldest a plant survives: "..4" is hardy to zone 4, "8.." needs zone 8 or warmer.
  if (key.toLowerCase() === 'usda hardiness zone') {
    if (min === null) return `Hardy to zone ${max}`
    if (max === null) return `Needs zone ${min} or warmer`
    return min === max ? `Hardy to zone ${max}, not colder` : `Hardy to zones ${min}–${max}`
  }
  const unitText = unit ? ` ${unit}` : ''
  const amount =
    min === null
      ? `under ${max}${unitText}`
      : max === null
        ? `over ${min}${unitText}`
        : min === max
          ? `${min}${unitText}`
          : `${min}–${max}${unitText}`
  return `${keyLabel(key)}: ${amount}`
}

/** The words of a query as the search reads them (query-reading.ts): numbers with their decimals, words of
 * letters and digits, a dash only between two numbers; each folded and with where it is in `text`. */
function wordsOf(text: string) {
  const found = [...text.matchAll(/\d+(?:\.\d+)?|[\p{L}\p{N}]+|[-–]/gu)].map((match) => {
    const raw = match[0]
    const word = /^\d/.test(raw) ? raw : raw === '–' || raw === '-' ? '-' : foldWord(raw.toLowerCase())
    return { word, start: match.index, end: match.index + raw.length }
  })
  const isNumber = (index: number) => /^\d/.test(found[index]?.word ?? '')
  return found.filter(({ word }, index) => word !== '-' || (isNumber(index - 1) && isNumber(index + 1)))
}

/** `q` without `words` (as the interpretation gives them: folded, one space between), removed wherever they
 * stand as a phrase, in any case and on word boundaries; the spaces and separators around them tidied. */
function withoutWords(q: string, words: string): string {
  const text = q.normalize('NFKC')
  const tokens = wordsOf(text)
  const phrase = wordsOf(words).map(({ word }) => word)
  if (phrase.length === 0) return q
  let kept = ''
  let from = 0
  for (let index = 0; index + phrase.length <= tokens.length;) {
    if (phrase.every((word, offset) => tokens[index + offset]!.word === word)) {
      kept += `${text.slice(from, tokens[index]!.start)} `
      from = tokens[index + phrase.length - 1]!.end
      index += phrase.length
    } else index++
  }
  if (from === 0) return q
  return `${kept}${text.slice(from)}`
    .replace(/\s+/g, ' ')
    .replace(/ ([,;])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/^[\s,;:/&+–-]+|[\s,;:/&+–-]+$/g, '')
}

function Results({
  plants,
  credits,
  pagination,
  base,
}: {
  plants: Plant[]
  credits: Map<number, PictureCredit>
  pagination: OffsetPagination
  base: string
}) {
  if (plants.length === 0) return <p>No plant matches. Try fewer words or filters.</p>
  const { page, total, total_pages, total_estimated } = pagination
  // An estimated total (more than 2,000 plants) is said as one.
  const about = total_estimated ? 'about ' : ''
  return (
    <>
      <p
        safe
      >{`${about}${total.toLocaleString('en')} plant${total === 1 ? '' : 's'}, page ${page} of ${about}${total_pages.toLocaleString('en')}`}</p>
      <PlantCards plants={plants} credits={credits} start={(page - 1) * pagination.per_page + 1} />
      <nav class="paging" aria-label="Pages">
        {page > 1 ? (
          <a rel="prev" href={`${base}&page=${page - 1}`}>
            Previous
          </a>
        ) : (
          ''
        )}
        {page < total_pages ? (
          <a rel="next" href={`${base}&page=${page + 1}`}>
            Next
          </a>
        ) : (
          ''
        )}
      </nav>
    </>
  )
}
