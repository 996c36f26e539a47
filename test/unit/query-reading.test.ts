// How search reads `q` (src/search/query-reading.ts): the words that say what a plant is like become
// constraints, soft words are dropped and the rest are name words. Left to right, the first that fits: a
// plant's whole name, a request for companions, a number with what it measures, the longest phrase of the
// phrase book, a soft word, a word of a name. Read here against a phrase book made from a small registry
// and the real gardeners' vocabulary, as the search makes it.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { normalizeFacet } from '../../src/plants/plant.ts'
import { PhraseBook, type RegistryKey } from '../../src/search/phrase-book.ts'
import { readQuery, type ReadOptions, type Reading } from '../../src/search/query-reading.ts'

const key = (name: string, values: string[] | null, numeric = false): RegistryKey => ({
  key: name,
  keyNorm: normalizeFacet(name),
  plants: 100,
  numeric,
  values,
})

const book = new PhraseBook([
  key('Light requirement', ['Full sun', 'Partial sun/shade', 'Full shade']),
  key('Layer', ['Herbs', 'Shrubs', 'Ground cover', 'Trees', 'Tall trees', 'Vines']),
  key('Life cycle', ['Perennial', 'Annual']),
  key('Water requirement', ['Dry', 'Moist', 'Wet']),
  key('Nitrogen Fixing', ['Low', 'High']),
  key('Pests', ['green peach aphid', 'beet armyworm', 'Whitefly']),
  key('Diseases', ['Powdery mildew', 'Clubroot']),
  key('Propagation method', ['Seed - direct sow', 'Runners']),
  key('USDA Hardiness zone', null, true),
  key('Soil pH', null, true),
  key('Height', null, true),
  key('Days to maturity', null, true),
  key('When to sow (indoors)', null),
])

/** A reading in short: each constraint as [words, key, values or min and max, action], and the words. */
function read(q: string, options?: Partial<ReadOptions>) {
  const reading: Reading = readQuery(q, book, {
    isUnknownWord: () => false,
    isNameWord: () => false,
    ...options,
  })
  return {
    constraints: reading.constraints.map(({ words, meaning }) => [
      words,
      meaning.key,
      ...(meaning.kind === 'value'
        ? [meaning.values]
        : meaning.kind === 'has'
          ? []
          : meaning.kind === 'range'
            ? [meaning.min, meaning.max]
            : [meaning.min, meaning.max, meaning.action, meaning.anchor]),
    ]),
    companionsOf: reading.companionsOf,
    names: reading.nameWords,
    dropped: reading.droppedWords,
  }
}

const unknown =
  (...words: string[]) =>
  (word: string) =>
    words.includes(word)

describe('constraints', () => {
  it('reads a zone and a value: "hardy to zone 4 shrubs"', () => {
    assert.deepEqual(read('hardy to zone 4 shrubs'), {
      constraints: [
        ['hardy to zone 4', 'USDA Hardiness zone', null, 4],
        ['shrubs', 'Layer', ['Shrubs']],
      ],
      companionsOf: null,
      names: [],
      dropped: [],
    })
  })

  it('reads several numbers and phrases in one query', () => {
    assert.deepEqual(read('Full Sun vines for zone 5 taller than 2 m').constraints, [
      ['full sun', 'Light requirement', ['Full sun']],
      ['vines', 'Layer', ['Vines']],
      ['for zone 5', 'USDA Hardiness zone', null, 5],
      ['taller than 2 m', 'Height', 2, null],
    ])
    assert.deepEqual(read('ph 6 to 7 ground cover').constraints, [
      ['ph 6 to 7', 'Soil pH', 6, 7],
      ['ground cover', 'Layer', ['Ground cover']],
    ])
    assert.deepEqual(read('ready in under 50 days').constraints, [
      ['ready in under 50 days', 'Days to maturity', null, 50],
    ])
  })

  it('reads the longest phrase, across a dash, a comma, case and diacritics', () => {
    assert.deepEqual(read('SHADE TOLÉRANT').constraints, [
      ['shade tolerant', 'Light requirement', ['Full shade']],
    ])
    assert.deepEqual(read('full-sun, partial shade').constraints, [
      ['full sun', 'Light requirement', ['Full sun']],
      ['partial shade', 'Light requirement', ['Partial sun/shade']],
    ])
    assert.deepEqual(read('green peach aphid').constraints, [
      ['green peach aphid', 'Pests', ['green peach aphid']],
    ])
  })

  it('reads a vague value beside the phrase of its key: "high nitrogen fixers"', () => {
    assert.deepEqual(read('high nitrogen fixers').constraints, [
      ['high nitrogen fixers', 'Nitrogen Fixing', ['High']],
    ])
    // Alone it is too vague.
    assert.deepEqual(read('high'), { constraints: [], companionsOf: null, names: ['high'], dropped: [] })
  })

  it('reads two words a phrase writes as one: "army worms", "club root"', () => {
    assert.deepEqual(read('army worms').constraints, [['army worms', 'Pests', ['beet armyworm']]])
    assert.deepEqual(read('club root').constraints, [['club root', 'Diseases', ['Clubroot']]])
  })

  it('reads a sowing window as the window the query names, else sowing outdoors', () => {
    assert.deepEqual(read('start seeds indoors 8 weeks before last frost').constraints, [
      ['start seeds indoors', 'When to sow (indoors)'],
      ['8 weeks before last frost', 'When to sow (indoors)', -56, -56, 'sow_indoors', 'last'],
    ])
    assert.deepEqual(read('peas 4 weeks before the last frost'), {
      constraints: [
        ['4 weeks before the last frost', 'When to sow (outdoors)', -28, -28, 'sow_outdoors', 'last'],
      ],
      companionsOf: null,
      names: ['peas'],
      dropped: [],
    })
  })

  it('reads a phrase only while some plant has what it means', () => {
    // No plant has a transplanting window: "transplant" is a word of a name.
    assert.deepEqual(read('transplant 2 weeks after last frost').names, ['transplant'])
    assert.deepEqual(read('taller than 2 m').constraints.length, 1)
    const noHeight = readQuery('taller than 2 m', new PhraseBook([key('Layer', ['Shrubs'])]))
    assert.deepEqual(noHeight.constraints, [])
  })
})

