// The phrases search reads from the attribute registry itself (src/search/registry-phrases.ts): a short
// value also by its ending ("aphid" of "green peach aphid"), and every key by its name and the plain words
// a gardener writes for it ("sow indoors", "indoor sowing", "days to mature"). Values that are sentences,
// windows or links give no phrases.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  endingReadAlone,
  endingsOf,
  isProse,
  isShortName,
  keyNames,
  wordVariants,
} from '../../src/search/registry-phrases.ts'
import { normalizeFacet } from '../../src/plants/plant.ts'

const namesOf = (key: string) =>
  keyNames([{ key, keyNorm: normalizeFacet(key), plants: 10, numeric: false, values: null }])
const spelt = (key: string) => namesOf(key).map(({ words }) => words.join(' '))

describe('isShortName', () => {
  it('takes a name of one to five words, with another name in parentheses', () => {
    for (const value of [
      'Full sun',
      'green peach aphid',
      'Gray mold (Botrytis)',
      'Partial sun/shade',
      'Fabaceae or leguminosae',
      'Jalapeño',
      'a b c d e',
    ]) {
      assert.ok(isShortName(value), value)
    }
  })

  it('refuses a window or measure, a sentence, a long phrase and nothing', () => {
    for (const value of [
      '2-8 weeks after the last frost',
      '60 days',
      'Water well. Then wait',
      'note: keep moist',
      'Keep moist; mulch',
      'Why?',
      'see [1]',
      'a b c d e f',
      '',
      '  ',
    ]) {
      assert.ok(!isShortName(value), value)
    }
  })
})

describe('isProse', () => {
  it('says a key’s values are prose when any is a link or longer than eight words', () => {
    assert.ok(isProse(['Full sun', 'https://example.org/plant']))
    assert.ok(isProse(['one two three four five six seven eight nine']))
    assert.ok(!isProse(['one two three four five six seven eight']))
    assert.ok(!isProse(['Full sun', 'Partial sun/shade']))
    assert.ok(!isProse([]))
  })
})

describe('endingsOf', () => {
  it('gives every ending of a value, whole first, singular and folded', () => {
    assert.deepEqual(endingsOf('green peach aphid'), ['green peach aphid', 'peach aphid', 'aphid'])
    assert.deepEqual(endingsOf('Powdery Mildews'), ['powdery mildew', 'mildew'])
    assert.deepEqual(endingsOf('Crème brûlée'), ['creme brulee', 'brulee'])
    assert.deepEqual(endingsOf(''), [])
  })

  it('gives the endings of each name of a value with two', () => {
    assert.deepEqual(endingsOf('Gray mold (Botrytis)'), [
      'gray mold botrytis',
      'mold botrytis',
      'botrytis',
      'gray mold',
      'mold',
      'botrytis',
    ])
    assert.deepEqual(endingsOf('Fabaceae or leguminosae').slice(-2), ['fabaceae', 'leguminosae'])
  })
})

describe('endingReadAlone', () => {
  const soft = new Set(['sow', 'plant'])
  const needsKey = new Set(['high'])
  const keyWords = new Map([['pest', 1]])

  it('reads an ending of two words or more alone', () => {
    assert.ok(endingReadAlone(['peach', 'aphid'], soft, needsKey, keyWords))
    assert.ok(endingReadAlone(['direct', 'sow'], soft, needsKey, keyWords))
  })

  it('reads one word alone only when it has four letters or more and says something by itself', () => {
    assert.ok(endingReadAlone(['aphid'], soft, needsKey, keyWords))
    assert.ok(endingReadAlone(['rust'], soft, needsKey, keyWords))
    assert.ok(!endingReadAlone(['pea'], soft, needsKey, keyWords), 'under four letters')
    assert.ok(!endingReadAlone(['plant'], soft, needsKey, keyWords), 'a soft word')
    assert.ok(!endingReadAlone(['high'], soft, needsKey, keyWords), 'too vague alone')
    assert.ok(!endingReadAlone(['pest'], soft, needsKey, keyWords), 'a word of a key’s name')
  })
})

describe('keyNames', () => {
  it('reads a key by its name: the plant has the key', () => {
    const [first] = namesOf('Pests')
    assert.deepEqual(first, {
      words: ['pest'],
      meaning: { kind: 'has', key: 'Pests', keyNorm: 'pests' },
      oneWord: false,
    })
  })

  it('reads a question key without its question words, with its parenthesis before or after', () => {
    const indoors = spelt('When to sow (indoors)')
    for (const phrase of [
      'when to sow indoor',
      'sow indoor',
      'sowing indoor',
      'sown indoor',
      'indoor sowing',
    ]) {
      assert.ok(indoors.includes(phrase), phrase)
    }
    assert.ok(!indoors.includes('indoor'))
    assert.ok(spelt('How to harvest').includes('harvest'))
    assert.equal(new Set(indoors).size, indoors.length, 'each phrase once')
  })

  it('reads a key’s words in the forms a gardener writes them', () => {
    assert.deepEqual(spelt('Days to maturity').slice(0, 3), [
      'day to maturity',
      'day to mature',
      'day to maturing',
    ])
    assert.deepEqual(spelt('Germination temperature'), [
      'germination temperature',
      'germinate temperature',
      'germinating temperature',
    ])
  })

  it('keeps a name of too many forms as it is', () => {
    // grow, plant, sow and bush have three or four forms each: 144, more than the 64 kept.
    assert.deepEqual(spelt('Grow plant sow bush'), ['grow plant sow bush'])
    assert.equal(spelt('Grow plant sow').length, 48)
  })

  it('gives every key its own phrases, and none for no keys', () => {
    assert.deepEqual(keyNames([]), [])
    const both = keyNames(
      ['Pests', 'Diseases'].map((key) => ({
        key,
        keyNorm: normalizeFacet(key),
        plants: 1,
        numeric: false,
        values: [],
      })),
    )
    assert.deepEqual([...new Set(both.map(({ meaning }) => meaning.key))], ['Pests', 'Diseases'])
  })
})

describe('wordVariants', () => {
  it('gives a noun of an action its verb, a quality its adjective, a short verb -ing, -ed and -n', () => {
    assert.deepEqual(wordVariants('germination'), ['germination', 'germinate', 'germinating'])
    assert.deepEqual(wordVariants('maturity'), ['maturity', 'mature', 'maturing'])
    assert.deepEqual(wordVariants('sow'), ['sow', 'sowing', 'sowed', 'sown'])
    assert.deepEqual(wordVariants('grow'), ['grow', 'growing', 'growed', 'grown'])
    assert.deepEqual(wordVariants('plant'), ['plant', 'planting', 'planted'])
  })

  it('leaves long words, and words already ending as a form, as they are', () => {
    for (const word of ['harvest', 'temperature', 'seed', 'zone', 'sowing', 'planted', 'region']) {
      assert.deepEqual(wordVariants(word), [word], word)
    }
  })
})
