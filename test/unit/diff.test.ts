// The pure diff behind the history and diff pages: recorded changes read as additions, removals and changes,
// two versions compared field by field, attribute by attribute and link by link, and texts word by word.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { PlantFields } from '../../src/plants/plant-changes.ts'
import {
  differenceOf,
  diffVersions,
  linksAfter,
  picturesAfter,
  wordDiff,
  type Segment,
  type VersionState,
} from '../../src/revisions/diff.ts'

const fields = (overrides: Partial<PlantFields> = {}): PlantFields => ({
  type: 'Plant',
  scientific_name: 'Solanum lycopersicum',
  name: 'Tomato',
  description: '',
  parent_id: null,
  slug: 'solanum-lycopersicum-tomato',
  data: [],
  ...overrides,
})
const state = (overrides: Partial<PlantFields> = {}, links: VersionState['links'] = []): VersionState => ({
  fields: fields(overrides),
  links,
})

describe('differenceOf: one recorded change', () => {
  it('reads an attribute set, changed and removed', () => {
    assert.deepEqual(differenceOf({ field: 'data.Height', from: null, to: '1.5' }), {
      subject: { kind: 'attribute', key: 'Height' },
      action: 'added',
      from: null,
      to: '1.5',
    })
    assert.equal(differenceOf({ field: 'data.Height', from: '1.5', to: '2' })?.action, 'changed')
    assert.equal(differenceOf({ field: 'data.Height', from: '1.5', to: null })?.action, 'removed')
  })

  it('keeps a key that itself holds dots whole', () => {
    assert.deepEqual(differenceOf({ field: 'data.Soil pH (approx.)', from: '6', to: '6.5' })?.subject, {
      kind: 'attribute',
      key: 'Soil pH (approx.)',
    })
  })

  it('reads a link made and a link removed with the other plant’s id', () => {
    assert.deepEqual(differenceOf({ field: 'links.companion-to', from: null, to: 7 }), {
      subject: { kind: 'link', type: 'companion-to', plantId: 7 },
      action: 'added',
      from: null,
      to: 7,
    })
    assert.deepEqual(differenceOf({ field: 'links.antagonist-to', from: 9, to: null })?.subject, {
      kind: 'link',
      type: 'antagonist-to',
      plantId: 9,
    })
    assert.equal(differenceOf({ field: 'links.antagonist-to', from: 9, to: null })?.action, 'removed')
  })

  it('reads a description written for the first time as added and emptied as removed', () => {
    assert.equal(differenceOf({ field: 'description', from: '', to: 'Sweet.' })?.action, 'added')
    assert.equal(differenceOf({ field: 'description', from: 'Sweet.', to: '' })?.action, 'removed')
    assert.equal(differenceOf({ field: 'name', from: 'Tomato', to: 'Tomatoes' })?.action, 'changed')
  })

  it('reads a picture added, shown and removed with the picture’s id', () => {
    assert.deepEqual(differenceOf({ field: 'images.added', from: null, to: 12 }), {
      subject: { kind: 'picture', imageId: 12 },
      action: 'added',
      from: null,
      to: 12,
    })
    assert.deepEqual(differenceOf({ field: 'images.removed', from: 12, to: null }), {
      subject: { kind: 'picture', imageId: 12 },
      action: 'removed',
      from: 12,
      to: null,
    })
    assert.equal(differenceOf({ field: 'images.shown', from: null, to: 12 })?.action, 'added')
    assert.equal(differenceOf({ field: 'images.shown', from: 12, to: 13 })?.action, 'changed')
    assert.deepEqual(differenceOf({ field: 'images.shown', from: 12, to: null }), {
      subject: { kind: 'shown-picture' },
      action: 'removed',
      from: 12,
      to: null,
    })
  })

  it('passes over a field it does not know rather than misreading it', () => {
    assert.equal(differenceOf({ field: 'images.thumb', from: null, to: 'x.png' }), null)
    assert.equal(differenceOf({ field: 'links.neighbour-of', from: null, to: 3 }), null)
  })
})

