import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { firstFreeSlug, slugify } from '../../src/plants/slug.ts'
import { parseInstant } from '../../src/plants/plant-reads.ts'
import { searchTerms } from '../../src/search/search-index.ts'

describe('slugify', () => {
  it('makes lower-case ASCII words joined by hyphens', () => {
    assert.equal(slugify('Morus alba', 'White mulberry'), 'morus-alba-white-mulberry')
    assert.equal(
      slugify('Brassica oleracea var. capitata', "Ox-heart 'Early'"),
      'brassica-oleracea-var-capitata-ox-heart-early',
    )
    assert.equal(slugify('Æsculus', 'Straße Łódź Ørsted'), 'aesculus-strasse-lodz-orsted')
    assert.equal(slugify('中文', '!!!'), 'plant')
  })
})

describe('firstFreeSlug', () => {
  it('takes the smallest free of base, base-2, base-3, …, reading only exact suffixes', () => {
    assert.equal(firstFreeSlug('fig', []), 'fig')
    assert.equal(firstFreeSlug('fig', ['fig-2', 'fig-3']), 'fig')
    assert.equal(firstFreeSlug('fig', ['fig', 'fig-3']), 'fig-2')
    assert.equal(firstFreeSlug('fig', ['fig', 'fig-2', 'fig-3']), 'fig-4')
    assert.equal(firstFreeSlug('fig', ['fig', 'fig-1', 'fig-02', 'fig-2-3', 'fig-tree', 'figs']), 'fig-2')
    assert.equal(firstFreeSlug('fig', ['fig', 'fig-2', 'fig-99999999999999999999']), 'fig-3')
  })
})

describe('parseInstant', () => {
  it('reads ISO 8601 dates and date-times as UTC milliseconds', () => {
    assert.equal(parseInstant('2026-11-22'), '2026-11-22T00:00:00.000Z')
    assert.equal(parseInstant('2026-11-22T10:15:30Z'), '2026-11-22T10:15:30.000Z')
    assert.equal(parseInstant('2026-11-22T10:15:30.123456+02:00'), '2026-11-22T08:15:30.123Z')
    assert.equal(parseInstant('2026-11-22T10:15'), '2026-11-22T10:15:00.000Z')
  })

  it('refuses what is not a date', () => {
    for (const text of ['yesterday', '2026-02-30', '2026-11-22T25:00', '22/11/2026', '']) {
      assert.throws(() => parseInstant(text), /updated_since/)
    }
  })
})

describe('searchTerms', () => {
  it('keeps only words, so no search syntax reaches the database', () => {
    assert.deepEqual(searchTerms('"tomato" AND NEAR(basil, 3)*'), ['tomato', 'and', 'near', 'basil', '3'])
    assert.deepEqual(searchTerms('***'), [])
  })
})
