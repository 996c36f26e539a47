// The differences between two versions of a plant (/plants/<slug>/diff?from=3&to=5): field by field,
// attribute by attribute, link by link and picture by picture, old value beside new, a long text with the
// words that changed struck out and underlined; the edits in between; and the way to restore the older one.
import type { Plant } from '../../plants/plant.ts'
import { wordDiff, type Difference } from '../../revisions/diff.ts'
import type { ReferredPlants } from '../../revisions/referred-plants.ts'
import type { VersionDiff } from '../../revisions/version-diff.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { Author, Note, PatrolButton, subjectLabel, valueText, When } from '../common/change-words.tsx'
import { HistoryCrumbs, historyPath } from './history.tsx'

export interface DiffView {
  viewer: Viewer | null
  plant: Plant
  diff: VersionDiff
  /** A moderator's form token: each edit not yet patrolled gets a button. */
  csrf: string | null
  /** This page's path and query, for the patrol buttons to come back to. */
  here: string
}

/** Texts longer than this are compared word by word. */
const WORD_DIFF_CHARS = 40
const versionName = (version: number): string => (version === 0 ? 'Before version 1' : `Version ${version}`)

export function DiffPage({ viewer, plant, diff, csrf, here }: DiffView): JSX.Element {
  const { from, to, differences } = diff
  const diffPath = (a: number, b: number) => `${plant.link}/diff?from=${a}&to=${b}`
  const older = Math.min(from, to)
  const oneEdit = to === from + 1
  const title = oneEdit ? `What version ${to} of ${plant.name} changed` : `Changes to ${plant.name}`
  return (
    <Layout title={title} viewer={viewer}>
      <HistoryCrumbs plant={plant} page="Changes" />
      <h1 safe>{title}</h1>
      <p class="lead" safe>
        {from === 0 && to === 1
          ? 'Everything the plant was created with.'
          : `${versionName(from)} compared with version ${to}.`}
      </p>
      {oneEdit ? (
        <nav class="paging" aria-label="Step through the edits">
          {from >= 1 ? <a href={diffPath(from - 1, from)}>Previous edit</a> : ''}
          {to < plant.version ? <a href={diffPath(to, to + 1)}>Next edit</a> : ''}
        </nav>
      ) : (
        ''
      )}
      {differences.length ? (
        <DiffTable
          differences={differences}
          plants={diff.plants}
          labels={[versionName(from), versionName(to)]}
        />
      ) : (
        <p>The two versions have the same fields, attributes, companions, antagonists and pictures.</p>
      )}
      {viewer && Math.max(from, to) === plant.version && older >= 1 ? (
        <p>
          <a class="button" href={`${plant.link}/restore?version=${older}`} safe>
            {`Restore version ${older}`}
          </a>{' '}
          <span class="hint">undoes these changes, as a new version with your note.</span>
        </p>
      ) : (
        ''
      )}
      <Edits plant={plant} diff={diff} csrf={csrf} here={here} />
    </Layout>
  )
}

/** Old value beside new, one row per field, attribute or link. */
export function DiffTable({
  differences,
  plants,
  labels,
}: {
  differences: Difference[]
  plants: ReferredPlants
  /** The two columns' headings: the versions compared. */
  labels: [string, string]
}): JSX.Element {
  return (
    <div class="table-scroll">
      <table class="version-diff">
        <caption safe>{`${differences.length} difference${differences.length === 1 ? '' : 's'}`}</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col" safe>
              {labels[0]}
            </th>
            <th scope="col" safe>
              {labels[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {differences.map((difference) => (
            <Row difference={difference} plants={plants} labels={labels} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Row({
  difference,
  plants,
  labels,
}: {
  difference: Difference
  plants: ReferredPlants
  labels: [string, string]
}): JSX.Element {
  const { subject, action } = difference
  return (
    <tr class={action}>
      <th scope="row">
        <span safe>{subjectLabel(subject)}</span> <span class="change-kind">{action}</span>
      </th>
      <td data-label={labels[0]}>
        <Value difference={difference} side="from" plants={plants} />
      </td>
      <td data-label={labels[1]}>
        <Value difference={difference} side="to" plants={plants} />
      </td>
    </tr>
  )
}

function Value({
  difference,
  side,
  plants,
}: {
  difference: Difference
  side: 'from' | 'to'
  plants: ReferredPlants
}): JSX.Element {
  const { subject } = difference
  const value = difference[side]
  if (value === null || value === '') return <span class="absent">(none)</span>
  if (subject.kind === 'link') {
    const other = plants.get(subject.plantId)
    return other ? (
      <a href={other.link} safe>
        {other.name}
      </a>
    ) : (
      <span safe>{`plant ${subject.plantId}`}</span>
    )
  }
  const text = valueText(subject, value, plants)
  const { from, to } = difference
  const long =
    typeof from === 'string' && typeof to === 'string' && Math.max(from.length, to.length) > WORD_DIFF_CHARS
  if (difference.action !== 'changed' || !long)
    return (
      <span class="value" safe>
        {text}
      </span>
    )
  const shown = side === 'from' ? 'removed' : 'added'
  return (
    <span class="value">
      {wordDiff(String(from), String(to)).map((segment) =>
        segment.kind === 'same' ? (
          <span safe>{segment.text}</span>
        ) : segment.kind !== shown ? (
          ''
        ) : shown === 'removed' ? (
          <del safe>{segment.text}</del>
        ) : (
          <ins safe>{segment.text}</ins>
        ),
      )}
    </span>
  )
}

function Edits({ plant, diff, csrf, here }: Omit<DiffView, 'viewer'>): JSX.Element {
  if (diff.edits.length === 0) return <></>
  const single = diff.edits.length === 1
  return (
    <section aria-labelledby="edits">
      <h2 id="edits">{single ? 'The edit' : 'The edits in between'}</h2>
      <ul class="edits">
        {diff.edits.map((edit) => (
          <li>
            <a href={`${historyPath(plant)}#v${edit.version}`} safe>{`Version ${edit.version}`}</a>{' '}
            <When iso={edit.created_at} /> by <Author name={edit.author} id={edit.author_id} />{' '}
            <Note note={edit.note} hidden={edit.note_hidden} />{' '}
            {edit.author_id === null ? (
              ''
            ) : edit.patrolled_at !== null ? (
              <span class="who" safe>{`(patrolled by ${edit.patrolled_by ?? 'a moderator'})`}</span>
            ) : csrf ? (
              <PatrolButton
                plantId={plant.id}
                plantName={plant.name}
                version={edit.version}
                csrf={csrf}
                back={here}
              />
            ) : (
              <span class="who">(not yet patrolled)</span>
            )}
          </li>
        ))}
        {diff.more_edits > 0 ? <li safe>{`and ${diff.more_edits} more`}</li> : ''}
      </ul>
    </section>
  )
}
