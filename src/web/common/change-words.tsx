// What the history, diff, recent changes and contributions pages share: a change put in words ("Height:
// 1.5 → 2", "added Basil as a companion"), a time, an author linked to their contributions, the marks on an
// edit (new contributor, patrolled, note hidden), and the moderator's "Mark patrolled" button.
import type { Difference, Value } from '../../revisions/diff.ts'
import type { ReferredPlants } from '../../revisions/referred-plants.ts'
import { HIDDEN_NOTE } from '../../revisions/revision.service.ts'
import { CsrfField } from './form.tsx'

/** The plant fields' labels, on the forms and wherever a change is put in words. */
export const FIELD_LABELS = {
  name: 'Common name',
  scientific_name: 'Scientific name',
  description: 'Description',
  type: 'Plant or variety',
  parent_id: 'Parent plant',
  slug: 'Page address',
} as const

/** A plant field's label, or the field's own name for one without. */
export function fieldLabel(field: string): string {
  const labels: Readonly<Record<string, string>> = FIELD_LABELS
  return labels[field] ?? field
}
const LINK_ROLES = { 'companion-to': 'a companion', 'antagonist-to': 'an antagonist' } as const
/** A longer value (a description) is not repeated in a one-line summary: the diff shows its words. */
const SUMMARY_CHARS = 60

/** "2026-11-29 14:02 UTC": the same for every reader, wherever they are. */
export const whenText = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`

export function When({ iso }: { iso: string }): JSX.Element {
  return (
    <time datetime={iso} safe>
      {whenText(iso)}
    </time>
  )
}

export const personPath = (name: string): string => `/people/${encodeURIComponent(name)}`

/** The author, linked to their contributions; the importer is no person and has no page. */
export function Author({ name, id }: { name: string; id: number | null }): JSX.Element {
  if (id === null)
    return (
      <span>
        <span safe>{name}</span> <span class="who">(data import)</span>
      </span>
    )
  return (
    <a href={personPath(name)} safe>
      {name}
    </a>
  )
}

export const NewContributor = (): JSX.Element => <span class="badge">new contributor</span>

/** The note as this viewer may see it: hidden notes say so, and moderators see them marked. */
export function Note({ note, hidden }: { note: string; hidden: boolean }): JSX.Element {
  if (hidden && note === HIDDEN_NOTE) return <span class="note hidden-note">{note}</span>
  return (
    <>
      {hidden ? <span class="badge">hidden note</span> : ''}{' '}
      <q class="note" safe>
        {note}
      </q>
    </>
  )
}

/** A value as a gardener reads it: a parent plant by name, a page address as a path, "a variety",
 * "picture 12". */
export function valueText(subject: Difference['subject'], value: Value, plants: ReferredPlants): string {
  if (value === null || value === '') return ''
  if (subject.kind === 'picture' || subject.kind === 'shown-picture') return `picture ${value}`
  if (subject.kind === 'field') {
    if (subject.field === 'parent_id') return plants.get(Number(value))?.name ?? `plant ${value}`
    if (subject.field === 'type') return value === 'Variety' ? 'a variety' : 'a plant'
    if (subject.field === 'slug') return `/plants/${value}`
  }
  return String(value)
}

/** The name of what changed: a field's label, an attribute's key, a link's role, a picture. */
export function subjectLabel(subject: Difference['subject']): string {
  switch (subject.kind) {
    case 'field':
      return fieldLabel(subject.field)
    case 'attribute':
      return subject.key
    case 'link':
      return subject.type === 'companion-to' ? 'Companion' : 'Antagonist'
    case 'picture':
      return `Picture ${subject.imageId}`
    case 'shown-picture':
      return 'Picture on the plant page'
  }
}

/** A picture's change in plain words: "Added picture 12", "Now shows picture 12", "Removed picture 12". */
function pictureLine({ subject, action, to }: Difference): string {
  if (subject.kind === 'picture')
    return `${action === 'added' ? 'Added' : 'Removed'} picture ${subject.imageId}`
  return to === null ? 'Shows no picture now' : `Now shows picture ${to}`
}

/** One change in one line. */
function DifferenceLine({
  difference,
  plants,
}: {
  difference: Difference
  plants: ReferredPlants
}): JSX.Element {
  const { subject, action } = difference
  if (subject.kind === 'link') {
    const other = plants.get(subject.plantId)
    return (
      <>
        {action === 'added' ? 'Added ' : 'Removed '}
        {other ? (
          <a href={other.link} safe>
            {other.name}
          </a>
        ) : (
          <span safe>{`plant ${subject.plantId}`}</span>
        )}
        <span safe>{` as ${LINK_ROLES[subject.type]}`}</span>
      </>
    )
  }
  if (subject.kind === 'picture' || subject.kind === 'shown-picture')
    return <span safe>{pictureLine(difference)}</span>
  const label = subjectLabel(subject)
  const from = valueText(subject, difference.from, plants)
  const to = valueText(subject, difference.to, plants)
  const long = Math.max(from.length, to.length) > SUMMARY_CHARS
  const line =
    action === 'added'
      ? `Added ${label}${long ? '' : `: ${to}`}`
      : action === 'removed'
        ? `Removed ${label}${long ? '' : ` (was ${from})`}`
        : long
          ? `${label} changed`
          : `${label}: ${from} → ${to}`
  return <span safe>{line}</span>
}

/** A revision's changes in a few lines; a new plant's first version in one (an imported plant's first
 * version also holds the links its file made). */
export function ChangeSummary({
  differences,
  plants,
  version,
  max = 3,
}: {
  differences: Difference[]
  plants: ReferredPlants
  version: number
  max?: number
}): JSX.Element {
  if (version === 1) {
    const count = (kind: Difference['subject']['kind'], noun: string) => {
      const n = differences.filter(({ subject }) => subject.kind === kind).length
      return `${n} ${noun}${n === 1 ? '' : 's'}`
    }
    const links = differences.some(({ subject }) => subject.kind === 'link')
    return (
      <p class="summary" safe>
        {`New plant, with ${count('attribute', 'attribute')}${links ? ` and ${count('link', 'link')}` : ''}`}
      </p>
    )
  }
  const shown = differences.slice(0, max)
  return (
    <ul class="changes">
      {shown.map((difference) => (
        <li>
          <DifferenceLine difference={difference} plants={plants} />
        </li>
      ))}
      {differences.length > max ? <li safe>{`and ${differences.length - max} more`}</li> : ''}
    </ul>
  )
}

/** A moderator's button that marks one edit patrolled, then comes back to `back`. */
export function PatrolButton({
  plantId,
  plantName,
  version,
  csrf,
  back,
}: {
  plantId: number
  plantName: string
  version: number
  csrf: string
  back: string
}): JSX.Element {
  return (
    <form class="inline" action="/changes/patrol" method="post">
      <CsrfField token={csrf} />
      <input type="hidden" name="plant_id" value={String(plantId)} />
      <input type="hidden" name="version" value={String(version)} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" aria-label={`Mark version ${version} of ${plantName} patrolled`}>
        Mark patrolled
      </button>
    </form>
  )
}
