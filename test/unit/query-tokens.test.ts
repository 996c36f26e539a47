// The words of `q` as the query reader sees them (src/search/query-tokens.ts): folded as typed, made
// canonical for comparison ("shrubs" is "shrub"), numbers with their decimals and sign, a dash kept only
// between two numbers (a range) and a plus only after a number or its unit ("or more").
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  longestOf,
  matchesAt,
  nameRun,
  nameRunAt,
  nameRunsOf,
  split,
  texts,
  tokensOf,
  type Token,
} from '../../src/search/query-tokens.ts'

const rows = (q: string) => tokensOf(q).map(({ text, word, number }) => [text, word, number])

describe('tokensOf', () => {
  it('folds words as typed and compares them singular', () => {
    assert.deepEqual(rows('Hardy to Zone 4 SHRUBS'), [
      ['hardy', 'hardy', null],
      ['to', 'to', null],
      ['zone', 'zone', null],
      ['4', '4', 4],
      ['shrubs', 'shrub', null],
    ])
    assert.deepEqual(rows('Bärlauch jalapeños'), [
      ['barlauch', 'barlauch', null],
      ['jalapenos', 'jalapeno', null],
    ])
    assert.deepEqual(rows('ﬁg'), [['fig', 'fig', null]])
    assert.deepEqual(rows('strawberries bushes'), [
      ['strawberries', 'strawberry', null],
      ['bushes', 'bush', null],
    ])
  })

  it('keeps decimals and a minus sign where no word or number comes just before it', () => {
    assert.deepEqual(rows('0.5 m'), [
      ['0.5', '0.5', 0.5],
      ['m', 'm', null],
    ])
    assert.deepEqual(rows('hardy to -40 degrees'), [
      ['hardy', 'hardy', null],
      ['to', 'to', null],
      ['-40', '-40', -40],
      ['degrees', 'degree', null],
    ])
    // The minus sign (U+2212) is a minus too.
    assert.deepEqual(rows('−35 c').slice(0, 1), [['−35', '−35', -35]])
    // Full-width digits are digits.
    assert.deepEqual(rows('６ ft')[0], ['6', '6', 6])
    assert.deepEqual(
      tokensOf('1.5.2').map((token) => token.number),
      [1.5, 2],
    )
  })

  it('keeps a dash between two numbers as a range, and drops it between words', () => {
    assert.deepEqual(rows('ph 6-7'), [
      ['ph', 'ph', null],
      ['6', '6', 6],
      ['-', '-', null],
      ['7', '7', 7],
    ])
    assert.deepEqual(rows('6 - 7'), rows('6-7'))
    // An en dash is a dash to the reader, and typed as it was.
    assert.deepEqual(rows('6–7')[1], ['–', '-', null])
    assert.deepEqual(rows('drought-tolerant'), [
      ['drought', 'drought', null],
      ['tolerant', 'tolerant', null],
    ])
    assert.deepEqual(rows('zone-4'), [
      ['zone', 'zone', null],
      ['4', '4', 4],
    ])
    assert.deepEqual(rows('2-x'), [
      ['2', '2', 2],
      ['x', 'x', null],
    ])
    assert.deepEqual(rows('6 -'), [['6', '6', 6]])
    assert.deepEqual(rows('-'), [])
  })

  it('keeps a plus just after a number or after its unit, and nowhere else', () => {
    assert.deepEqual(rows('120+ days'), [
      ['120', '120', 120],
      ['+', '+', null],
      ['days', 'day', null],
    ])
    assert.deepEqual(rows('10 weeks+').at(-1), ['+', '+', null])
    assert.deepEqual(rows('+ days'), [['days', 'day', null]])
    assert.deepEqual(rows('sun + shade'), [
      ['sun', 'sun', null],
      ['shade', 'shade', null],
    ])
  })

  it('cuts on everything else, and reads at most 32 tokens', () => {
    assert.deepEqual(
      tokensOf("tomato, basil & bird's-eye (chili)?").map((token) => token.text),
      ['tomato', 'basil', 'bird', 's', 'eye', 'chili'],
    )
    assert.deepEqual(tokensOf(''), [])
    assert.deepEqual(tokensOf('  \t\n '), [])
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')
    assert.deepEqual(
      tokensOf(long).map((token) => token.text),
      Array.from({ length: 32 }, (_, i) => `w${i}`),
    )
  })
})

