// What changed, in terms a page can put in words: one revision's recorded changes, or the difference between
// two versions of a plant (fields, attributes, the companions and antagonists it had then, and its
// pictures), each as an addition, a removal or a change. Long texts are compared word by word, so a one-word fix to a description
// shows as that word. Pure: no database, no wording.
import { SCALAR_FIELDS, type FieldChange, type PlantFields } from '../plants/plant-changes.ts'

type ScalarField = (typeof SCALAR_FIELDS)[number]
type LinkType = 'companion-to' | 'antagonist-to'
export type Value = string | number | null

type Subject =
  | { kind: 'field'; field: ScalarField }
  | { kind: 'attribute'; key: string }
  | { kind: 'link'; type: LinkType; plantId: number }
  /** A picture added or removed (`images.added`, `images.removed`). */
  | { kind: 'picture'; imageId: number }
  /** Which picture the plant shows (`images.shown`): `from` and `to` are picture ids, or null for none. */
  | { kind: 'shown-picture' }

export interface Difference {
  subject: Subject
  action: 'added' | 'removed' | 'changed'
  from: Value
  to: Value
}

export interface PlantLinkState {
  type: LinkType
  plantId: number
}

/** A plant's pictures at one version: those added and not removed, in the order added, and the one shown. */
export interface PictureState {
  pictures: number[]
  shown: number | null
}

/** A plant at one version: its fields and attributes, the plants it was linked to, and its pictures (none
 * when left out). */
export interface VersionState {
  fields: PlantFields
  links: PlantLinkState[]
  pictures?: PictureState
}

const DATA_PREFIX = 'data.'
const LINK_TYPES: readonly string[] = ['companion-to', 'antagonist-to']
/** The order a gardener reads a plant in, not the order the fields are stored in. */
const FIELD_ORDER: readonly ScalarField[] = [
  'name',
  'scientific_name',
  'type',
  'parent_id',
  'description',
  'slug',
]

const isScalarField = (field: string): field is ScalarField =>
  (SCALAR_FIELDS as readonly string[]).includes(field)
/** An empty text and no parent are both "nothing there". */
const absent = (value: Value): boolean => value === null || value === ''

function actionOf(from: Value, to: Value): Difference['action'] {
  if (absent(from)) return 'added'
  return absent(to) ? 'removed' : 'changed'
}

/** A revision's recorded changes as differences, those this code does not know passed over. */
export const differencesOf = (changes: readonly FieldChange[]): Difference[] =>
  changes.flatMap((change) => differenceOf(change) ?? [])

/** A recorded change (`{field, from, to}` of a revision) as a difference; null for a field this code does
 * not know (a newer server's), which a page passes over rather than misreads. */
export function differenceOf({ field, from, to }: FieldChange): Difference | null {
  if (field.startsWith(DATA_PREFIX))
    return {
      subject: { kind: 'attribute', key: field.slice(DATA_PREFIX.length) },
      action: actionOf(from, to),
      from,
      to,
    }
  if (field.startsWith('links.')) {
    const type = field.slice('links.'.length)
    const other = to ?? from
    if (!LINK_TYPES.includes(type) || typeof other !== 'number') return null
    return {
      subject: { kind: 'link', type: type as LinkType, plantId: other },
      action: to === null ? 'removed' : 'added',
      from,
      to,
    }
  }
  if (field === 'images.added' || field === 'images.removed') {
    const added = field === 'images.added'
    const imageId = added ? to : from
    if (typeof imageId !== 'number') return null
    return { subject: { kind: 'picture', imageId }, action: added ? 'added' : 'removed', from, to }
  }
  if (field === 'images.shown') {
    if ((from !== null && typeof from !== 'number') || (to !== null && typeof to !== 'number')) return null
    return { subject: { kind: 'shown-picture' }, action: actionOf(from, to), from, to }
  }
  if (isScalarField(field)) return { subject: { kind: 'field', field }, action: actionOf(from, to), from, to }
  return null
}

/** The plant's links after replaying the link changes of `revisions` (oldest first), in the order made. */
export function linksAfter(revisions: readonly { changes: readonly FieldChange[] }[]): PlantLinkState[] {
  const links = new Map<string, PlantLinkState>()
  for (const { changes } of revisions) {
    for (const change of changes) {
      const difference = differenceOf(change)
      if (difference?.subject.kind !== 'link') continue
      const { type, plantId } = difference.subject
      const key = `${type} ${plantId}`
      if (difference.action === 'added') links.set(key, { type, plantId })
      else links.delete(key)
    }
  }
  return [...links.values()]
}

/** The plant's pictures after replaying the picture changes of `revisions` (oldest first). */
export function picturesAfter(revisions: readonly { changes: readonly FieldChange[] }[]): PictureState {
  const pictures: number[] = []
  let shown: number | null = null
  for (const { changes } of revisions) {
    for (const change of changes) {
      const difference = differenceOf(change)
      if (difference?.subject.kind === 'picture') {
        const { imageId } = difference.subject
        if (difference.action === 'added') pictures.push(imageId)
        else if (pictures.includes(imageId)) pictures.splice(pictures.indexOf(imageId), 1)
      } else if (difference?.subject.kind === 'shown-picture') shown = difference.to as number | null
    }
  }
  return { pictures, shown }
}

