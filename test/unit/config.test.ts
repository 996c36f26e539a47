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
      HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE: '5',
      HORTUS_CONTACT: 'plants@example.org',
      HORTUS_TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16,loopback',
      LOG_LEVEL: 'warn',
    })
    assert.equal(config.port, 8080)
    assert.equal(config.database.dialect, 'postgres')
    assert.equal(config.readDatabase?.dialect, 'postgres')
    assert.equal(config.keyBrand, 'hortus')
    assert.equal(config.seed, false)
    assert.equal(config.workers, 2)
    assert.equal(config.authFailureLimitPerMinute, 5)
    assert.equal(config.contact, 'plants@example.org')
    assert.deepEqual(config.trustedProxies, ['10.0.0.1', '192.168.0.0/16', 'loopback'])
  })

  it('trusts no proxy unless told, and refuses what is not an address', () => {
    assert.deepEqual(loadConfig({}).trustedProxies, [])
    assert.throws(
      () => loadConfig({ HORTUS_TRUSTED_PROXIES: '10.0.0.1,example.com,10.0.0.0/33', HORTUS_CONTACT: 'x' }),
      (error: ConfigError) => {
        assert.equal(error.problems.length, 3)
        assert.match(error.message, /"example\.com" is not an IP address/)
        assert.match(error.message, /"10\.0\.0\.0\/33"/)
        assert.match(error.message, /HORTUS_CONTACT=x/)
        return true
      },
    )
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
