// Values as the website shows them to a gardener: units beside each other, zones in degrees, words.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { growIt, plainValue } from '../../src/web/common/plain-values.ts'

describe('plain values', () => {
  it('gives lengths in metres with feet or inches beside them, imperial first when chosen', () => {
    assert.equal(plainValue('Height', '30.48'), '30 m (100 ft)')
    assert.equal(plainValue('Height', '1.83'), '1.8 m (6 ft)')
    assert.equal(plainValue('Spacing', '0.45'), '45 cm (18 in)')
    assert.equal(plainValue('Height', '30.48', 'imperial'), '100 ft (30 m)')
    assert.equal(plainValue('Height', 'about 2 m'), 'about 2 m')
  })

  it('says how cold a hardiness zone is', () => {
    assert.equal(plainValue('USDA Hardiness zone', '4'), 'Hardy to zone 4 (\u221234 °C / \u221230 °F)')
    assert.equal(plainValue('USDA Hardiness zone', '9'), 'Hardy to zone 9 (\u22127 °C / 20 °F)')
    assert.equal(plainValue('USDA Hardiness zone', '3-8'), 'Hardy to zone 3 (\u221240 °C / \u221240 °F)')
    assert.equal(
      plainValue('USDA Hardiness zone', '4', 'imperial'),
      'Hardy to zone 4 (\u221230 °F / \u221234 °C)',
    )
    assert.equal(plainValue('USDA Hardiness zone', 'tender'), 'tender')
  })

  it('writes values as people do', () => {
    assert.equal(plainValue('Edible', 'true'), 'Yes')
    assert.equal(
      plainValue('Light requirement', 'Full sun, partial sun/shade'),
      'Full sun, Partial sun/shade',
    )
    assert.equal(plainValue('Soil type', 'Light (sandy), medium'), 'Light (sandy), Medium')
    assert.equal(plainValue('Water requirement', 'moist, never waterlogged'), 'Moist, never waterlogged')
    assert.equal(plainValue('Family', 'Poaceae or gramineae'), 'Poaceae (Gramineae)')
    assert.equal(plainValue('Soil pH', '4.6-8.2'), 'pH 4.6\u20138.2')
    assert.equal(plainValue('Germination temperature', '16'), '16 °C (61 °F)')
    assert.equal(plainValue('Days to maturity', '55-90'), '55\u201390 days')
    assert.equal(plainValue('Days to maturity', '365-730'), '1\u20132 years')
    assert.equal(plainValue('Alternate name', 'purple granadilla'), 'purple granadilla')
  })

  it('sums up how to grow a plant in a few lines of words', () => {
    const lines = growIt([
      { key: 'Light requirement', value: 'Full sun, partial sun/shade' },
      { key: 'USDA Hardiness zone', value: '4' },
      { key: 'Height', value: '30.48' },
      { key: 'Life cycle', value: 'Perennial' },
      { key: 'Water requirement', value: 'Moist' },
      { key: 'Soil pH', value: '4.6-8.2' },
    ])
    assert.deepEqual(lines, [
      { label: 'Light', text: 'Full sun to partial shade' },
      { label: 'Hardiness', text: 'Hardy to zone 4 (\u221234 °C / \u221230 °F)' },
      { label: 'Size', text: 'Grows to 30 m (100 ft)' },
      { label: 'Life cycle', text: 'Perennial' },
      { label: 'Soil', text: 'Moist soil, pH 4.6\u20138.2' },
    ])
    assert.deepEqual(growIt([]), [])
  })
})
