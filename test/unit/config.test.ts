import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError, loadConfig } from '../../src/config.ts'

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    assert.equal(config.port, 3000)
    assert.equal(config.host, '127.0.0.1')
    assert.deepEqual(config.database, { dialect: 'sqlite', path: './var/hortus.db' })
    assert.equal(config.keyBrand, 'service')
    assert.equal(config.seed, true)
    assert.ok(Object.isFrozen(config))
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/hortus',
      DATABASE_READ_URL: 'postgres://u:p@127.0.0.1:5433/hortus',
      HORTUS_KEY_BRAND: 'Hortus',
      HORTUS_SEED: 'off',
      HORTUS_WORKERS: '2',
      LOG_LEVEL: 'warn',
    })
    assert.equal(config.port, 8080)
    assert.equal(config.database.dialect, 'postgres')
    assert.equal(config.readDatabase?.dialect, 'postgres')
    assert.equal(config.keyBrand, 'hortus')
    assert.equal(config.seed, false)
    assert.equal(config.workers, 2)
  })

  it('lists every bad variable at once', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          HORTUS_SEED: 'maybe',
          HORTUS_KEY_BRAND: 'a b',
        }),
      (error: ConfigError) => {
        assert.equal(error.problems.length, 4)
        for (const name of ['PORT', 'DATABASE_URL', 'HORTUS_SEED', 'HORTUS_KEY_BRAND'])
          assert.match(error.message, new RegExp(name))
        return true
      },
    )
    assert.throws(() => loadConfig({ HORTUS_WORKERS: '2' }), /SQLite/)
  })
})
