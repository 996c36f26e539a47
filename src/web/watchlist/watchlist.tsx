// The watchlist: how the member is mailed, the plants they watch, and the recent changes to them; the page
// that watches or stops watching one plant; and the page a mail's unsubscribe link opens.
import type { Watchlist, WatchMail } from '../../watchlists/watchlist.service.ts'
import { ChangeTable } from '../history/change-table.tsx'
import { CsrfField, Notice } from '../common/form.tsx'
import { Layout, type Viewer } from '../common/layout.tsx'

const MAIL_CHOICES: { value: WatchMail; label: string }[] = [
  { value: 'none', label: 'No mail: I look at this page' },
  { value: 'instant', label: 'A mail when a watched plant changes (at most one per plant an hour)' },
  { value: 'daily', label: 'One mail a day with the changes, when there are any' },
]

export interface WatchlistPageProps {
  viewer: Viewer
  csrf: string
  list: Watchlist
  /** Mail is configured (HORTUS_SMTP_URL): the mail choice is offered. */
  mail: boolean
  notice?: string
  firstPage: boolean
}

export function WatchlistPage({
  viewer,
  csrf,
  list,
  mail,
  notice,
  firstPage,
}: WatchlistPageProps): JSX.Element {
  const { plants, recent } = list
  return (
    <Layout title="My watchlist" viewer={viewer}>
      <h1>My watchlist</h1>
      {notice ? <Notice text={notice} /> : ''}
      <p>
        Watch a plant from its page (“Watch this plant”) to follow its changes here. Your own edits are
        listed, but never mailed to you.
      </p>
      {mail ? (
        <form class="watch-mail" action="/watchlist/mail" method="post">
          <CsrfField token={csrf} />
          <fieldset>
            <legend>Mail about watched plants</legend>
            {MAIL_CHOICES.map(({ value, label }) => (
              <p>
                <input
                  type="radio"
                  id={`mail-${value}`}
                  name="mail"
                  value={value}
                  checked={list.mail === value}
                />
                <label for={`mail-${value}`} safe>
                  {label}
                </label>
              </p>
            ))}
          </fieldset>
          <button type="submit">Save</button>
        </form>
      ) : (
        ''
      )}
      <section aria-labelledby="watched">
        <h2 id="watched" safe>
          {`Watched plants (${plants.length})`}
        </h2>
        {plants.length ? (
          <ul class="watched">
            {plants.map((plant) => (
              <li>
                <a href={`/plants/${plant.slug}`} safe>
                  {plant.name}
                </a>{' '}
                <i safe>{plant.scientific_name}</i> ·{' '}
                <a href={`/plants/${plant.slug}/watch`}>stop watching</a>
              </li>
            ))}
          </ul>
        ) : (
          <p>You watch no plants yet.</p>
        )}
      </section>
      <section aria-labelledby="watched-changes">
        <h2 id="watched-changes">Recent changes to them</h2>
        {recent.changes.length ? (
          <ChangeTable
            changes={recent.changes}
            plants={recent.plants}
            caption={firstPage ? 'Edits of watched plants, newest first' : 'Older edits of watched plants'}
            csrf={null}
            back="/watchlist"
          />
        ) : (
          <p>No changes to watched plants yet.</p>
        )}
        {recent.older !== null ? (
          <nav class="paging" aria-label="More changes">
            <a href={`/watchlist?before=${recent.older}`}>Older changes</a>
          </nav>
        ) : (
          ''
        )}
      </section>
    </Layout>
  )
}

export interface WatchPageProps {
  viewer: Viewer
  csrf: string
  plant: { name: string; link: string }
  watching: boolean
}

export function WatchPage({ viewer, csrf, plant, watching }: WatchPageProps): JSX.Element {
  const title = watching ? `Stop watching ${plant.name}?` : `Watch ${plant.name}?`
  return (
    <Layout title={title} viewer={viewer}>
      <h1 safe>{title}</h1>
      <p safe>
        {watching
          ? `You watch ${plant.name}: its changes are on your watchlist, and mailed to you if you asked.`
          : `The changes to ${plant.name} will be on your watchlist, and mailed to you if you ask for mail there.`}
      </p>
      <form action={`${plant.link}/watch`} method="post">
        <CsrfField token={csrf} />
        <input type="hidden" name="watch" value={watching ? 'off' : 'on'} />
        <button type="submit" safe>
          {watching ? `Stop watching ${plant.name}` : `Watch ${plant.name}`}
        </button>{' '}
        <a href={plant.link}>Back to the plant</a>
      </form>
    </Layout>
  )
}

export function UnsubscribedPage({ viewer, done }: { viewer: Viewer | null; done: boolean }): JSX.Element {
  return (
    <Layout title={done ? 'No more watchlist mail' : 'This link does not work'} viewer={viewer}>
      <h1>{done ? 'No more watchlist mail' : 'This link does not work'}</h1>
      <p>
        {done
          ? 'You will get no more mails about your watched plants. You still watch them: '
          : 'It may be cut short, or older than a year. Choose your mail on '}
        <a href="/watchlist">your watchlist</a>
        {done ? ' shows their changes, and turns the mail back on.' : ' (log in first).'}
      </p>
    </Layout>
  )
}
