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

  it('gives commercial keys ten times the limits unless told, and never less than the others', () => {
    const defaults = loadConfig({})
    assert.equal(defaults.commercialRateLimitPerMinute, 12_000)
    assert.equal(defaults.commercialWriteLimitPerMinute, 600)
    const raised = loadConfig({ HORTUS_RATE_LIMIT_PER_MINUTE: '2000', HORTUS_WRITE_LIMIT_PER_MINUTE: '100' })
    assert.equal(raised.commercialRateLimitPerMinute, 20_000)
    assert.equal(raised.commercialWriteLimitPerMinute, 1_000)
    const given = loadConfig({
      HORTUS_COMMERCIAL_RATE_LIMIT_PER_MINUTE: '5000',
      HORTUS_COMMERCIAL_WRITE_LIMIT_PER_MINUTE: '60',
    })
    assert.equal(given.commercialRateLimitPerMinute, 5000)
    assert.equal(given.commercialWriteLimitPerMinute, 60)
    assert.throws(
      () =>
        loadConfig({
          HORTUS_COMMERCIAL_RATE_LIMIT_PER_MINUTE: '1000',
          HORTUS_COMMERCIAL_WRITE_LIMIT_PER_MINUTE: 'lots',
        }),
      (error: ConfigError) => {
        assert.equal(error.problems.length, 2)
        assert.match(
          error.message,
          /HORTUS_COMMERCIAL_RATE_LIMIT_PER_MINUTE=1000: must be at least HORTUS_RATE_LIMIT_PER_MINUTE \(1200\)/,
        )
        assert.match(error.message, /HORTUS_COMMERCIAL_WRITE_LIMIT_PER_MINUTE=lots: must be a whole number/)
        return true
      },
    )
  })

  it('reads the timeouts and the connection cap, and refuses what would turn them off', () => {
    const defaults = loadConfig({})
    assert.equal(defaults.requestTimeoutSeconds, 30)
    assert.equal(defaults.keepAliveSeconds, 5)
    assert.equal(defaults.maxConnections, 1024)
    const given = loadConfig({
      HORTUS_REQUEST_TIMEOUT_SECONDS: '60',
      HORTUS_KEEP_ALIVE_SECONDS: '75',
      HORTUS_MAX_CONNECTIONS: '4096',
    })
    assert.equal(given.requestTimeoutSeconds, 60)
    assert.equal(given.keepAliveSeconds, 75)
    assert.equal(given.maxConnections, 4096)
    assert.throws(
      () =>
        loadConfig({
          HORTUS_REQUEST_TIMEOUT_SECONDS: '0',
          HORTUS_KEEP_ALIVE_SECONDS: '0',
          HORTUS_MAX_CONNECTIONS: '-1',
        }),
      (error: ConfigError) => {
        assert.equal(error.problems.length, 3)
        for (const name of [
          'HORTUS_REQUEST_TIMEOUT_SECONDS',
          'HORTUS_KEEP_ALIVE_SECONDS',
          'HORTUS_MAX_CONNECTIONS',
        ])
          assert.match(error.message, new RegExp(`${name}=\\S+: must be a whole number from 1`))
        return true
      },
    )
  })

  it('takes mail as both variables or neither, and refuses a bad URL or sender; webhook settings', () => {
    const none = loadConfig({})
    assert.equal(none.smtpUrl, null)
    assert.equal(none.webhookRetrySeconds, 30)
    assert.equal(none.webhookAllowPrivate, false)
    const mail = loadConfig({
      HORTUS_SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
      HORTUS_MAIL_FROM: 'Hortus <plants@example.org>',
      HORTUS_WEBHOOK_RETRY_SECONDS: '5',
      HORTUS_WEBHOOK_ALLOW_PRIVATE: 'on',
    })
    assert.equal(mail.smtpUrl, 'smtps://user:pass@smtp.example.org:465')
    assert.equal(mail.mailFrom, 'Hortus <plants@example.org>')
    assert.equal(mail.webhookRetrySeconds, 5)
    assert.equal(mail.webhookAllowPrivate, true)
    const refused: [Record<string, string>, RegExp][] = [
      [{ HORTUS_SMTP_URL: 'smtp://smtp.example.org' }, /HORTUS_SMTP_URL is set without HORTUS_MAIL_FROM/],
      [{ HORTUS_MAIL_FROM: 'plants@example.org' }, /HORTUS_MAIL_FROM is set without HORTUS_SMTP_URL/],
      [
        { HORTUS_SMTP_URL: 'http://smtp.example.org', HORTUS_MAIL_FROM: 'plants@example.org' },
        /HORTUS_SMTP_URL: use smtp:\/\//,
      ],
      [
        { HORTUS_SMTP_URL: 'smtp://smtp.example.org', HORTUS_MAIL_FROM: 'plants' },
        /HORTUS_MAIL_FROM=plants: use an address/,
      ],
      [{ HORTUS_WEBHOOK_ALLOW_PRIVATE: 'yes' }, /HORTUS_WEBHOOK_ALLOW_PRIVATE=yes: use on or off/],
      [
        { HORTUS_WEBHOOK_RETRY_SECONDS: '0' },
        /HORTUS_WEBHOOK_RETRY_SECONDS=0: must be a whole number from 1/,
      ],
    ]
    for (const [env, message] of refused) assert.throws(() => loadConfig(env), message)
  })

  it('serves metrics only with a port, on loopback unless told, never on the API port', () => {
    const none = loadConfig({})
    assert.equal(none.metricsPort, null)
    const on = loadConfig({ HORTUS_METRICS_PORT: '9464' })
    assert.equal(on.metricsPort, 9464)
    assert.equal(on.metricsHost, '127.0.0.1')
    assert.equal(
      loadConfig({ HORTUS_METRICS_PORT: '9464', HORTUS_METRICS_HOST: '0.0.0.0' }).metricsHost,
      '0.0.0.0',
    )
    assert.throws(
      () => loadConfig({ HORTUS_METRICS_PORT: '0' }),
      /HORTUS_METRICS_PORT=0: must be a whole number from 1 to 65535/,
    )
    assert.throws(
      () => loadConfig({ PORT: '8080', HORTUS_METRICS_PORT: '8080' }),
      /HORTUS_METRICS_PORT=8080: the API listens there \(PORT\); choose another port/,
    )
  })
})
