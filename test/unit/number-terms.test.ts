// PostgreSQL's full-text index holds each plant's number spans as terms (src/search/number-terms.ts), and a
// search with a range filter asks for them: a plant whose span meets the filter must have a term of every
// choice the filter makes, or it would be missed. Checked over numbers at the edges of the codes.
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { numberCode, numberTerms, rangeTermChoices } from '../../src/search/number-terms.ts'

// Zero, negatives, the smallest and largest codes and past them, the edges of quarter-octaves (2^(k/4))
// and of the blocks of 4, 16 and 64 codes, and everyday values of heights, pH and days.
const edges = [-1e9, -3, -0.001, 0, 1e-12, 2 ** -31.75, 1e12, 2 ** 32, Infinity]
const octaves = Array.from({ length: 41 }, (_, i) => 2 ** ((i - 20) / 4)).flatMap((v) => [
  v,
  v * 0.999999,
  v * 1.000001,
])
const everyday = [0.03, 0.5, 0.6, 1, 1.5, 3, 5.5, 6, 6.5, 7, 8, 12, 20, 30, 70.1, 90, 365, 3650]
const numbers = [...edges, ...octaves, ...everyday]

it('gives every number a code that never decreases as the number grows', () => {
  const sorted = [...numbers].sort((a, b) => a - b)
  for (let i = 1; i < sorted.length; i++)
    assert.ok(numberCode(sorted[i - 1]!) <= numberCode(sorted[i]!), `${sorted[i - 1]} then ${sorted[i]}`)
  assert.equal(numberCode(0), 0)
  assert.equal(numberCode(-5), 0)
  assert.equal(numberCode(Infinity), 255)
})

it('finds every span that meets a range filter, and leaves out spans far from it', () => {
  const spans = everyday.flatMap((low) =>
    [low, low * 2, low + 0.1].map((high) => ({ key: 'height', low, high })),
  )
  spans.push(...numbers.map((n) => ({ key: 'height', low: n, high: n })))
  const bounds = [null, ...numbers]
  let checked = 0
  let narrowed = 0
  for (const min of bounds)
    for (const max of bounds) {
      const choices = rangeTermChoices([{ kind: 'range', keyNorm: 'height', min, max }])
      for (const span of spans) {
        const terms = new Set(numberTerms([span]))
        const found = choices.every((choice) => choice.some((term) => terms.has(term)))
        const meets = (max === null || span.low <= max) && (min === null || span.high >= min)
        if (meets) assert.ok(found, `${JSON.stringify(span)} meets ${min}..${max} but has no term asked for`)
        if (!found) narrowed++
        checked++
      }
    }
  assert.ok(checked > 100_000, `${checked} checked`)
  // The terms narrow: most spans that do not meet a filter are left out by them.
  assert.ok(narrowed > checked / 4, `${narrowed} of ${checked} left out`)
})

it('asks for no terms of a key other than the filter’s, nor for an end every number meets', () => {
  const [choice] = rangeTermChoices([{ kind: 'range', keyNorm: 'soil ph', min: null, max: 6 }])
  assert.ok(choice!.every((term) => term.endsWith(':soil ph')))
  assert.ok(choice!.length <= 12, `${choice!.length} alternatives`)
  assert.deepEqual(rangeTermChoices([{ kind: 'range', keyNorm: 'height', min: -2, max: Infinity }]), [])
  assert.deepEqual(rangeTermChoices([{ kind: 'has', keyNorm: 'height' }]), [])
  const spans = [{ key: 'width', low: 1, high: 2 }]
  const asked = rangeTermChoices([{ kind: 'range', keyNorm: 'height', min: 1, max: 2 }])
  assert.ok(asked.every((terms) => !terms.some((term) => numberTerms(spans).includes(term))))
})
