// What an operator's Prometheus scrapes from HORTUS_METRICS_PORT: the request histogram by route pattern,
// the database's series, the feed, limits and queues; a scan of unknown ids adds no series; the port is
// loopback's alone by default. On PostgreSQL, two workers' series come together on the one port.
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { freePort, startAnsweringServer, startServer, waitFor, type Started } from '../helpers/processes.ts'
import { createTestDatabaseUrl, createTestKey, TEST_DIALECT } from '../helpers/test-database.ts'

/** The sample lines of a scrape whose name starts with `hortus_`, by their whole series (name and labels). */
function hortusSeries(text: string): Map<string, number> {
  const series = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (!line.startsWith('hortus_')) continue
    const at = line.lastIndexOf(' ')
    series.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return series
}

const scrape = async (port: number, host = '127.0.0.1') => {
  const response = await fetch(`http://${host}:${port}/metrics`)
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
  return response.text()
}

/** One series' value; fails naming the series when the scrape has none. */
function valueOf(series: Map<string, number>, name: string): number {
  const value = series.get(name)
  assert.notEqual(value, undefined, `no series ${name} in:\n${[...series.keys()].join('\n')}`)
  return value!
}

async function startWithMetrics(env: Record<string, string> = {}) {
  const url = await createTestDatabaseUrl()
  const key = await createTestKey(url, 'metrics@example.org')
  const metricsPort = await freePort()
  const server = await startAnsweringServer({
    DATABASE_URL: url,
    HORTUS_METRICS_PORT: String(metricsPort),
    ...env,
  })
  const headers = { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret }
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    await response.arrayBuffer()
    return response.status
  }
  return { ...server, metricsPort, call, headers }
}

const running: Started[] = []
after(() => {
  for (const started of running) started.child.kill('SIGKILL')
})

describe('metrics', () => {
  it('shows requests by route pattern and the database; a thousand unknown ids add no series', async () => {
    const server = await startWithMetrics({ HORTUS_AUTH_FAILURE_LIMIT_PER_MINUTE: '3' })
    running.push(server.started)
    const created = await fetch(`http://127.0.0.1:${server.port}/api/plants`, {
      method: 'POST',
      headers: { ...server.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ scientific_name: 'Metricus testus', name: 'Metric plant', note: 'test' }),
    })
    assert.equal(created.status, 201)
    const plant = (await created.json()) as { id: number }
    assert.equal(await server.call('GET', `/api/plants/${plant.id}`), 200)
    assert.equal(await server.call('GET', '/api/search?q=metric'), 200)
    assert.equal(await server.call('GET', '/api/plants/999999999'), 404)
    assert.equal(await server.call('GET', '/api/no-such-thing/1'), 404)

    const first = hortusSeries(await scrape(server.metricsPort))
    const route = (path: string, status: number) =>
      `hortus_http_request_duration_seconds_count{method="GET",route="${path}",status="${status}"}`
    assert.equal(valueOf(first, route('/api/plants/:id', 200)), 1)
    assert.equal(valueOf(first, route('/api/plants/:id', 404)), 1)
    assert.equal(valueOf(first, route('(none)', 404)), 1)
    assert.ok(valueOf(first, route('/api/search', 200)) >= 1)
    assert.equal(
      valueOf(
        first,
        'hortus_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/plants",status="201"}',
      ),
      1,
    )
    assert.ok(valueOf(first, 'hortus_db_statement_duration_seconds_count{connection="primary"}') > 0)
    assert.ok(valueOf(first, 'hortus_db_statement_duration_seconds_count{connection="reader"}') > 0)
    assert.ok(valueOf(first, 'hortus_db_transaction_duration_seconds_count{outcome="commit"}') > 0)
    assert.ok(valueOf(first, 'hortus_change_feed_commit') > 0)
    assert.equal(valueOf(first, 'hortus_plants'), 1)
    assert.equal(valueOf(first, 'hortus_queue_waiting{queue="webhooks"}'), 0)
    assert.ok(valueOf(first, 'hortus_search_index_writes_total') >= 1)

    // A scan: random ids and random paths, each a 404 of a series already there.
    for (let i = 0; i < 1000; i++) {
      const id = 1_000_000 + Math.floor(Math.random() * 1e9)
      const status = await server.call('GET', i % 2 ? `/api/plants/${id}` : `/api/x${id}/${id}`)
      assert.equal(status, 404)
    }
    const second = hortusSeries(await scrape(server.metricsPort))
    assert.deepEqual([...second.keys()].sort(), [...first.keys()].sort())
    assert.equal(valueOf(second, route('/api/plants/:id', 404)), 501)
    assert.equal(valueOf(second, route('(none)', 404)), 501)

    // Refusals by limit: four failed authentications from one address, the fourth refused.
    for (let i = 0; i < 4; i++) {
      await fetch(`http://127.0.0.1:${server.port}/api/plants`, { headers: { 'x-service-key-id': 'nope' } })
    }
    const third = hortusSeries(await scrape(server.metricsPort))
    assert.ok(valueOf(third, 'hortus_rate_limit_refusals_total{limit="auth_failures"}') >= 1)

    // Not on the API's port, and by default not on any address but loopback's.
    assert.equal(await server.call('GET', '/metrics'), 404)
    await assert.rejects(fetch(`http://127.0.0.2:${server.metricsPort}/metrics`))
    server.started.child.kill('SIGTERM')
    assert.equal((await server.started.finished).code, 0)
  })

  it('a metrics port taken: one line naming HORTUS_METRICS_PORT, exit 1', async () => {
    const taken = await startWithMetrics()
    running.push(taken.started)
    const url = await createTestDatabaseUrl()
    const second = startServer({
      DATABASE_URL: url,
      PORT: String(await freePort()),
      HORTUS_METRICS_PORT: String(taken.metricsPort),
    })
    const result = await second.finished
    assert.equal(result.code, 1)
    assert.match(
      result.stderr.trim(),
      /^Cannot serve the metrics on 127\.0\.0\.1:\d+ \(HORTUS_METRICS_PORT\): EADDRINUSE$/,
    )
    taken.started.child.kill('SIGTERM')
    await taken.started.finished
  })

  if (TEST_DIALECT === 'postgres') {
    it('two workers: every worker’s series on the one port, and the pools', async () => {
      const server = await startWithMetrics({ HORTUS_WORKERS: '2' })
      running.push(server.started)
      // The two workers take connections in turn: enough requests reach both.
      for (let i = 0; i < 200; i++) assert.equal(await server.call('GET', '/api/plants?per_page=1'), 200)
      let series = new Map<string, number>()
      // Each worker makes the search phrase book once as it starts: 2 is both workers' counts added up.
      await waitFor('both workers answer the scrape', async () => {
        series = hortusSeries(await scrape(server.metricsPort))
        return series.get('hortus_phrase_book_builds_total{kind="whole"}') === 2
      })
      // Every request counted once, whichever worker answered it.
      assert.equal(
        valueOf(
          series,
          'hortus_http_request_duration_seconds_count{method="GET",route="/api/plants",status="200"}',
        ),
        200,
      )
      assert.ok(valueOf(series, 'hortus_db_pool_wait_seconds_count{pool="reader"}') > 0)
      assert.equal(valueOf(series, 'hortus_db_pool_connections{pool="primary",state="waiting"}'), 0)
      server.started.child.kill('SIGTERM')
      assert.equal((await server.started.finished).code, 0)
    })
  }
})
