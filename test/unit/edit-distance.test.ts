// Typo tolerance (src/search/edit-distance.ts): a typed word shares a deletion variant with every vocabulary
// word within its allowed edits, though a long word is stored with the variants of its first letters only.
import assert from 'node:assert/strict'
import { it } from 'node:test'
import {
  allowedEdits,
  editDistance,
  lookupVariants,
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
