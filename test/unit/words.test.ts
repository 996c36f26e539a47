// The words of search (src/search/words.ts): how a text is cut and folded, the same for stored text and
// queries. Text in ASCII alone skips Unicode normalization; it must fold exactly as the full path would.
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { foldedPhrase, foldedWords, foldWord, textWords } from '../../src/search/words.ts'

/** The folding of every word, through every normalization step. */
const fullFold = (word: string) =>
  word
    .normalize('NFD')
    .replace(/(?<=\p{Script=Latin})\p{M}+/gu, '')
    .normalize('NFC')
    .slice(0, 500)

it('folds case and Latin diacritics, keeps other scripts’ marks, and cuts on everything else', () => {
  assert.deepEqual(foldedWords('Bärlauch JALAPEÑO crème-brûlée'), ['barlauch', 'jalapeno', 'creme', 'brulee'])
  assert.equal(foldedPhrase("Bird's-eye chili"), 'bird s eye chili')
  assert.deepEqual(textWords('ﬁg Ⅻ'), ['fig', 'xii'])
  assert.deepEqual(foldedWords('йогурт'), ['йогурт'])
  assert.deepEqual(foldedWords('Tomato (Solanum lycopersicum), 2 m'), [
    'tomato',
    'solanum',
    'lycopersicum',
    '2',
    'm',
  ])
  assert.equal(foldWord('a'.repeat(600)).length, 500)
})

it('folds ASCII words as the full normalization does', () => {
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
  for (let i = 0; i < 5000; i++) {
    const word = Array.from({ length: 1 + (next() % 12) }, () =>
      String.fromCharCode(32 + (next() % 95)),
    ).join('')
    assert.equal(foldWord(word), fullFold(word), JSON.stringify(word))
    assert.deepEqual(
      textWords(word),
      word
        .normalize('NFKC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    )
  }
})
