// Numbers in `q` read by the key they belong to (src/search/key-number-reading.ts): days, weeks and months
// of Days to maturity ("ready in under 50 days", "60 day crops", "120 days or more"), degrees of
// Germination temperature where the query speaks of germination, seeds or the soil ("germinate at 10c",
// "soil is 60F"). A bare number is about that much: within a quarter of it. Only keys the registry has
// numeric are read.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { readKeyNumber } from '../../src/search/key-number-reading.ts'
import { normalizeFacet } from '../../src/plants/plant.ts'
import { PhraseBook, type RegistryKey } from '../../src/search/phrase-book.ts'
import { tokensOf } from '../../src/search/query-tokens.ts'

const numeric = (key: string): RegistryKey => ({
  key,
  keyNorm: normalizeFacet(key),
  plants: 100,
  numeric: true,
  values: null,
})
const book = new PhraseBook([numeric('Days to maturity'), numeric('Germination temperature')])

/** What is read at `index` of `q`: the key, its range, the words and the index after them. */
function read(q: string, index = 0, from = book) {
  const found = readKeyNumber(tokensOf(q), index, from)
  if (!found) return null
  const { meaning, words } = found.constraint
  if (meaning.kind !== 'range') return assert.fail(`${q}: a ${meaning.kind}`)
  return [meaning.key, meaning.min, meaning.max, words, found.next]
}

describe('days to maturity', () => {
  it('reads a comparison, or two of one side ("ready in under")', () => {
    assert.deepEqual(read('ready in under 50 days'), [
      'Days to maturity',
      null,
      50,
      'ready in under 50 days',
      5,
    ])
    assert.deepEqual(read('within 45 days'), ['Days to maturity', null, 45, 'within 45 days', 3])
    assert.deepEqual(read('more than 90 days'), ['Days to maturity', 90, null, 'more than 90 days', 4])
    assert.deepEqual(read('at least 90 days'), ['Days to maturity', 90, null, 'at least 90 days', 4])
  })

  it('reads "or more" and "or less" after the unit', () => {
    assert.deepEqual(read('120 days or more'), ['Days to maturity', 120, null, '120 days or more', 4])
    assert.deepEqual(read('120 days+'), ['Days to maturity', 120, null, '120 days +', 3])
    assert.deepEqual(read('60 days or less'), ['Days to maturity', null, 60, '60 days or less', 4])
  })

  it('reads a bare number as within a quarter of it, in days whatever the unit', () => {
    assert.deepEqual(read('60 day crops'), ['Days to maturity', 45, 75, '60 day', 2])
    assert.deepEqual(read('2 months'), ['Days to maturity', 45, 75, '2 months', 2])
    assert.deepEqual(read('six weeks'), ['Days to maturity', 31.5, 52.5, 'six weeks', 2])
    // To a tenth of a day.
    assert.deepEqual(read('a year'), ['Days to maturity', 273.8, 456.3, 'a year', 2])
  })

  it('reads a range either way round, and the key by its name before the number', () => {
    assert.deepEqual(read('days to maturity 70-90'), [
      'Days to maturity',
      70,
      90,
      'days to maturity 70-90',
      6,
    ])
    assert.deepEqual(read('90-60 days'), ['Days to maturity', 60, 90, '90-60 days', 4])
    assert.deepEqual(read('50 to 70 days'), ['Days to maturity', 50, 70, '50 to 70 days', 4])
    assert.deepEqual(read('days to maturity under 60'), [
      'Days to maturity',
      null,
      60,
      'days to maturity under 60',
      5,
    ])
  })

  it('leaves a sowing window to the window reader', () => {
    assert.equal(read('8 weeks before the last frost'), null)
    assert.equal(read('8 weeks after'), null)
    assert.equal(read('10 days from sowing'), null)
  })

  it('reads a plus just after the number as "or more" ("120+ days", as README and the module say)', () => {
    assert.deepEqual(read('120+ days')?.slice(0, 3), ['Days to maturity', 120, null])
    assert.equal(read('120+ days')?.[4], 3)
  })
})

describe('germination temperature', () => {
  it('reads degrees where the query speaks of germination, seeds or the soil: at most that', () => {
    assert.deepEqual(read('germinate at 10c', 2), ['Germination temperature', null, 10, '10 c', 4])
    assert.deepEqual(read('soil is 60F', 2), ['Germination temperature', null, 15.6, '60 f', 4])
    assert.deepEqual(read('seeds sprout at 50 degrees', 3), [
      'Germination temperature',
      null,
      10,
      '50 degrees',
      5,
    ])
    assert.deepEqual(read('sow at 20 degrees c', 2), ['Germination temperature', null, 20, '20 degrees c', 5])
    assert.deepEqual(read('germination temperature 10'), [
      'Germination temperature',
      null,
      10,
      'germination temperature 10',
      3,
    ])
    assert.deepEqual(read('germination temperature over 20'), [
      'Germination temperature',
      20,
      null,
      'germination temperature over 20',
      4,
    ])
  })

  it('leaves degrees elsewhere alone: a winter low is a hardiness zone', () => {
    assert.equal(read('10 c'), null)
    assert.equal(read('hardy to -40 degrees', 2), null)
    assert.equal(read('shrubs for 60f', 2), null)
  })
})

describe('what is not a key’s number', () => {
  it('reads nothing without a unit or a key, nor from a word that is not a number', () => {
    for (const q of ['', '12 apples', '60', 'ten', 'ten apples', 'days to maturity', 'ready in', 'days 60']) {
      assert.equal(read(q), null, q)
    }
  })

  it('reads a key only while the registry has it numeric', () => {
    const noDays = new PhraseBook([numeric('Germination temperature')])
    assert.equal(read('60 days', 0, noDays), null)
    assert.equal(read('germinate at 10c', 2, new PhraseBook([numeric('Days to maturity')])), null)
    const textDays = new PhraseBook([
      { ...numeric('Days to maturity'), numeric: false, values: ['60-80 days'] },
    ])
    assert.equal(read('60 days', 0, textDays), null)
    assert.equal(read('60 days', 0, new PhraseBook([])), null)
  })
})
