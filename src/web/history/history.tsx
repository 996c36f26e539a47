// A plant's history (/plants/<slug>/history): every version, newest first, with who, when, the note and what
// changed in words; a form to compare any two versions; "Restore this version" for logged-in members; and
// for moderators, hiding an abusive note (with a reason for the moderation log) or showing it again.
import type { OffsetPagination } from '../../paging.ts'
import type { Plant } from '../../plants/plant.ts'
import type { Difference } from '../../revisions/diff.ts'
import type { ReferredPlants } from '../../revisions/referred-plants.ts'
import type { EditSummary } from '../../revisions/revision.service.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { Author, ChangeSummary, Note, When } from '../common/change-words.tsx'
import { CsrfField, FormField, Notice } from '../common/form.tsx'

type HistoryRevision = Omit<EditSummary, 'patrolled_at' | 'patrolled_by'> & {
  differences: Difference[]
}

export interface HistoryView {
  viewer: Viewer | null
  plant: Plant
  revisions: HistoryRevision[]
  plants: ReferredPlants
  pagination: OffsetPagination
  /** A moderator's form token: each note gets Hide or Show. */
  csrf: string | null
  notice?: string | undefined
}

export const historyPath = (plant: { link: string }): string => `${plant.link}/history`

/** "Tomato › History › <page>": the way back from a page of a plant's history. */
export function HistoryCrumbs({ plant, page }: { plant: Plant; page?: string }): JSX.Element {
  return (
    <p class="crumbs">
      <a href={plant.link} safe>
        {plant.name}
      </a>{' '}
      ›{' '}
      {page ? (
        <>
          <a href={historyPath(plant)}>History</a> › <span safe>{page}</span>
        </>
      ) : (
        'History'
      )}
    </p>
  )
}

export function HistoryPage(view: HistoryView): JSX.Element {
  const { plant, pagination } = view
  const page = (number: number) => `${historyPath(plant)}?page=${number}`
  return (
    <Layout title={`History of ${plant.name}`} viewer={view.viewer}>
      <HistoryCrumbs plant={plant} />
      <h1 safe>{`History of ${plant.name}`}</h1>
      <p class="lead" safe>
        {`${plant.version} version${plant.version === 1 ? '' : 's'}, newest first: who changed what, when, and why.`}
      </p>
      {view.notice ? <Notice text={view.notice} /> : ''}
      <Compare plant={plant} />
      <section aria-labelledby="versions">
        <h2 id="versions">Versions</h2>
        <ol class="revisions">
          {view.revisions.map((revision) => (
            <Version revision={revision} view={view} />
          ))}
        </ol>
      </section>
      <nav class="paging" aria-label="More versions">
        {pagination.page > 1 ? <a href={page(pagination.page - 1)}>Newer versions</a> : ''}
        {pagination.page < pagination.total_pages ? (
          <a href={page(pagination.page + 1)}>Older versions</a>
        ) : (
          ''
        )}
      </nav>
    </Layout>
  )
}

function Compare({ plant }: { plant: Plant }): JSX.Element {
  if (plant.version < 2) return <></>
  const max = String(plant.version)
  return (
    <form class="compare" action={`${plant.link}/diff`} method="get">
      <FormField
        id="from"
        label="Compare version"
        control={(tie) => (
          <input
            id="from"
            name="from"
            type="number"
            min="0"
            max={max}
            value={String(plant.version - 1)}
            required
            {...tie}
          />
        )}
      />
      <FormField
        id="to"
        label="with version"
        control={(tie) => (
          <input id="to" name="to" type="number" min="0" max={max} value={max} required {...tie} />
        )}
      />
      <button type="submit">Show the differences</button>
    </form>
  )
}

function Version({ revision, view }: { revision: HistoryRevision; view: HistoryView }): JSX.Element {
  const { plant } = view
  const { version } = revision
  const current = version === plant.version
  return (
    <li class="revision" id={`v${version}`}>
      <p class="revision-head">
        <strong safe>{`Version ${version}`}</strong> {current ? <span class="badge">current</span> : ''}{' '}
        <span class="when">
          <When iso={revision.created_at} />
        </span>{' '}
        by <Author name={revision.author} id={revision.author_id} />
      </p>
      <p>
        <Note note={revision.note} hidden={revision.note_hidden} />
      </p>
      <ChangeSummary differences={revision.differences} plants={view.plants} version={version} max={6} />
      <p class="revision-actions">
        <a
          href={`${plant.link}/diff?from=${version - 1}&to=${version}`}
          aria-label={`changes: what version ${version} changed`}
        >
          changes
        </a>
        {view.viewer && !current ? (
          <a href={`${plant.link}/restore?version=${version}`} aria-label={`Restore version ${version}`}>
            Restore this version
          </a>
        ) : (
          ''
        )}
      </p>
      {view.csrf ? <NoteForm plant={plant} revision={revision} csrf={view.csrf} /> : ''}
    </li>
  )
}

/** A moderator's Hide (with a reason, which the moderation log keeps) or Show for one note. */
function NoteForm({
  plant,
  revision,
  csrf,
}: {
  plant: Plant
  revision: HistoryRevision
  csrf: string
}): JSX.Element {
  const id = `reason-${revision.version}`
  const hide = !revision.note_hidden
  return (
    <details class="moderate">
      <summary>{hide ? 'Hide this note' : 'Show this note again'}</summary>
      <form action={`${historyPath(plant)}/${revision.version}/note`} method="post">
        <CsrfField token={csrf} />
        <input type="hidden" name="hidden" value={hide ? 'true' : 'false'} />
        <FormField
          id={id}
          label={hide ? 'Why hide it? (kept in the moderation log)' : 'Why show it again? (optional)'}
          control={(tie) => <input id={id} name="reason" maxlength="1000" required={hide} {...tie} />}
        />
        <button type="submit" safe>
          {hide
            ? `Hide the note of version ${revision.version}`
            : `Show the note of version ${revision.version}`}
        </button>
      </form>
    </details>
  )
}
