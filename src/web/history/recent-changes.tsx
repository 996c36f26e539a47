// Recent changes (/changes): every edit across the database, newest first, with filters in a plain GET form
// (new contributors, unpatrolled, a plant, a contributor), a page at a time.
import { NEW_ACCOUNT_DAYS, NEW_ACCOUNT_SAVES, type RecentChanges } from '../../revisions/recent-changes.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { ChangeTable } from './change-table.tsx'
import { FormField, Notice } from '../common/form.tsx'

export interface ChangeFilters {
  plant: string
  author: string
  newAccounts: boolean
  unpatrolled: boolean
}

export interface RecentChangesView extends RecentChanges {
  viewer: Viewer | null
  filters: ChangeFilters
  /** This page's path and query, for the patrol buttons to come back to. */
  here: string
  /** The query string of the filters, without the page, for the paging links. */
  query: string
  firstPage: boolean
  moderator: boolean
  csrf: string | null
  notice?: string | undefined
}

export function RecentChangesPage(view: RecentChangesView): JSX.Element {
  const { filters, changes } = view
  const filtered = filters.plant || filters.author || filters.newAccounts || filters.unpatrolled
  const unknown =
    view.unknown === 'plant'
      ? `No plant is called “${filters.plant}”: try its name as on its page, or its page address.`
      : view.unknown === 'author'
        ? `No contributor is called “${filters.author}”.`
        : null
  const more = (before: number) => `/changes?${view.query ? `${view.query}&` : ''}before=${before}`
  return (
    <Layout title="Recent changes" viewer={view.viewer}>
      <h1>Recent changes</h1>
      <p class="lead">
        Every edit to every plant, newest first. A moderator marks an edit <em>patrolled</em> once they have
        checked it. Edits by new contributors that nobody has patrolled yet are highlighted and marked “new
        contributor”.
      </p>
      {view.moderator ? (
        <p>
          <a href="/moderation/log">Moderation log</a>
        </p>
      ) : (
        ''
      )}
      {view.notice ? <Notice text={view.notice} /> : ''}
      <Filters filters={filters} />
      {unknown ? <Notice kind="problem" text={unknown} /> : ''}
      {changes.length ? (
        <div class="table-scroll">
          <ChangeTable
            changes={changes}
            plants={view.plants}
            caption={`${filtered ? 'Edits matching the filters' : 'All edits'}, newest first`}
            csrf={view.csrf}
            back={view.here}
          />
        </div>
      ) : unknown ? (
        ''
      ) : (
        <p>{filtered ? 'No edits match these filters.' : 'No edits yet.'}</p>
      )}
      <nav class="paging" aria-label="More changes">
        {view.firstPage ? '' : <a href={`/changes${view.query ? `?${view.query}` : ''}`}>Newest changes</a>}
        {view.older !== null ? <a href={more(view.older)}>Older changes</a> : ''}
      </nav>
    </Layout>
  )
}

function Filters({ filters }: { filters: ChangeFilters }): JSX.Element {
  return (
    <form class="filters" action="/changes" method="get">
      <FormField
        id="plant"
        label="Plant"
        hint="Its name or page address"
        control={(tie) => <input id="plant" name="plant" value={filters.plant} maxlength="200" {...tie} />}
      />
      <FormField
        id="author"
        label="Contributor"
        hint="Their display name"
        control={(tie) => <input id="author" name="author" value={filters.author} maxlength="100" {...tie} />}
      />
      <p class="field check">
        <input id="new" name="new" type="checkbox" value="1" checked={filters.newAccounts} />
        <label for="new">
          {`Only new contributors (joined less than ${NEW_ACCOUNT_DAYS} days ago, or fewer than ${NEW_ACCOUNT_SAVES} edits)`}
        </label>
      </p>
      <p class="field check">
        <input id="unpatrolled" name="unpatrolled" type="checkbox" value="1" checked={filters.unpatrolled} />
        <label for="unpatrolled">Only edits not yet patrolled</label>
      </p>
      <p class="buttons">
        <button type="submit">Show changes</button>
        <a href="/changes">Clear the filters</a>
      </p>
    </form>
  )
}
