// What search knows of a plant (src/search/search-text.ts): its names (common, scientific, and the values of
// Alternate name and Synonym, comma-separated) and its description; from them the full-text entry, the
// names table's rows (each folded name once, with the best kind it has) and the words of the vocabulary.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  MAX_VOCABULARY_WORD_CHARS,
  mayBeCut,
  NAME_KEYS,
  nameRows,
  nameWords,
  plantWords,
  searchEntry,
  type SearchText,
} from '../../src/search/search-text.ts'

const chili: SearchText = {
  id: 7,
  name: "Bird's-eye Chili",
  scientific_name: 'Capsicum annuum',
  description: 'A hot pepper, Jalapeño-like heat.',
  data: [
    { key: 'Alternate name', value: 'Chile, bird pepper , , Thai chili' },
    { key: 'synonyms', value: 'Capsicum frutescens' },
    { key: ' SYNONYM ', value: "BIRD'S-EYE CHILI" },
    { key: 'Height', value: '0.3-0.6' },
    { key: 'Light requirement', value: 'Full sun' },
    { key: 'Family', value: 'Solanaceae, nightshades' },
  ],
}

describe('nameRows', () => {
  it('folds every name once: 0 for the common and scientific name, 1 for another name', () => {
    assert.deepEqual(
      [...nameRows(chili)],
      [
        ['bird s eye chili', 0],
        ['capsicum annuum', 0],
        ['chile', 1],
        ['bird pepper', 1],
        ['thai chili', 1],
        ['capsicum frutescens', 1],
      ],
    )
  })

  it('keeps the best kind of a name given twice, and no empty name', () => {
    const tomato: SearchText = {
      id: 1,
      name: 'Tomato',
      scientific_name: '',
      description: '',
      data: [{ key: 'Alternate name', value: 'pomodoro, TOMATO, ,  ' }],
    }
    assert.deepEqual(
      [...nameRows(tomato)],
      [
        ['tomato', 0],
        ['pomodoro', 1],
      ],
    )
    assert.deepEqual([...nameRows({ ...tomato, name: '!!!', data: [] })], [])
  })

  it('cuts a name to 200 characters without a trailing space, and says it may have been cut', () => {
    const firstName = (name: string) =>
      [...nameRows({ ...chili, name, scientific_name: '', data: [] }).keys()][0] ?? ''
    const long = firstName('a'.repeat(300))
    assert.equal(long.length, 200)
    assert.ok(mayBeCut(long))
    const words = firstName('word '.repeat(50))
    assert.equal(words.length, 199)
    assert.ok(!words.endsWith(' '))
    assert.ok(mayBeCut(words))
    assert.ok(!mayBeCut('a'.repeat(198)))
    assert.ok(!mayBeCut('tomato'))
  })
})

describe('nameWords and plantWords', () => {
  it('gives the words of the names, folded', () => {
    assert.deepEqual(
      [...nameWords(chili)],
      ['bird', 's', 'eye', 'chili', 'capsicum', 'annuum', 'chile', 'pepper', 'thai', 'frutescens'],
    )
  })

  it('gives the description’s words besides, and leaves out words too long for the vocabulary', () => {
    const long = 'x'.repeat(MAX_VOCABULARY_WORD_CHARS + 1)
    const edge = 'y'.repeat(MAX_VOCABULARY_WORD_CHARS)
    const { all, names } = plantWords({
      ...chili,
      description: `A hot pepper, Jalapeño-like heat. ${long} ${edge}`,
    })
    assert.deepEqual(names, nameWords(chili))
    assert.deepEqual(
      [...all].filter((word) => !names.has(word)),
      ['a', 'hot', 'jalapeno', 'like', 'heat', edge],
    )
    assert.ok(!all.has(long))
    const named = plantWords({ ...chili, name: `Giant ${long}` })
    assert.ok(!named.names.has(long) && !named.all.has(long))
  })
})

describe('searchEntry', () => {
  it('joins the other names, and carries the plant’s numbers, facets and names', () => {
    const entry = searchEntry(chili)
    assert.equal(entry.id, 7)
    assert.equal(entry.name, "Bird's-eye Chili")
    assert.equal(
      entry.alternate_names,
      "Chile, bird pepper, Thai chili, Capsicum frutescens, BIRD'S-EYE CHILI",
    )
    assert.equal(entry.description, chili.description)
    assert.deepEqual(entry.numbers, [{ key: 'height', low: 0.3, high: 0.6 }])
    assert.ok(entry.facets.some(({ key, value }) => key === 'light requirement' && value === 'full sun'))
    assert.ok(entry.facets.some(({ key, value }) => key === 'family' && value === 'nightshades'))
    assert.deepEqual(entry.names, nameRows(chili))
  })

  it('reads names only from the name keys, whatever their case and spaces', () => {
    assert.deepEqual([...NAME_KEYS].sort(), ['alternate name', 'synonym', 'synonyms'])
    const plant: SearchText = {
      id: 2,
      name: 'Basil',
      scientific_name: 'Ocimum basilicum',
      description: '',
      data: [
        { key: 'Alternate  Name', value: 'Sweet basil' },
        { key: 'Common names', value: 'St. Joseph’s wort' },
      ],
    }
    assert.equal(searchEntry(plant).alternate_names, 'Sweet basil')
    assert.ok(!nameWords(plant).has('joseph'))
  })
})
