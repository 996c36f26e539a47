// Typo tolerance (src/search/edit-distance.ts): a typed word shares a deletion variant with every vocabulary
// word within its allowed edits, though a long word is stored with the variants of its first letters only.
import assert from 'node:assert/strict'
import { it } from 'node:test'
import {
  allowedEdits,
  deletionVariants,
  editDistance,
  lookupVariants,
  MAX_FUZZY_LENGTH,
  storedVariants,
  VARIANT_PREFIX,
} from '../../src/search/edit-distance.ts'

/** A small deterministic generator: the same words in every run. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

// Few letters, so that typos often land on other words of the set and on shared prefixes.
const LETTERS = 'aeinorst'

function edited(word: string, edits: number, next: () => number): string {
  let letters = [...word]
  for (let done = 0; done < edits; done++) {
    const at = Math.floor(next() * (letters.length + 1))
    const letter = LETTERS[Math.floor(next() * LETTERS.length)]!
    const kind = Math.floor(next() * 4)
    if (kind === 0) letters.splice(at, 0, letter)
    else if (kind === 1 && letters.length > 1) letters.splice(Math.min(at, letters.length - 1), 1)
    else if (kind === 2) letters[Math.min(at, letters.length - 1)] = letter
    else if (at + 1 < letters.length)
      letters = [...letters.slice(0, at), letters[at + 1]!, letters[at]!, ...letters.slice(at + 2)]
  }
  return letters.join('')
}

it('finds every vocabulary word within a typed word’s allowed edits, whatever their lengths', () => {
  const next = random(38)
  let checked = 0
  for (let round = 0; round < 40_000; round++) {
    const length = 3 + Math.floor(next() * 18)
    const word = Array.from({ length }, () => LETTERS[Math.floor(next() * LETTERS.length)]!).join('')
    const typed = edited(word, 1 + Math.floor(next() * 2), next)
    const edits = allowedEdits(typed)
    if (edits === 0 || editDistance(typed, word, edits) > edits) continue
    const stored = new Set(storedVariants(word))
    const shared = lookupVariants(typed, edits).some((variant) => stored.has(variant))
    assert.ok(shared, `"${typed}" (${edits} edits) does not find "${word}"`)
    checked++
  }
  assert.ok(checked > 20_000, `only ${checked} pairs within reach`)
})

it('stores a long word by the variants of its first letters, a short one whole', () => {
  assert.deepEqual(storedVariants('pea').sort(), ['ea', 'pa', 'pe', 'pea'])
  const long = storedVariants('strawberry')
  assert.ok(long.includes('strawbe'.slice(0, VARIANT_PREFIX)))
  assert.ok(long.every((variant) => [...variant].length <= VARIANT_PREFIX))
  assert.equal(long.length, new Set(long).size)
  // A 20-letter word gets two deletions as an 8-letter one does: "chrysanthemumflower" with two typos.
  const stored = new Set(storedVariants('chrysanthemumflowers'))
  assert.ok(lookupVariants('chrysanthenumflowere', 2).some((variant) => stored.has(variant)))
})

/** The optimal string alignment distance, written plainly: the whole table, no early exit. */
function plainDistance(a: string, b: string): number {
  const s = [...a]
  const t = [...b]
  const d = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= s.length; i++)
    for (let j = 1; j <= t.length; j++) {
      const row = d[i]!
      row[j] = Math.min(
        d[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        d[i - 1]![j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1),
      )
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1)
    }
  return d[s.length]![t.length]!
}

