// The list of edits on the recent changes and contributions pages: when, which plant and version (with its
// diff), what changed and the note, who, and whether a moderator has patrolled it. An unpatrolled edit by a
// new contributor is highlighted and says so in words. On a phone each row is a small card.
import type { RecentChange } from '../../revisions/recent-changes.ts'
import type { ReferredPlants } from '../../revisions/referred-plants.ts'
import { Author, ChangeSummary, NewContributor, Note, PatrolButton, When } from '../common/change-words.tsx'

export interface ChangeTableProps {
  changes: RecentChange[]
  plants: ReferredPlants
  caption: string
  /** A moderator's form token: each unpatrolled edit gets a "Mark patrolled" button. */
  csrf: string | null
  /** Where a patrol button comes back to: this page. */
  back: string
  /** Leave out the Who column: a contributor's page lists one person's edits. */
  oneAuthor?: boolean
}

const diffPath = (link: string, version: number): string => `${link}/diff?from=${version - 1}&to=${version}`

export function ChangeTable(props: ChangeTableProps): JSX.Element {
  const { changes, plants, csrf, back, oneAuthor = false } = props
  return (
    <table class="recent">
      <caption safe>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Plant</th>
          <th scope="col">What changed</th>
          {oneAuthor ? '' : <th scope="col">Who</th>}
          <th scope="col">Patrolled</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => {
          const flagged = change.by_new_account && change.patrolled_at === null
          return (
            <tr class={flagged ? 'flagged' : undefined}>
              <td data-label="When">
                <When iso={change.created_at} />
              </td>
              <td data-label="Plant">
                <a href={change.plant.link} safe>
                  {change.plant.name}
                </a>{' '}
                <span class="version">
                  <span safe>{`version ${change.version}`}</span> ·{' '}
                  <a
                    href={diffPath(change.plant.link, change.version)}
                    aria-label={`diff: what version ${change.version} of ${change.plant.name} changed`}
                  >
                    diff
                  </a>
                </span>
              </td>
              <td data-label="What changed">
                <ChangeSummary differences={change.differences} plants={plants} version={change.version} />
                <Note note={change.note} hidden={change.note_hidden} />
              </td>
              {oneAuthor ? '' : <Who change={change} />}
              <td data-label="Patrolled">
                <PatrolState change={change} csrf={csrf} back={back} />
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function Who({ change }: { change: RecentChange }): JSX.Element {
  return (
    <td data-label="Who">
      <Author name={change.author} id={change.author_id} />
      {change.by_new_account ? (
        <>
          {' '}
          <NewContributor />
        </>
      ) : (
        ''
      )}
    </td>
  )
}

function PatrolState({
  change,
  csrf,
  back,
}: {
  change: RecentChange
  csrf: string | null
  back: string
}): JSX.Element {
  if (change.author_id === null) return <span class="who">not needed (import)</span>
  if (change.patrolled_at !== null)
    return <span safe>{`yes, by ${change.patrolled_by ?? 'a moderator'}`}</span>
  return (
    <>
      <span>not yet</span>
      {csrf ? (
        <PatrolButton
          plantId={change.plant.id}
          plantName={change.plant.name}
          version={change.version}
          csrf={csrf}
          back={back}
        />
      ) : (
        ''
      )}
    </>
  )
}