describe('linksAfter: the links a plant had at a version', () => {
  it('replays links made and removed, in the order made', () => {
    const revisions = [
      { changes: [{ field: 'name', from: null, to: 'Tomato' }] },
      { changes: [{ field: 'links.companion-to', from: null, to: 2 }] },
      { changes: [{ field: 'links.antagonist-to', from: null, to: 3 }] },
      { changes: [{ field: 'links.companion-to', from: 2, to: null }] },
      { changes: [{ field: 'links.companion-to', from: null, to: 4 }] },
    ]
    assert.deepEqual(linksAfter(revisions), [
      { type: 'antagonist-to', plantId: 3 },
      { type: 'companion-to', plantId: 4 },
    ])
    assert.deepEqual(linksAfter(revisions.slice(0, 2)), [{ type: 'companion-to', plantId: 2 }])
    assert.deepEqual(linksAfter([]), [])
  })
})

describe('diffVersions: two versions of a plant', () => {
  it('finds an attribute added, one changed and one removed, with old and new values', () => {
    const before = state({
      data: [
        { key: 'Light requirement', value: 'Full sun' },
        { key: 'Height', value: '1.5' },
      ],
    })
    const after = state({
      data: [
        { key: 'Light requirement', value: 'Partial shade' },
        { key: 'Water requirement', value: 'Moist' },
      ],
    })
    assert.deepEqual(diffVersions(before, after), [
      {
        subject: { kind: 'attribute', key: 'Light requirement' },
        action: 'changed',
        from: 'Full sun',
        to: 'Partial shade',
      },
      { subject: { kind: 'attribute', key: 'Water requirement' }, action: 'added', from: null, to: 'Moist' },
      { subject: { kind: 'attribute', key: 'Height' }, action: 'removed', from: '1.5', to: null },
    ])
  })

  it('lists fields in reading order before attributes, and links last', () => {
    const before = state({ data: [{ key: 'Family', value: 'Solanaceae' }] }, [
      { type: 'companion-to', plantId: 2 },
    ])
    const after = state(
      {
        name: 'Cherry tomato',
        type: 'Variety',
        parent_id: 1,
        slug: 'cherry-tomato',
        description: 'Small and sweet.',
        data: [{ key: 'Family', value: 'Solanaceae' }],
      },
      [{ type: 'antagonist-to', plantId: 5 }],
    )
    const subjects = diffVersions(before, after).map(({ subject, action }) => [
      subject.kind === 'field'
        ? subject.field
        : subject.kind === 'link'
          ? subject.type
          : subject.kind === 'attribute'
            ? subject.key
            : subject.kind,
      action,
    ])
    assert.deepEqual(subjects, [
      ['name', 'changed'],
      ['type', 'changed'],
      ['parent_id', 'added'],
      ['description', 'added'],
      ['slug', 'changed'],
      ['antagonist-to', 'added'],
      ['companion-to', 'removed'],
    ])
  })

  it('finds nothing between equal versions, and everything from nothing', () => {
    const tomato = state({ data: [{ key: 'Height', value: '1.5' }] }, [{ type: 'companion-to', plantId: 2 }])
    assert.deepEqual(diffVersions(tomato, tomato), [])
    const nothing: VersionState = {
      fields: fields({ type: 'Plant', scientific_name: '', name: '', slug: '' }),
      links: [],
    }
    const all = diffVersions(nothing, tomato)
    assert.ok(
      all.every(({ action }) => action === 'added'),
      'a new plant is all additions',
    )
    assert.equal(all.length, 5, 'name, scientific name, page address, Height, the companion')
  })

  it('goes backwards as well: the changes a restore would make', () => {
    const older = state({ data: [{ key: 'Height', value: '1.5' }] })
    const newer = state({ data: [] })
    assert.deepEqual(diffVersions(newer, older), [
      { subject: { kind: 'attribute', key: 'Height' }, action: 'added', from: null, to: '1.5' },
    ])
  })
})

