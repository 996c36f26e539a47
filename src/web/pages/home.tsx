// The home page: what Hortus is, a search box, the licence and how to credit, how to get API access.
import { ATTRIBUTION, Layout, type Viewer } from '../layout.tsx'
import { AskTheOperator } from './contact.tsx'
import { SearchForm } from './search-form.tsx'

export interface HomeView {
  plants: number
  viewer: Viewer | null
  contact: string | null
}

export function HomePage({ plants, viewer, contact }: HomeView): JSX.Element {
  return (
    <Layout title="A community plant database" viewer={viewer}>
      <h1>Hortus</h1>
      <p class="lead">
        A community database of <strong safe>{plants.toLocaleString('en')}</strong> plants for food gardens,
        medicinal and regenerative use: growing conditions, companions and varieties, every change with its
        note and author.
      </p>
      <SearchForm query="" />
      <p class="sow-now-link">
        <a href="/sow-now">Sow now</a>: what to sow and plant this week and this month, for your own frost
        dates.
      </p>
      <section>
        <h2>Using the data</h2>
        <p>
          The data is licensed{' '}
          <a rel="license" href="https://creativecommons.org/licenses/by-sa/4.0/">
            CC BY-SA 4.0
          </a>
          . Credit it like this:
        </p>
        <blockquote>{ATTRIBUTION}</blockquote>
      </section>
      <section>
        <h2>API access</h2>
        <p>
          The JSON API is free for non-commercial use: <a href="/signup">create an account</a>, then a key
          pair under <a href="/account/keys">My API keys</a>, and send it in two headers (see the{' '}
          <a href="/docs">API docs</a>). Commercial use needs terms from the operator, who then marks your key
          as approved for commercial use.
        </p>
        <AskTheOperator contact={contact} />
      </section>
    </Layout>
  )
}