/** Everything that differs from `from` to `to`: fields first, then attributes in `to`'s order followed by
 * those it no longer has, then links added and removed, then pictures added and removed and the one shown. */
export function diffVersions(from: VersionState, to: VersionState): Difference[] {
  const differences: Difference[] = []
  for (const field of FIELD_ORDER) {
    const [before, after] = [from.fields[field], to.fields[field]]
    if (before !== after && !(absent(before) && absent(after)))
      differences.push({
        subject: { kind: 'field', field },
        action: actionOf(before, after),
        from: before,
        to: after,
      })
  }
  const previous = new Map(from.fields.data.map(({ key, value }) => [key, value]))
  for (const { key, value } of to.fields.data) {
    const before = previous.get(key) ?? null
    previous.delete(key)
    if (before !== value)
      differences.push({
        subject: { kind: 'attribute', key },
        action: actionOf(before, value),
        from: before,
        to: value,
      })
  }
  for (const [key, value] of previous)
    differences.push({ subject: { kind: 'attribute', key }, action: 'removed', from: value, to: null })
  const linkKey = ({ type, plantId }: PlantLinkState) => `${type} ${plantId}`
  const had = new Set(from.links.map(linkKey))
  const has = new Set(to.links.map(linkKey))
  for (const link of to.links)
    if (!had.has(linkKey(link)))
      differences.push({ subject: { kind: 'link', ...link }, action: 'added', from: null, to: link.plantId })
  for (const link of from.links)
    if (!has.has(linkKey(link)))
      differences.push({
        subject: { kind: 'link', ...link },
        action: 'removed',
        from: link.plantId,
        to: null,
      })
  const [before, after] = [from.pictures ?? NO_PICTURES, to.pictures ?? NO_PICTURES]
  for (const imageId of after.pictures)
    if (!before.pictures.includes(imageId))
      differences.push({ subject: { kind: 'picture', imageId }, action: 'added', from: null, to: imageId })
  for (const imageId of before.pictures)
    if (!after.pictures.includes(imageId))
      differences.push({ subject: { kind: 'picture', imageId }, action: 'removed', from: imageId, to: null })
  if (before.shown !== after.shown)
    differences.push({
      subject: { kind: 'shown-picture' },
      action: actionOf(before.shown, after.shown),
      from: before.shown,
      to: after.shown,
    })
  return differences
}

const NO_PICTURES: PictureState = { pictures: [], shown: null }

export interface Segment {
  text: string
  /** In both texts, only in the old one, or only in the new one. */
  kind: 'same' | 'removed' | 'added'
}

/** Beyond this many cells (words of one text times words of the other, after the common start and end are
 * set aside) the texts are shown whole, one removed and one added: the table would outgrow its worth. */
const MAX_CELLS = 1_000_000

/** The two texts as runs of words kept, removed and added (a longest common subsequence of words and the
 * spaces between them). Joining the `same` and `removed` runs gives `before`; `same` and `added`, `after`. */
export function wordDiff(before: string, after: string): Segment[] {
  const a = before.match(/\s+|\S+/g) ?? []
  const b = after.match(/\s+|\S+/g) ?? []
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++
  const middleA = a.slice(start, a.length - end)
  const middleB = b.slice(start, b.length - end)
  const middle: [string, Segment['kind']][] =
    middleA.length * middleB.length > MAX_CELLS
      ? [
          [middleA.join(''), 'removed'],
          [middleB.join(''), 'added'],
        ]
      : commonSubsequence(middleA, middleB)
  return grouped([
    [a.slice(0, start).join(''), 'same'],
    ...middle,
    [a.slice(a.length - end).join(''), 'same'],
  ])
}

/** Each stretch of changes as one removal then one addition, a space between two changed words taken into
 * both: "<del>and eaten whole.</del><ins>or dried</ins>", not a word at a time. */
function grouped(steps: [string, Segment['kind']][]): Segment[] {
  const segments: Segment[] = []
  let removed = ''
  let added = ''
  const flush = () => {
    if (removed) segments.push({ text: removed, kind: 'removed' })
    if (added) segments.push({ text: added, kind: 'added' })
    removed = added = ''
  }
  steps.forEach(([text, kind], index) => {
    if (!text) return
    if (kind === 'removed') removed += text
    else if (kind === 'added') added += text
    else if ((removed || added) && /^\s+$/.test(text) && (steps[index + 1]?.[1] ?? 'same') !== 'same') {
      removed += text
      added += text
    } else {
      flush()
      const last = segments.at(-1)
      if (last?.kind === 'same') last.text += text
      else segments.push({ text, kind })
    }
  })
  flush()
  return segments
}

/** The classic dynamic programme: `lengths[i][j]` is the longest common subsequence of a[i..] and b[j..];
 * walking it from the start gives the edit, removals before additions at each point. */
function commonSubsequence(a: string[], b: string[]): [string, Segment['kind']][] {
  const width = b.length + 1
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!)
  const steps: [string, Segment['kind']][] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      steps.push([a[i]!, 'same'])
      i++
      j++
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) steps.push([a[i++]!, 'removed'])
    else steps.push([b[j++]!, 'added'])
  }
  while (i < a.length) steps.push([a[i++]!, 'removed'])
  while (j < b.length) steps.push([b[j++]!, 'added'])
  return steps
}
