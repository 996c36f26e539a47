// The sowing and planting windows of a plant's attributes (src/plants/frost-windows.ts): the words the
// dataset writes ("6-8 weeks before the last frost") as days from a frost date, negative before it. Words
// outside the grammar give no window, so a calendar never shows a date the attribute does not say.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  daysToMaturity,
  frostWindows,
  parseWindow,
  WINDOW_KEYS,
  windowKey,
} from '../../src/plants/frost-windows.ts'

describe('parseWindow', () => {
  it('reads a span of weeks or days before or after a frost, its earliest day first', () => {
    assert.deepEqual(parseWindow('6-8 weeks before the last frost'), {
      anchor: 'last',
      fromDays: -56,
      toDays: -42,
      note: '6-8 weeks before the last frost',
    })
    assert.deepEqual(parseWindow('2 weeks after the last frost'), {
      anchor: 'last',
      fromDays: 14,
      toDays: 14,
      note: '2 weeks after the last frost',
    })
    assert.deepEqual(parseWindow('10-20 days after the first frost'), {
      anchor: 'first',
      fromDays: 10,
      toDays: 20,
      note: '10-20 days after the first frost',
    })
    // Written the wrong way round, the span is the same days.
    assert.deepEqual(parseWindow('8-6 weeks before the last frost'), {
      anchor: 'last',
      fromDays: -56,
      toDays: -42,
      note: '8-6 weeks before the last frost',
    })
    assert.deepEqual(parseWindow('20-10 days after the first frost'), {
      anchor: 'first',
      fromDays: 10,
      toDays: 20,
      note: '20-10 days after the first frost',
    })
  })

  it('reads a window around the frost, and one on the frost day itself', () => {
    assert.deepEqual(parseWindow('1 week before to 2 weeks after the last frost'), {
      anchor: 'last',
      fromDays: -7,
      toDays: 14,
      note: '1 week before to 2 weeks after the last frost',
    })
    assert.deepEqual(parseWindow('3 days before to 1 week after the first frost'), {
      anchor: 'first',
      fromDays: -3,
      toDays: 7,
      note: '3 days before to 1 week after the first frost',
    })
    assert.deepEqual(parseWindow('at the last frost'), {
      anchor: 'last',
      fromDays: 0,
      toDays: 0,
      note: 'at the last frost',
    })
    assert.deepEqual(parseWindow('at the first frost')?.anchor, 'first')
  })

  it('takes singular and plural units, an en dash, spaces around the dash, and any case', () => {
    assert.deepEqual(parseWindow('1 week after the last frost')?.toDays, 7)
    assert.deepEqual(parseWindow('1 day after the last frost')?.toDays, 1)
    assert.deepEqual(parseWindow('2 week after the last frost')?.toDays, 14)
    assert.deepEqual(parseWindow('6–8 weeks before the last frost')?.fromDays, -56)
    assert.deepEqual(parseWindow('6 - 8 weeks before the last frost')?.toDays, -42)
    assert.deepEqual(parseWindow('At The First Frost')?.anchor, 'first')
  })

  it('keeps the words as written for the note, with their spaces made single', () => {
    const window = parseWindow('  6-8\u00a0Weeks   before the LAST frost \n')
    assert.deepEqual(window, {
      anchor: 'last',
      fromDays: -56,
      toDays: -42,
      note: '6-8 Weeks before the LAST frost',
    })
  })

  it('reads up to three digits, and nothing outside the grammar', () => {
    assert.equal(parseWindow('999 days after the first frost')?.toDays, 999)
    assert.equal(parseWindow('0 days after the last frost')?.fromDays, 0)
    for (const text of [
      '',
      '   ',
      '1000 weeks before the last frost',
      '6-8 weeks before last frost',
      '6-8 weeks before the frost',
      '6-8 weeks before the last frost.',
      'about 6 weeks before the last frost',
      '6-8 months before the last frost',
      '2 weeks before to 1 week before the last frost',
      'after the last frost',
      'early spring',
      '６-８ weeks before the last frost',
      '6-8 Wochen vor dem letzten Frost',
    ]) {
      assert.equal(parseWindow(text), null, JSON.stringify(text))
    }
  })
})

describe('frostWindows', () => {
  it('gives every window of the window keys, in the order of the data, each part of "; " on its own', () => {
    const windows = frostWindows([
      { key: 'Height', value: '2 weeks after the last frost' },
      { key: 'When to sow (indoors)', value: '6-8 weeks before the last frost; at the last frost' },
      { key: 'When to plant (transplant)', value: '2 weeks after the last frost' },
      {
        key: 'When to sow (outdoors)',
        value: '4 weeks after the first frost;1-2 weeks before the first frost',
      },
      { key: 'When to plant (division)', value: 'at the first frost' },
      { key: 'When to plant (cuttings)', value: '1 week after the last frost' },
    ])
    assert.deepEqual(
      windows.map(({ action, key, anchor, fromDays, toDays }) => [action, key, anchor, fromDays, toDays]),
      [
        ['sow_indoors', 'When to sow (indoors)', 'last', -56, -42],
        ['sow_indoors', 'When to sow (indoors)', 'last', 0, 0],
        ['transplant', 'When to plant (transplant)', 'last', 14, 14],
        ['sow_outdoors', 'When to sow (outdoors)', 'first', 28, 28],
        ['sow_outdoors', 'When to sow (outdoors)', 'first', -14, -7],
        ['plant', 'When to plant (division)', 'first', 0, 0],
        ['plant', 'When to plant (cuttings)', 'last', 7, 7],
      ],
    )
    assert.equal(windows[1]!.note, 'at the last frost')
  })

  it('leaves out the parts outside the grammar and keeps the others of the same value', () => {
    const windows = frostWindows([
      {
        key: 'When to sow (outdoors)',
        value: 'as soon as the soil can be worked; ; 2 weeks after the last frost',
      },
      { key: 'When to sow (indoors)', value: 'not recommended' },
    ])
    assert.deepEqual(
      windows.map(({ key, note }) => [key, note]),
      [['When to sow (outdoors)', '2 weeks after the last frost']],
    )
    assert.deepEqual(frostWindows([]), [])
  })
})

describe('windowKey', () => {
  it('names the attribute the plant writes an action in, else the first key of that action', () => {
    assert.equal(windowKey('sow_indoors', []), 'When to sow (indoors)')
    assert.equal(windowKey('plant', []), 'When to plant (division)')
    assert.equal(
      windowKey('plant', [
        { key: 'Height' },
        { key: 'When to plant (cuttings)' },
        { key: 'When to plant (division)' },
      ]),
      'When to plant (cuttings)',
    )
    for (const [key, action] of Object.entries(WINDOW_KEYS)) {
      assert.equal(WINDOW_KEYS[windowKey(action, [{ key }])], action)
    }
  })
})

describe('daysToMaturity', () => {
  const of = (value: string) => daysToMaturity([{ key: 'Days to maturity', value }])

  it('reads a number or a range of days, least first', () => {
    assert.deepEqual(of('55-90'), [55, 90])
    assert.deepEqual(of('60'), [60, 60])
    assert.deepEqual(of('90-55'), [55, 90])
    assert.deepEqual(of(' 55 – 90 '), [55, 90])
    assert.deepEqual(of('9999'), [9999, 9999])
  })

  it('gives null for words, a missing key or more than four digits', () => {
    for (const value of ['about 60', '60 days', '55-', '', '12345', '6.5'])
      assert.equal(of(value), null, value)
    assert.equal(daysToMaturity([]), null)
    assert.equal(daysToMaturity([{ key: 'Height', value: '60' }]), null)
  })
})