describe('picturesAfter and diffVersions: the pictures a plant had at a version', () => {
  const revisions = [
    { changes: [{ field: 'name', from: null, to: 'Tomato' }] },
    {
      changes: [
        { field: 'images.added', from: null, to: 4 },
        { field: 'images.shown', from: null, to: 4 },
      ],
    },
    { changes: [{ field: 'images.added', from: null, to: 5 }] },
    {
      changes: [
        { field: 'images.removed', from: 4, to: null },
        { field: 'images.shown', from: 4, to: 5 },
      ],
    },
  ]

  it('replays additions, removals and the picture shown', () => {
    assert.deepEqual(picturesAfter(revisions.slice(0, 3)), { pictures: [4, 5], shown: 4 })
    assert.deepEqual(picturesAfter(revisions), { pictures: [5], shown: 5 })
    assert.deepEqual(picturesAfter([]), { pictures: [], shown: null })
  })

  it('lists pictures added and removed after the links, then the picture shown', () => {
    const before = { ...state(), pictures: picturesAfter(revisions.slice(0, 2)) }
    const after = { ...state(), pictures: picturesAfter(revisions) }
    assert.deepEqual(diffVersions(before, after), [
      { subject: { kind: 'picture', imageId: 5 }, action: 'added', from: null, to: 5 },
      { subject: { kind: 'picture', imageId: 4 }, action: 'removed', from: 4, to: null },
      { subject: { kind: 'shown-picture' }, action: 'changed', from: 4, to: 5 },
    ])
    assert.deepEqual(diffVersions(state(), state()), [], 'no pictures on either side')
  })
})

describe('wordDiff: a text changed in a few words', () => {
  const side = (segments: Segment[], kind: 'removed' | 'added') =>
    segments
      .filter((segment) => segment.kind === 'same' || segment.kind === kind)
      .map(({ text }) => text)
      .join('')

  it('marks only the words that changed, and each side joins back to its text', () => {
    const before = 'A tender perennial grown as an annual in cool climates.'
    const after = 'A tender perennial usually grown as an annual in cold climates.'
    const segments = wordDiff(before, after)
    assert.equal(side(segments, 'removed'), before)
    assert.equal(side(segments, 'added'), after)
    assert.deepEqual(
      segments.filter(({ kind }) => kind !== 'same'),
      [
        { text: 'usually ', kind: 'added' },
        { text: 'cool', kind: 'removed' },
        { text: 'cold', kind: 'added' },
      ],
    )
  })

  it('shows a stretch of changed words as one removal and one addition', () => {
    const before = 'Picked young and eaten whole. Sow in May.'
    const after = 'Picked young or dried for the seeds. Sow in May.'
    const segments = wordDiff(before, after)
    assert.deepEqual(segments, [
      { text: 'Picked young ', kind: 'same' },
      { text: 'and eaten whole.', kind: 'removed' },
      { text: 'or dried for the seeds.', kind: 'added' },
      { text: ' Sow in May.', kind: 'same' },
    ])
    assert.equal(side(segments, 'removed'), before)
    assert.equal(side(segments, 'added'), after)
  })

  it('handles empty texts and identical texts', () => {
    assert.deepEqual(wordDiff('', 'Sweet.'), [{ text: 'Sweet.', kind: 'added' }])
    assert.deepEqual(wordDiff('Sweet.', ''), [{ text: 'Sweet.', kind: 'removed' }])
    assert.deepEqual(wordDiff('Same text', 'Same text'), [{ text: 'Same text', kind: 'same' }])
    assert.deepEqual(wordDiff('', ''), [])
  })

  it('shows two very long, wholly different texts as one removal and one addition', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old${i}`).join(' ')
    const after = Array.from({ length: 3000 }, (_, i) => `new${i}`).join(' ')
    const started = performance.now()
    const segments = wordDiff(before, after)
    assert.ok(performance.now() - started < 1000, 'quick')
    assert.deepEqual(
      segments.map(({ kind }) => kind),
      ['removed', 'added'],
    )
    assert.equal(side(segments, 'removed'), before)
    assert.equal(side(segments, 'added'), after)
  })
})
