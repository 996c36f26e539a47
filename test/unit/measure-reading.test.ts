// Numbers in `q` with what they measure (src/search/measure-reading.ts): a hardiness zone ("hardy to zone 4":
// the zone value is the coldest a plant survives, so ≤ 4), a soil pH, a size with its unit (in metres, to
// the millimetre), a winter low ("-40 degrees": the USDA zone it falls in), and through the window and
// key-number readers sowing windows and days to maturity. Each reads only a key the registry has numeric.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { readMeasure } from '../../src/search/measure-reading.ts'
import { normalizeFacet } from '../../src/plants/plant.ts'
import { PhraseBook, type RegistryKey } from '../../src/search/phrase-book.ts'
import { tokensOf } from '../../src/search/query-tokens.ts'

const numeric = (key: string): RegistryKey => ({
  key,
  keyNorm: normalizeFacet(key),
  plants: 100,
  numeric: true,
  values: null,
})
const NUMERIC_KEYS = [
  'USDA Hardiness zone',
  'Soil pH',
  'Height',
  'Width',
  'Spacing',
  'Days to maturity',
  'Germination temperature',
]
const book = new PhraseBook(NUMERIC_KEYS.map(numeric))
const without = (...keys: string[]) =>
  new PhraseBook(NUMERIC_KEYS.filter((key) => !keys.includes(key)).map(numeric))

/** What is read at `index` of `q`: the key, min, max, the words and the index after them. */
function read(q: string, index = 0, from = book) {
  const found = readMeasure(tokensOf(q), index, from)
  if (!found) return null
  const { meaning, words } = found.constraint
  if (meaning.kind !== 'range' && meaning.kind !== 'window') return assert.fail(`${q}: a ${meaning.kind}`)
  return [meaning.key, meaning.min, meaning.max, words, found.next]
}

const ZONE = 'USDA Hardiness zone'

describe('hardiness zones', () => {
  it('reads a zone as the plants hardy there: the zone value at most that', () => {
    assert.deepEqual(read('zone 4'), [ZONE, null, 4, 'zone 4', 2])
    assert.deepEqual(read('hardy to zone 4 shrubs'), [ZONE, null, 4, 'hardy to zone 4', 4])
    assert.deepEqual(read('usda zone 7'), [ZONE, null, 7, 'usda zone 7', 3])
    assert.deepEqual(read('cold hardy to zone 3'), [ZONE, null, 3, 'cold hardy to zone 3', 5])
    // A range of zones: hardy in its coldest.
    assert.deepEqual(read('zones 4-7'), [ZONE, null, 4, 'zones 4-7', 4])
    assert.deepEqual(read('zones 7 to 4'), [ZONE, null, 4, 'zones 7 to 4', 4])
    // A half zone is the whole zone below; "winter" after the number is part of it.
    assert.deepEqual(read('zone 6.5'), [ZONE, null, 6, 'zone 6.5', 2])
    assert.deepEqual(read('zone 5 winter'), [ZONE, null, 5, 'zone 5 winter', 3])
  })

  it('reads no zone without its number', () => {
    assert.equal(read('zone'), null)
    assert.equal(read('zone five'), null)
  })
})

describe('soil pH', () => {
  it('reads a pH, a range of pH and a comparison', () => {
    assert.deepEqual(read('ph 6 to 7'), ['Soil pH', 6, 7, 'ph 6 to 7', 4])
    assert.deepEqual(read('soil ph 5.5-6.5'), ['Soil pH', 5.5, 6.5, 'soil ph 5.5-6.5', 5])
    assert.deepEqual(read('ph 6–7'), ['Soil pH', 6, 7, 'ph 6 – 7', 4])
    assert.deepEqual(read('ph over 7'), ['Soil pH', 7, null, 'ph over 7', 3])
    assert.deepEqual(read('ph below 6'), ['Soil pH', null, 6, 'ph below 6', 3])
    assert.deepEqual(read('ph 14'), ['Soil pH', 14, 14, 'ph 14', 2])
  })

  it('reads no pH above 14', () => {
    assert.equal(read('ph 15'), null)
    assert.equal(read('ph 6 to 15'), null)
  })

  it('reads a comparison before "ph" ("above ph 8", as README says)', () => {
    assert.deepEqual(read('above ph 8')?.slice(0, 3), ['Soil pH', 8, null])
    assert.deepEqual(read('below ph 6')?.slice(0, 3), ['Soil pH', null, 6])
  })
})

