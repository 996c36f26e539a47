// The moderation log (/moderation/log), for moderators: who did what, when and why, newest first.
import type { OffsetPagination } from '../../paging.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { When } from '../common/change-words.tsx'

export interface LogEntry {
  at: string
  moderator: string
  action: string
  target: string
  reason: string
}

export function ModerationLogPage({
  viewer,
  entries,
  pagination,
}: {
  viewer: Viewer
  entries: LogEntry[]
  pagination: OffsetPagination
}): JSX.Element {
  const page = (number: number) => `/moderation/log?page=${number}`
  return (
    <Layout title="Moderation log" viewer={viewer}>
      <h1>Moderation log</h1>
      <p class="lead">
        Every block, unblock, patrol, hidden note and role change, newest first, with who did it and why. Only
        moderators see this page.
      </p>
      <p>
        <a href="/changes">Recent changes</a>
      </p>
      {entries.length ? (
        <div class="table-scroll">
          <table class="recent">
            <caption safe>{`${pagination.total} entr${pagination.total === 1 ? 'y' : 'ies'}`}</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">About</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr>
                  <td data-label="When">
                    <When iso={entry.at} />
                  </td>
                  <td data-label="Who" safe>
                    {entry.moderator}
                  </td>
                  <td data-label="What" safe>
                    {entry.action}
                  </td>
                  <td data-label="About" safe>
                    {entry.target}
                  </td>
                  <td data-label="Why" safe>
                    {entry.reason || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Nothing has been moderated yet.</p>
      )}
      <nav class="paging" aria-label="More entries">
        {pagination.page > 1 ? <a href={page(pagination.page - 1)}>Newer entries</a> : ''}
        {pagination.page < pagination.total_pages ? (
          <a href={page(pagination.page + 1)}>Older entries</a>
        ) : (
          ''
        )}
      </nav>
    </Layout>
  )
}
