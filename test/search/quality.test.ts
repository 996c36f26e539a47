// Search quality over the starter dataset: for each query of quality-queries.json (typos, plurals, common,
// scientific, alternate and other-language names, diacritics, several words), the plant a person typing it
// means must be among the first 3 results. Prints the share found first and in the top 3, by kind of query;
// fails below 95% in the top 3.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { TEST_DIALECT } from '../helpers/test-database.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'

interface QualityQuery {
  kind: string
  q: string
  name: string
  scientific_name: string
}

const queries = JSON.parse(
  readFileSync(new URL('./quality-queries.json', import.meta.url), 'utf8'),
) as QualityQuery[]

let t: TestApp
before(async () => {
  t = await buildTestApp()
  await importDataset(t.store, readLines('data/plants.jsonl'), { source: 'data/plants.jsonl', images: false })
})
after(async () => t.close())

it('has at least 150 queries, each naming exactly one plant of the starter dataset', async () => {
  assert.ok(queries.length >= 150, `${queries.length} queries`)
  for (const query of queries) {
    const response = await t.request('POST', '/api/search', {
      scientific_name: query.scientific_name,
      name: query.name,
      type: 'Plant',
    })
    const varieties = await t.request('POST', '/api/search', {
      scientific_name: query.scientific_name,
      name: query.name,
      type: 'Variety',
    })
    assert.equal(
      response.body.plants.length + varieties.body.plants.length,
      1,
      `${query.q}: ${query.name} (${query.scientific_name})`,
    )
  }
})

it('finds the plant meant in the top 3 for at least 95% of the queries', async () => {
  const byKind = new Map<string, { total: number; first: number; top3: number }>()
  const missed: string[] = []
  let first = 0
  let top3 = 0
  for (const query of queries) {
    const response = await t.request('GET', `/api/search?q=${encodeURIComponent(query.q)}&per_page=3`)
    assert.equal(response.status, 200, response.text)
    const plants = response.body.plants as { name: string; scientific_name: string }[]
    const rank = plants.findIndex(
      (plant) => plant.name === query.name && plant.scientific_name === query.scientific_name,
    )
    const kind = byKind.get(query.kind) ?? { total: 0, first: 0, top3: 0 }
    kind.total++
    if (rank === 0) {
      first++
      kind.first++
    }
    if (rank >= 0) {
      top3++
      kind.top3++
    }
    if (rank < 0) missed.push(`  "${query.q}" → ${plants.map((plant) => plant.name).join(', ') || 'nothing'}`)
    byKind.set(query.kind, kind)
  }
  const share = (count: number, total: number) => `${((100 * count) / total).toFixed(1)}%`
  const lines = [
    `search quality on ${TEST_DIALECT}, ${queries.length} queries: top 1 ${share(first, queries.length)}, top 3 ${share(top3, queries.length)}`,
    ...[...byKind].map(
      ([kind, counts]) =>
        `  ${kind.padEnd(11)} ${String(counts.total).padStart(3)}: top 1 ${share(counts.first, counts.total)}, top 3 ${share(counts.top3, counts.total)}`,
    ),
    ...(missed.length ? ['not in the top 3:', ...missed] : []),
  ]
  console.log(lines.join('\n'))
  assert.ok(top3 / queries.length >= 0.95, lines.join('\n'))
})

it('answers hostile queries to search and suggest with 200 within 300 ms', async () => {
  // A guard against a query that blows up (seconds: every match ranked, every typo tried), not a speed
  // target: those are the bench's (npm run bench). Alone these take 25–45 ms on SQLite; in the whole suite,
  // two files at once on two cores, the best of 3 reached 108 ms, the code as fast alone as before.
  const queries = {
    'a 200-character q': 'strawberry rosemary '.repeat(10),
    'one 200-character word': 'a'.repeat(200),
    'punctuation only': '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.repeat(6),
    'search syntax': '"tomato" AND (NEAR(basil*, 3) OR -mint) {name}: ^x',
    '16 misspelled words':
      'tomatoe bazil rosmary strawbery cucmber letuce carot onoin garlik parsly spinnach cabage aspargus rubarb pumpkn egplant',
    '16 long misspelled words':
      'officianalis lycopersicon strawberrys cauliflour brocolliss asparaguss corriandor rosemarry sunflowerr pomegranite watermellon horseradsh artichoak camomillle chamomillle blackberrys',
  }
  for (const [what, q] of Object.entries(queries)) {
    for (const endpoint of ['search', 'suggest']) {
      const path = `/api/${endpoint}?q=${encodeURIComponent(q.slice(0, 200))}`
      // The best of 3 after a warm-up: the cost of the query, not a moment the shared machine was busy.
      await t.request('GET', path)
      let elapsed = Infinity
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = performance.now()
        const response = await t.request('GET', path)
        elapsed = Math.min(elapsed, performance.now() - started)
        assert.equal(response.status, 200, `${endpoint}, ${what}: ${response.text}`)
      }
      assert.ok(elapsed < 300, `${endpoint}, ${what}: ${elapsed.toFixed(1)} ms`)
    }
  }
})
