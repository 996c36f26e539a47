// The home page: what Hortus is and how big, a search box with suggestions, ways in for someone who does
// not know what to search for (categories, each a search whose address carries its filters, and what to
// sow now), the latest changes, and in short how to use the data and the API.
import { ATTRIBUTION, Layout, type Viewer } from '../common/layout.tsx'
import { AskTheOperator } from '../common/contact.tsx'
import { SearchForm } from '../search/search-form.tsx'

interface LatestChange {
  plant: { name: string; link: string }
  author: string
  note: string
  created_at: string
}

export interface HomeView {
  plants: number
  latest: LatestChange[]
  viewer: Viewer | null
  contact: string | null
}

/** The ways in: each a search a person can bookmark and share, its filters in its address. */
const CATEGORIES: { name: string; hint: string; search: [string, string][] }[] = [
  {
    name: 'Vegetables',
    hint: 'leaves, roots, bulbs and pods',
    search: ['Leaves', 'Root', 'Bulb', 'Stem', 'Seedpod', 'Shoots'].map((part) => ['Edible parts', part]),
  },
  {
    name: 'Herbs',
    hint: 'edible herbs for the kitchen garden',
    search: [
      ['Layer', 'Herbs'],
      ['Edible', 'true'],
    ],
  },
  {
    name: 'Fruit and nut trees',
    hint: 'and fruiting shrubs',
    search: [
      ['Edible parts', 'Fruit'],
      ['Layer', 'Trees'],
      ['Layer', 'Tall trees'],
      ['Layer', 'Shrubs'],
    ],
  },
  { name: 'Nitrogen fixers', hint: 'feed the soil for their neighbours', search: [['q', 'nitrogen fixers']] },
  { name: 'Ground covers', hint: 'low plants that keep soil covered', search: [['Layer', 'Ground cover']] },
  { name: 'Edible flowers', hint: 'for salads and cakes', search: [['Edible parts', 'Flowers']] },
  {
    name: 'For pollinators',
    hint: 'flowers bees and butterflies visit',
    search: [['Utility', 'Attracts pollinators']],
  },
]

const categoryLink = (search: [string, string][]) => `/search?${new URLSearchParams(search).toString()}`

export function HomePage({ plants, latest, viewer, contact }: HomeView): JSX.Element {
  return (
    <Layout title="A community plant database" viewer={viewer}>
      <h1>Hortus</h1>
      <p class="lead">
        A community database of <strong safe>{plants.toLocaleString('en')}</strong> plants for food gardens,
        medicinal and regenerative use: how to grow them, when to sow, what grows well together, and where
        every value came from.
      </p>
      <SearchForm query="" />
      <section aria-labelledby="ways-in">
        <h2 id="ways-in">Browse</h2>
        <ul class="categories">
          <li>
            <a href="/sow-now">Sow now</a>
            <span class="hint">what to sow and plant this week, for your frost dates</span>
          </li>
          {CATEGORIES.map(({ name, hint, search }) => (
            <li>
              <a href={categoryLink(search)} safe>
                {name}
              </a>
              <span class="hint" safe>
                {hint}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {latest.length ? (
        <section aria-labelledby="latest">
          <h2 id="latest">Latest changes</h2>
          <ul class="latest">
            {latest.map((change) => (
              <li>
                <a href={change.plant.link} safe>
                  {change.plant.name}
                </a>
                <span
                  class="note"
                  safe
                >{` — ${change.note} (${change.author}, ${change.created_at.slice(0, 10)})`}</span>
              </li>
            ))}
          </ul>
          <p>
            <a href="/changes">All recent changes</a>
          </p>
        </section>
      ) : (
        ''
      )}
      <section aria-labelledby="using">
        <h2 id="using">Using the data</h2>
        <p>
          Free under{' '}
          <a rel="license" href="https://creativecommons.org/licenses/by-sa/4.0/">
            CC BY-SA 4.0
          </a>
          : {ATTRIBUTION} The JSON API is free for non-commercial use: <a href="/signup">create an account</a>
          , then a key under <a href="/account/keys">My API keys</a> (see the <a href="/docs">API docs</a>).
          Commercial use needs terms from the operator.
        </p>
        <AskTheOperator contact={contact} />
      </section>
    </Layout>
  )
}