describe('companions', () => {
  it('reads a request for companions, the plant after or before it', () => {
    assert.deepEqual(read('companion plants for tomato'), {
      constraints: [],
      companionsOf: { nameWords: ['tomato'], words: 'companion plants for tomato' },
      names: [],
      dropped: [],
    })
    assert.deepEqual(read('What grows well with carrots?').companionsOf, {
      nameWords: ['carrots'],
      words: 'what grows well with carrots',
    })
    assert.deepEqual(read('tomato companions').companionsOf, {
      nameWords: ['tomato'],
      words: 'tomato companions',
    })
    // Soft words in the plant's name are dropped.
    assert.deepEqual(read('what to plant with basil and mint'), {
      constraints: [],
      companionsOf: { nameWords: ['basil', 'mint'], words: 'what to plant with basil and mint' },
      names: [],
      dropped: ['and'],
    })
  })

  it('reads no request without a plant', () => {
    assert.deepEqual(read('companions'), {
      constraints: [],
      companionsOf: null,
      names: ['companions'],
      dropped: [],
    })
    assert.equal(read('companion plants for').companionsOf, null)
  })
})

describe('names and soft words', () => {
  it('drops soft words and keeps the rest as name words, as typed', () => {
    assert.deepEqual(read('how to grow Tomatoes'), {
      constraints: [],
      companionsOf: null,
      names: ['tomatoes'],
      dropped: ['how', 'to', 'grow'],
    })
    assert.deepEqual(read('tomato plant'), {
      constraints: [],
      companionsOf: null,
      names: ['tomato'],
      dropped: ['plant'],
    })
    assert.deepEqual(read('Bärlauch').names, ['barlauch'])
    assert.deepEqual(read('plants'), { constraints: [], companionsOf: null, names: [], dropped: ['plants'] })
  })

  it('drops a soft word even where it is one word of a value: "hardy" of Frost tolerance', () => {
    const frost = new PhraseBook([key('Frost tolerance', ['Hardy', 'Tender']), key('Layer', ['Shrubs'])])
    const reading = readQuery('hardy shrubs', frost)
    assert.deepEqual(reading.droppedWords, ['hardy'])
    assert.deepEqual(
      reading.constraints.map(({ words }) => words),
      ['shrubs'],
    )
    assert.deepEqual(
      readQuery('tender shrubs', frost).constraints.map(({ words }) => words),
      ['tender', 'shrubs'],
    )
  })

  it('reads nothing from an empty query or one of punctuation', () => {
    for (const q of ['', '   ', '-', '?!', '---']) {
      assert.deepEqual(
        read(q),
        { constraints: [], companionsOf: null, names: [], dropped: [] },
        JSON.stringify(q),
      )
    }
  })

  it('keeps a run of words that is a plant’s whole name as that name', () => {
    assert.deepEqual(read('growing runner beans', { names: new Set(['runner bean']) }), {
      constraints: [],
      companionsOf: null,
      names: ['runner', 'beans'],
      dropped: ['growing'],
    })
    // Without that name, "runner" is the Propagation method Runners.
    assert.deepEqual(read('growing runner beans').constraints, [
      ['runner', 'Propagation method', ['Runners']],
    ])
  })

  it('keeps one word of a value’s ending as a name where it is a word of some plant’s name', () => {
    assert.deepEqual(read('aphids').constraints, [['aphids', 'Pests', ['green peach aphid']]])
    assert.deepEqual(read('aphid', { isNameWord: (word) => word === 'aphid' }).names, ['aphid'])
  })
})

describe('typos', () => {
  it('reads a word no plant has as a phrase’s word with a typo', () => {
    assert.deepEqual(read('drougt tolerant', { isUnknownWord: unknown('drougt') }).constraints, [
      ['drougt tolerant', 'Water requirement', ['Dry']],
    ])
    assert.deepEqual(read('perenials for full sun', { isUnknownWord: unknown('perenials') }).constraints, [
      ['perenials', 'Life cycle', ['Perennial']],
      ['full sun', 'Light requirement', ['Full sun']],
    ])
  })

  it('reads a typo in a later word of a phrase, only where no plant has that word', () => {
    assert.deepEqual(read('drought tolerent', { isUnknownWord: unknown('tolerent') }).constraints, [
      ['drought tolerent', 'Water requirement', ['Dry']],
    ])
    assert.deepEqual(read('drought tolerent').names, ['drought', 'tolerent'])
  })

  it('never reads a word some plant has as a typo, nor a word under five letters', () => {
    // "pine" is no typo of "vine"; "drougt" known to the vocabulary is a name.
    assert.deepEqual(read('pine').names, ['pine'])
    assert.deepEqual(read('pine', { isUnknownWord: unknown('pine') }).names, ['pine'])
    assert.deepEqual(read('drougt tolerant').names, ['drougt'])
    assert.deepEqual(read('shrb', { isUnknownWord: unknown('shrb') }).names, ['shrb'])
    // A typo of a plant's name stays a name word, for the name search to correct.
    assert.deepEqual(read('tomatoe', { isUnknownWord: unknown('tomatoe') }).names, ['tomatoe'])
  })
})
