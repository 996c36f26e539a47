// English singular and plural forms (src/search/word-forms.ts): a search for "strawberries" also asks for
// "strawberry", one for "tomato" also for "tomatoes". Only the forms some plant has are searched, so the
// rules guess generously; what matters is that the real form is among the guesses.
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { wordForms } from '../../src/search/word-forms.ts'

/** The forms of `word` include every one of `forms`. */
const offers = (word: string, ...forms: string[]) => {
  const found = wordForms(word)
  for (const form of forms)
    assert.ok(found.includes(form), `${word}: ${JSON.stringify(found)} has no ${form}`)
}

it('gives the singulars of a plural: -s, -es, -ies and -ves', () => {
  assert.deepEqual(wordForms('tomatoes'), ['tomato', 'tomatoe'])
  assert.deepEqual(wordForms('strawberries'), ['strawberry', 'strawberrie'])
  assert.deepEqual(wordForms('walnuts'), ['walnut'])
  assert.deepEqual(wordForms('chickpeas'), ['chickpea'])
  offers('radishes', 'radish')
  offers('peaches', 'peach')
  offers('bushes', 'bush')
  offers('foxes', 'fox')
  offers('glasses', 'glass')
  offers('leaves', 'leaf', 'leave')
  offers('knives', 'knife')
  offers('lilies', 'lily')
})

it('gives the plurals of a singular: -s, -es, -ies and -ves', () => {
  assert.deepEqual(wordForms('tomato'), ['tomatos', 'tomatoes'])
  assert.deepEqual(wordForms('mint'), ['mints'])
  assert.deepEqual(wordForms('day'), ['days'])
  offers('strawberry', 'strawberries')
  offers('radish', 'radishes')
  offers('peach', 'peaches')
  offers('grass', 'grasses')
  offers('leaf', 'leaves')
  offers('knife', 'knives')
  // "tomatoe", a common typo, finds the plural spelt right.
  assert.deepEqual(wordForms('tomatoe'), ['tomatoes'])
  // A vowel before y: "days", never "daies".
  assert.ok(!wordForms('day').includes('daies'))
  assert.ok(!wordForms('mint').includes('mintes'))
})

it('never offers the word itself, nor a form under two letters', () => {
  for (const word of ['tomatoes', 'tomato', 'grass', 'bus', 'leaves', 'ies', 'ses', 'sss', 'yes']) {
    const forms = wordForms(word)
    assert.ok(!forms.includes(word), word)
    assert.ok(
      forms.every((form) => form.length >= 2),
      `${word}: ${JSON.stringify(forms)}`,
    )
    assert.equal(new Set(forms).size, forms.length, word)
  }
  assert.deepEqual(wordForms('bus'), ['bu', 'buses'])
})

it('gives none for words under 3 letters, nor for words not of lower-case a to z', () => {
  for (const word of [
    '',
    'a',
    'ox',
    'pe',
    'Tomato',
    'TOMATOES',
    'jalapeño',
    'bärlauch',
    'leek2',
    'bird s',
    'ﬁgs',
    '🍅🍅🍅',
  ]) {
    assert.deepEqual(wordForms(word), [], JSON.stringify(word))
  }
  assert.deepEqual(wordForms('pea'), ['peas'])
})

it('gives a word ending in -is or -us, which may be either, its plurals as well as its singulars', () => {
  offers('iris', 'irises')
  offers('iris', 'iri')
  offers('hibiscus', 'hibiscuses')
  offers('crocus', 'crocuses')
})
