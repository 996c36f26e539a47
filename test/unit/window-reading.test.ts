// Sowing and planting windows in `q` (src/search/window-reading.ts): "8 weeks before the last frost" is the
// days from the frost a plant's window must overlap, counted as the calendar counts them (negative before
// the frost); the window is sowing outdoors unless the query names another ("start seeds indoors").
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PhraseBook, type Meaning } from '../../src/search/phrase-book.ts'
import type { ReadConstraint } from '../../src/search/query-reading.ts'
import { tokensOf } from '../../src/search/query-tokens.ts'
import { actionOf, readWindow, resolveWindows } from '../../src/search/window-reading.ts'

// The units of time and "or more" come from the gardeners' vocabulary, not from the registry.
const book = new PhraseBook([])

/** The window read at the start of `q`: its days, anchor, words, and the index after it. */
function read(q: string, index = 0) {
  const found = readWindow(tokensOf(q), index, book)
  if (!found) return null
  const { meaning, words } = found.constraint
  assert.equal(meaning.kind, 'window')
  if (meaning.kind !== 'window') return null
  return { anchor: meaning.anchor, min: meaning.min, max: meaning.max, words, next: found.next }
}

describe('readWindow', () => {
  it('reads a number of weeks, days or months before or after a frost as days from it', () => {
    assert.deepEqual(read('8 weeks before the last frost'), {
      anchor: 'last',
      min: -56,
      max: -56,
      words: '8 weeks before the last frost',
      next: 6,
    })
    assert.deepEqual(read('10 days after the first frost'), {
      anchor: 'first',
      min: 10,
      max: 10,
      words: '10 days after the first frost',
      next: 6,
    })
    assert.deepEqual(read('2 months before last frost'), {
      anchor: 'last',
      min: -60,
      max: -60,
      words: '2 months before last frost',
      next: 5,
    })
    assert.deepEqual(read('3 wks before frost')?.min, -21)
    assert.deepEqual(read('0 days after frost'), {
      anchor: 'last',
      min: 0,
      max: 0,
      words: '0 days after frost',
      next: 4,
    })
  })

  it('reads a range either way round', () => {
    assert.deepEqual(read('6-8 weeks before last frost'), {
      anchor: 'last',
      min: -56,
      max: -42,
      words: '6-8 weeks before last frost',
      next: 7,
    })
    assert.deepEqual(read('8-6 weeks before last frost'), {
      ...read('6-8 weeks before last frost'),
      words: '8-6 weeks before last frost',
    })
    assert.deepEqual(read('2 to 3 weeks after the first frost'), {
      anchor: 'first',
      min: 14,
      max: 21,
      words: '2 to 3 weeks after the first frost',
      next: 8,
    })
  })

  it('reads "or more" as every day from that many on', () => {
    assert.deepEqual(read('10 weeks+ before frost'), {
      anchor: 'last',
      min: null,
      max: -70,
      words: '10 weeks + before frost',
      next: 5,
    })
    assert.deepEqual(read('10 weeks or more before frost'), {
      ...read('10 weeks+ before frost'),
      words: '10 weeks or more before frost',
      next: 6,
    })
    // A range "or more" is from its nearer end on: at least 6 weeks before.
    assert.deepEqual(read('6-8 weeks+ before frost'), {
      anchor: 'last',
      min: null,
      max: -42,
      words: '6-8 weeks + before frost',
      next: 7,
    })
    assert.deepEqual(read('3 weeks or more after the first frost'), {
      anchor: 'first',
      min: 21,
      max: null,
      words: '3 weeks or more after the first frost',
      next: 8,
    })
  })

  it('reads a frost without a number as any day before or after it, and a bare frost as the last', () => {
    assert.deepEqual(read('before the last frost'), {
      anchor: 'last',
      min: null,
      max: -1,
      words: 'before the last frost',
      next: 4,
    })
    assert.deepEqual(read('after frost'), {
      anchor: 'last',
      min: 1,
      max: null,
      words: 'after frost',
      next: 2,
    })
    assert.deepEqual(read('after the first frost')?.anchor, 'first')
    assert.deepEqual(read('8 weeks after the frost')?.anchor, 'last')
  })

  it('reads from where it is asked, and nothing that is not a window', () => {
    assert.deepEqual(read('sow peas 4 weeks before the last frost', 2), {
      anchor: 'last',
      min: -28,
      max: -28,
      words: '4 weeks before the last frost',
      next: 8,
    })
    assert.equal(read('sow peas 4 weeks before the last frost', 0), null)
    for (const q of [
      '',
      '8 weeks',
      '8 weeks before planting',
      '8 weeks before the',
      'before the first snow',
      '8 apples before frost',
      'before',
      'frost',
      'last frost',
    ]) {
      assert.equal(read(q), null, q)
    }
  })

  it('gives the sowing-outdoors window until the query names another', () => {
    const found = readWindow(tokensOf('before frost'), 0, book)!
    assert.deepEqual(found.constraint.meaning, {
      kind: 'window',
      key: 'When to sow (outdoors)',
      keyNorm: 'when to sow (outdoors)',
      action: 'sow_outdoors',
      anchor: 'last',
      min: null,
      max: -1,
    })
  })
})

describe('resolveWindows', () => {
  const window: ReadConstraint = readWindow(tokensOf('8 weeks before the last frost'), 0, book)!.constraint
  const has = (key: string): ReadConstraint => ({
    meaning: { kind: 'has', key, keyNorm: key.toLowerCase() },
    words: key,
  })
  const shrubs: ReadConstraint = {
    meaning: { kind: 'value', key: 'Layer', keyNorm: 'layer', values: ['Shrubs'] },
    words: 'shrubs',
  }
  const windowOf = (constraints: ReadConstraint[]) =>
    constraints.map(({ meaning }) => meaning).find((meaning) => meaning.kind === 'window') as Extract<
      Meaning,
      { kind: 'window' }
    >

  it('gives each window the window key the query names, wherever it is named', () => {
    const indoors = resolveWindows([has('When to sow (indoors)'), window, shrubs])
    assert.deepEqual(windowOf(indoors), {
      ...window.meaning,
      key: 'When to sow (indoors)',
      keyNorm: 'when to sow (indoors)',
      action: 'sow_indoors',
    })
    assert.equal(windowOf(resolveWindows([window, has('When to plant (transplant)')])).action, 'transplant')
    // The first named wins; the other constraints are left as they were.
    const both = resolveWindows([
      has('When to plant (transplant)'),
      window,
      has('When to sow (indoors)'),
      shrubs,
    ])
    assert.equal(windowOf(both).action, 'transplant')
    assert.deepEqual(both[3], shrubs)
    assert.deepEqual(both[0], has('When to plant (transplant)'))
  })

  it('leaves the constraints as they are when no window key is named', () => {
    const constraints = [shrubs, window, has('Height')]
    assert.equal(resolveWindows(constraints), constraints)
    assert.deepEqual(resolveWindows([]), [])
  })
})

describe('actionOf', () => {
  it('knows a window key in any case and spacing, and no other key', () => {
    assert.equal(actionOf('When to sow (indoors)'), 'sow_indoors')
    assert.equal(actionOf('when to sow (OUTDOORS)'), 'sow_outdoors')
    assert.equal(actionOf('  When  to plant (division) '), 'plant')
    assert.equal(actionOf('When to plant (transplant)'), 'transplant')
    assert.equal(actionOf('When to sow'), undefined)
    assert.equal(actionOf('Height'), undefined)
    assert.equal(actionOf(''), undefined)
  })
})