describe('sizes', () => {
  it('reads a comparison of a size in metres, the key from the comparison’s words', () => {
    assert.deepEqual(read('taller than 30 m'), ['Height', 30, null, 'taller than 30 m', 4])
    assert.deepEqual(read('under 10 cm'), ['Height', null, 0.1, 'under 10 cm', 3])
    assert.deepEqual(read('at least 2 m'), ['Height', 2, null, 'at least 2 m', 4])
    assert.deepEqual(read('wider than 1 m'), ['Width', 1, null, 'wider than 1 m', 4])
  })

  it('reads what it measures before the comparison or after the unit', () => {
    assert.deepEqual(read('height over 2 m'), ['Height', 2, null, 'height over 2 m', 4])
    assert.deepEqual(read('spacing over 30 cm'), ['Spacing', 0.3, null, 'spacing over 30 cm', 4])
    assert.deepEqual(read('2-3 m tall'), ['Height', 2, 3, '2-3 m tall', 5])
    assert.deepEqual(read('1 yd wide'), ['Width', 0.686, 1.143, '1 yd wide', 3])
    assert.deepEqual(read('30 inches apart'), ['Spacing', 0.572, 0.953, '30 inches apart', 3])
  })

  it('reads a range in feet to the millimetre, either way round', () => {
    assert.deepEqual(read('between 1 and 2 ft'), ['Height', 0.305, 0.61, 'between 1 and 2 ft', 5])
    assert.deepEqual(read('between 2 and 1 m'), ['Height', 1, 2, 'between 2 and 1 m', 5])
    assert.deepEqual(read('1.5-2 m'), ['Height', 1.5, 2, '1.5-2 m', 4])
  })

  it('reads a bare size as within a quarter of it, on Height when it says nothing else', () => {
    assert.deepEqual(read('2 m tall'), ['Height', 1.5, 2.5, '2 m tall', 3])
    assert.deepEqual(read('5 meters'), ['Height', 3.75, 6.25, '5 meters', 2])
    assert.deepEqual(read('5 feet'), ['Height', 1.143, 1.905, '5 feet', 2])
    assert.deepEqual(read('0 m'), ['Height', 0, 0, '0 m', 2])
  })

  it('reads no size without a unit it knows', () => {
    for (const q of ['over 2', '2 apples', 'taller than', 'taller than 30', '2 m2'])
      assert.equal(read(q), null, q)
  })
})

describe('winter lows', () => {
  it('reads degrees Fahrenheit as the USDA zone they fall in, zone 1 from −60 °F, each 10 °F warmer', () => {
    assert.deepEqual(read('-40 degrees'), [ZONE, null, 3, '-40 degrees', 2])
    assert.deepEqual(read('-40 f'), [ZONE, null, 3, '-40 f', 2])
    assert.deepEqual(read('−40 °F'), [ZONE, null, 3, '−40 f', 2])
    assert.deepEqual(read('-60 f')?.[2], 1)
    assert.deepEqual(read('-51 f')?.[2], 1)
    assert.deepEqual(read('-50 f')?.[2], 2)
    assert.deepEqual(read('-41 fahrenheit')?.[2], 2)
    assert.deepEqual(read('5 degrees f'), [ZONE, null, 7, '5 degrees f', 3])
  })

  it('reads Celsius when it says so', () => {
    assert.deepEqual(read('-35 c'), [ZONE, null, 3, '-35 c', 2])
    assert.deepEqual(read('-40 degrees c'), [ZONE, null, 3, '-40 degrees c', 3])
    assert.deepEqual(read('-20 celsius'), [ZONE, null, 6, '-20 celsius', 2])
    assert.deepEqual(read('10 degrees celsius'), [ZONE, null, 12, '10 degrees celsius', 3])
  })

  it('keeps the zone between 1 and 13', () => {
    assert.deepEqual(read('-100 f')?.[2], 1)
    assert.deepEqual(read('70 f')?.[2], 13)
    assert.deepEqual(read('100 f')?.[2], 13)
  })
})

describe('the readers together', () => {
  it('reads sowing windows and days to maturity too', () => {
    assert.deepEqual(read('8 weeks before the last frost'), [
      'When to sow (outdoors)',
      -56,
      -56,
      '8 weeks before the last frost',
      6,
    ])
    assert.deepEqual(read('ready in under 50 days'), [
      'Days to maturity',
      null,
      50,
      'ready in under 50 days',
      5,
    ])
    // Degrees where the query speaks of the soil are its germination temperature, not a winter low.
    assert.deepEqual(read('soil is 60F', 2), ['Germination temperature', null, 15.6, '60 f', 4])
  })

  it('reads a key only while the registry has it numeric', () => {
    assert.equal(read('zone 4', 0, without(ZONE)), null)
    assert.equal(read('-40 degrees', 0, without(ZONE)), null)
    assert.equal(read('ph 6 to 7', 0, without('Soil pH')), null)
    assert.equal(read('taller than 30 m', 0, without('Height')), null)
    assert.equal(read('3 ft wide', 0, without('Width')), null)
    // With no germination temperature, degrees of the soil are a winter low.
    assert.deepEqual(read('soil is 60F', 2, without('Germination temperature')), [ZONE, null, 13, '60 f', 4])
    assert.equal(
      read('zone 4', 0, new PhraseBook([{ ...numeric(ZONE), numeric: false, values: ['4'] }])),
      null,
    )
  })

  it('reads nothing where no number is', () => {
    for (const q of ['', 'full sun', 'tomato', 'degrees', 'c']) assert.equal(read(q), null, q)
    assert.equal(read('zone 4', 1), null)
  })
})