it('counts a gardener’s typos as one edit each: a letter added, left out, changed or two swapped', () => {
  assert.equal(editDistance('tomatoe', 'tomato', 2), 1)
  assert.equal(editDistance('tomtao', 'tomato', 2), 1)
  assert.equal(editDistance('peper', 'pepper', 2), 1)
  assert.equal(editDistance('strawbarry', 'strawberry', 2), 1)
  assert.equal(editDistance('chrysantemum', 'chrysanthemum', 2), 1)
  assert.equal(editDistance('basil', 'basil', 0), 0)
  assert.equal(editDistance('', '', 0), 0)
  // Letters, not UTF-16 units: a diacritic left out is one edit, two swapped emoji one swap.
  assert.equal(editDistance('jalapeno', 'jalapeño', 2), 1)
  assert.equal(editDistance('🍅a', 'a🍅', 2), 1)
  // Optimal string alignment: a swapped pair is not edited again ("ca" to "abc" is 3, not 2).
  assert.equal(editDistance('ca', 'abc', 3), 3)
})

it('stops at limit + 1 once the distance must pass the limit, whatever the lengths', () => {
  assert.equal(editDistance('kitten', 'sitting', 3), 3)
  assert.equal(editDistance('kitten', 'sitting', 2), 3)
  assert.equal(editDistance('pepper', 'peper', 0), 1)
  assert.equal(editDistance('abc', '', 1), 2)
  assert.equal(editDistance('', 'tomato', 2), 3)
  assert.equal(editDistance('rosemary', 'thyme', 1), 2)
  // Words of a few letters, one of them outside the BMP, and the same words with up to four typos.
  const next = random(11)
  const letters = ['a', 'e', 'é', '🍅']
  let within = 0
  for (let round = 0; round < 20_000; round++) {
    const length = Math.floor(next() * 9)
    const a = Array.from({ length }, () => letters[Math.floor(next() * letters.length)]!).join('')
    const b = edited(a, Math.floor(next() * 5), next)
    const limit = Math.floor(next() * 4)
    const plain = plainDistance(a, b)
    assert.equal(editDistance(a, b, limit), Math.min(plain, limit + 1), `"${a}" "${b}" within ${limit}`)
    if (plain <= limit) within++
  }
  assert.ok(within > 5_000, `only ${within} pairs within their limit`)
})

it('allows no edits below 4 letters or beyond 24, one from 4 and two from 8, counting letters', () => {
  assert.equal(allowedEdits(''), 0)
  assert.equal(allowedEdits('pea'), 0)
  assert.equal(allowedEdits('peas'), 1)
  assert.equal(allowedEdits('tomatoe'), 1)
  assert.equal(allowedEdits('tomatoes'), 2)
  assert.equal(allowedEdits('bärlauch'), 2)
  assert.equal(allowedEdits('éééé'), 1)
  assert.equal(allowedEdits('🍅🍅🍅'), 0)
  assert.equal(MAX_FUZZY_LENGTH, 24)
  assert.equal(allowedEdits('a'.repeat(24)), 2)
  assert.equal(allowedEdits('a'.repeat(25)), 0)
})

it('makes the deletion variants once each, of whole letters, and none for very short or long words', () => {
  assert.deepEqual(deletionVariants('abc', 1), ['abc', 'bc', 'ac', 'ab'])
  assert.deepEqual(deletionVariants('aab', 1), ['aab', 'ab', 'aa'])
  assert.deepEqual(deletionVariants('abc', 0), ['abc'])
  assert.deepEqual(deletionVariants('ab', 3), ['ab', 'b', 'a', ''])
  assert.deepEqual(deletionVariants('a🍅b', 1), ['a🍅b', '🍅b', 'ab', 'a🍅'])
  assert.deepEqual(storedVariants('ab'), [])
  assert.equal(storedVariants('a'.repeat(26)).length, 3)
  assert.deepEqual(storedVariants('a'.repeat(27)), [])
  // The typed word's own deletions, and for a long one those of its first letters too.
  assert.deepEqual(lookupVariants('tomato', 1).sort(), [
    'omato',
    'tmato',
    'toato',
    'tomao',
    'tomat',
    'tomato',
    'tomto',
  ])
  assert.ok(lookupVariants('strawberry', 1).includes('strawbe'))
})