describe('texts', () => {
  it('gives the words as typed, a range without spaces around its dash', () => {
    const tokens = tokensOf('Soil pH 6-7 please')
    assert.equal(texts(tokens, 1, 4), 'ph 6-7')
    assert.equal(texts(tokens, 0, 2), 'soil ph')
    assert.equal(texts(tokens, 5, 10), 'please')
    assert.equal(texts(tokens, 9, 1), '')
  })
})

describe('matchesAt', () => {
  const soft = new Set(['the', 'seed', 'and', 'for'])
  const skippable = (token: Token) => soft.has(token.word)

  it('counts the tokens that spell a phrase, or gives 0', () => {
    const tokens = tokensOf('full sun shrubs')
    assert.equal(matchesAt(tokens, 0, ['full', 'sun']), 2)
    assert.equal(matchesAt(tokens, 1, ['sun', 'shrub']), 2)
    assert.equal(matchesAt(tokens, 1, ['full', 'sun']), 0)
    assert.equal(matchesAt(tokensOf('full'), 0, ['full', 'sun']), 0)
  })

  it('skips at most two soft words between the words of a phrase, never before its first', () => {
    assert.equal(matchesAt(tokensOf('start seeds indoors'), 0, ['start', 'indoor']), 0)
    assert.equal(matchesAt(tokensOf('start seeds indoors'), 0, ['start', 'indoor'], undefined, skippable), 3)
    assert.equal(
      matchesAt(tokensOf('start the seeds indoors'), 0, ['start', 'indoor'], undefined, skippable),
      4,
    )
    assert.equal(
      matchesAt(tokensOf('start the seeds for indoors'), 0, ['start', 'indoor'], undefined, skippable),
      0,
    )
    assert.equal(matchesAt(tokensOf('the full sun'), 0, ['full', 'sun'], undefined, skippable), 0)
  })

  it('takes a word the test says is near (a typo)', () => {
    const near = (token: Token, word: string) => token.word === 'drough' && word === 'drought'
    assert.equal(matchesAt(tokensOf('drough tolerant'), 0, ['drought', 'tolerant'], near), 2)
    assert.equal(matchesAt(tokensOf('drough tolerant'), 0, ['drought', 'tolerant']), 0)
  })
})

describe('longestOf and split', () => {
  it('finds the longest of the phrases at a place, its words made canonical', () => {
    const phrases = split(['companion', 'companion plants for', 'companion plants'])
    assert.deepEqual(phrases[1], ['companion', 'plant', 'for'])
    assert.equal(longestOf(tokensOf('companion plants for tomato'), 0, phrases), 3)
    assert.equal(longestOf(tokensOf('companion plant tomato'), 0, phrases), 2)
    assert.equal(longestOf(tokensOf('tomato companions'), 1, phrases), 1)
    assert.equal(longestOf(tokensOf('tomato companions'), 0, phrases), 0)
    assert.equal(longestOf([], 0, phrases), 0)
  })
})

describe('name runs', () => {
  const tokens = tokensOf('growing runner beans in zone 5')

  it('spells a run as typed, with its last word singular, and two words also as one', () => {
    assert.deepEqual(nameRun(tokens, 1, 2), ['runner beans', 'runner bean', 'runnerbeans', 'runnerbean'])
    assert.deepEqual(nameRun(tokensOf('bee balm'), 0, 2), ['bee balm', 'beebalm'])
    assert.deepEqual(nameRun(tokens, 0, 3), ['growing runner beans', 'growing runner bean'])
  })

  it('makes no run across a number or past the end', () => {
    assert.deepEqual(nameRun(tokens, 4, 2), [])
    assert.deepEqual(nameRun(tokens, 5, 2), [])
    assert.deepEqual(nameRun(tokensOf('ph 6-7'), 1, 2), [])
  })

  it('finds the runs whose every word is a word of some name, and the longest whole name at a place', () => {
    const inNames = (word: string) => ['growing', 'runner', 'bean'].includes(word)
    assert.deepEqual(nameRunsOf(tokens, inNames), [
      'growing runner',
      'growingrunner',
      'growing runner beans',
      'growing runner bean',
      'runner beans',
      'runner bean',
      'runnerbeans',
      'runnerbean',
    ])
    const names = new Set(['runner bean', 'beebalm'])
    assert.equal(nameRunAt(tokens, 1, names), 2)
    assert.equal(nameRunAt(tokens, 0, names), 0)
    assert.equal(nameRunAt(tokensOf('planting bee balm'), 1, names), 2)
    assert.equal(nameRunAt(tokens, 1, new Set(['growing runner beans', 'runner beans'])), 2)
    assert.equal(nameRunAt(tokens, 0, new Set(['growing runner beans', 'runner beans'])), 3)
  })
})
