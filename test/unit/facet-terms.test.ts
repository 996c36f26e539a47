// PostgreSQL's full-text index holds each plant's facet values as terms (src/search/facet-terms.ts), and a
// search with a filter of values asks for them: a plant the filter's condition finds (plant_facets, as
// facetRows makes its rows) must have a term of every choice, or it would be missed.
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { facetTermChoices, facetTerms } from '../../src/search/facet-terms.ts'
import { facetRows, type Attribute } from '../../src/plants/plant.ts'
import type { PlantFilter } from '../../src/search/plant-filter.ts'

// Values whole and in lists, case and spaces, a colon (the terms' separator), and a value past the
// length a query can hold (the index keeps its start and a hash).
const plants: Attribute[][] = [
  [{ key: 'Edible', value: 'true' }],
  [{ key: 'Light requirement', value: 'Full sun, Partial shade' }],
  [{ key: 'light  requirement ', value: ' FULL SUN' }],
  [
    { key: 'Family', value: 'Solanaceae' },
    { key: 'Edible', value: 'false' },
  ],
  [{ key: 'Ratio', value: 'a:b' }],
  [{ key: 'Ratio:a', value: 'b' }],
  [{ key: 'Notes', value: 'x'.repeat(300) }],
  [],
]
const filters: PlantFilter[] = [
  { kind: 'values', keyNorm: 'edible', values: ['true'] },
  { kind: 'values', keyNorm: 'edible', values: ['true', 'false'] },
  { kind: 'values', keyNorm: 'light requirement', values: ['full sun'] },
  { kind: 'values', keyNorm: 'light requirement', values: ['full sun, partial shade'] },
  { kind: 'values', keyNorm: 'light requirement', values: ['partial shade'] },
  { kind: 'values', keyNorm: 'family', values: ['solanaceae'] },
  { kind: 'values', keyNorm: 'ratio', values: ['a:b'] },
  { kind: 'values', keyNorm: 'notes', values: ['x'.repeat(200)] },
  { kind: 'values', keyNorm: 'family', values: ['rosaceae'] },
]

it('gives every plant a filter of values finds a term of each choice, and leaves most others out', () => {
  let found = 0
  let leftOut = 0
  for (const data of plants) {
    const rows = facetRows(1, data)
    const terms = new Set(facetTerms(rows))
    for (const filter of filters) {
      if (filter.kind !== 'values') continue
      const meets = rows.some((row) => row.key === filter.keyNorm && filter.values.includes(row.value))
      const hasTerms = facetTermChoices([filter]).every((choice) => choice.some((term) => terms.has(term)))
      if (meets)
        assert.ok(hasTerms, `${JSON.stringify(data)} meets ${JSON.stringify(filter)} but has no term`)
      if (meets) found++
      else if (!hasTerms) leftOut++
    }
  }
  assert.ok(found >= 8, `${found} plants found`)
  // Only the colon's pair may share a term: "ratio" "a:b" and "ratio:a" "b".
  assert.equal(leftOut, plants.length * filters.length - found - 1)
})

it('asks for no terms for filters other than values, and one choice per filter of values', () => {
  assert.deepEqual(
    facetTermChoices([
      { kind: 'range', keyNorm: 'height', min: 1, max: 2 },
      { kind: 'has', keyNorm: 'edible' },
      { kind: 'companions', plantId: 3 },
    ]),
    [],
  )
  assert.equal(facetTermChoices(filters).length, filters.length)
})
