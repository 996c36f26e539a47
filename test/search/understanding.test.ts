// Search that understands gardeners (issue 22), measured over the starter dataset with three sets of queries:
// understanding-queries.json, the tuning set (its queries were used while the vocabulary was tuned),
// understanding-held-out.json, the held-out set (written apart from the vocabulary and never used to tune
// it, so it measures the search honestly), and understanding-crops.json, a second held-out set about the
// crop keys (days to maturity, pests, diseases, sowing, families, uses; issue 37), written by someone who
// had read neither the vocabulary nor the code, only the dataset's keys and values. Each query of it says
// how its writer read it (`why`). For each query the truth is computed from the plants' own
// attributes and links, never from the search. Prints, for each set by kind and overall, the mean precision
// of the top 10 over the attribute, range and companion queries and the share of name queries that find
// their plant in the top 3, with that set's worst queries and their top results; fails below 90% precision
// or 95% names over both sets together.
//
// What a query's truth means:
// - `{key, any: [...]}`: the plant has an attribute whose key equals `key` case-insensitively and whose
//   value, whole or any comma-separated element (trimmed), equals one of `any` case-insensitively.
// - `{key, min?, max?}`: the plant has that key with a value that is a number ("0.61") or a range ("6.0-8.0",
//   en dash too) whose span overlaps [min, max] (a missing side is open). min and max are in the stored
//   unit (metres for Height, Width and Spacing).
// - `{key, words: [...]}`: some value of the key holds one of the phrases as whole words, in any case, the
//   last word also with an English plural ending ("aphid" is met by "green peach aphid" and "Aphids").
// - `{key}` alone: the plant has the key.
// - `companions_of`: the plant is linked to the named plant by a `companion-to` link, in either direction
//   (A's links name B, or B's links name A).
// A query's conditions all hold (AND). A result meets an attribute or range query when ITS data (as the
// search answers it) meets every condition; it meets a companion query when it is one of the companions.
// Precision of a query: (results in the top 10 that meet it) / min(10, plants of the dataset that meet it).
// A name query names exactly one plant (name and scientific name); it is found when that plant is among the
// first 3 results. Each set must reach 90% precision and 95% of names in the top 3 on its own.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, it } from 'node:test'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { TEST_DIALECT } from '../helpers/test-database.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'

interface Condition {
  key: string
  any?: string[]
  words?: string[]
  min?: number
  max?: number
}

interface PlantName {
  name: string
  scientific_name: string
}

type UnderstandingQuery =
  | { kind: 'attributes' | 'range'; q: string; where: Condition[] }
  | { kind: 'companions'; q: string; companions_of: PlantName }
  | ({ kind: 'name'; q: string } & PlantName)

interface Attribute {
  key: string
  value: string
}

interface DatasetPlant extends PlantName {
  type: string
  data: Attribute[]
  links?: (PlantName & { type: string })[]
}

const DATASET = 'data/plants.jsonl'
const PAGE = 10
const MIN_PRECISION = 0.9
const MIN_NAMES_TOP3 = 0.95
const WORST_PRECISION = 0.7

interface QuerySet {
  label: string
  queries: UnderstandingQuery[]
  /** The fewest queries wanted, in all and of each kind. */
  minimum: { total: number } & Record<UnderstandingQuery['kind'], number>
}

const readQueries = (file: string) =>
  JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as UnderstandingQuery[]

const sets: QuerySet[] = [
  {
    label: 'tuning set',
    queries: readQueries('./understanding-queries.json'),
    minimum: { total: 150, attributes: 90, range: 20, companions: 10, name: 30 },
  },
  {
    label: 'held-out set',
    queries: readQueries('./understanding-held-out.json'),
    minimum: { total: 80, attributes: 40, range: 12, companions: 6, name: 10 },
  },
  {
    label: 'crop set',
    queries: readQueries('./understanding-crops.json'),
    minimum: { total: 60, attributes: 40, range: 12, companions: 0, name: 8 },
  },
]

// The starter dataset as a file: line 1 is its header, each other line a plant.
const plants = readFileSync(DATASET, 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as DatasetPlant)

const identity = (plant: PlantName) => `${plant.name}\u0000${plant.scientific_name}`

/** A stored number ("0.61") or range ("6.0-8.0", "6.0–8.0") as its span; undefined for anything else. */
function spanOf(value: string): [number, number] | undefined {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*(?:[-–]\s*(-?\d+(?:\.\d+)?))?\s*$/.exec(value)
  if (!match) return undefined
  const low = Number(match[1])
  const high = match[2] === undefined ? low : Number(match[2])
  return [Math.min(low, high), Math.max(low, high)]
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function meetsCondition(data: readonly Attribute[], condition: Condition): boolean {
  const key = condition.key.toLowerCase()
  const values = data.filter((attribute) => attribute.key.toLowerCase() === key).map(({ value }) => value)
  if (condition.any) {
    const wanted = new Set(condition.any.map((value) => value.toLowerCase()))
    return values.some((value) =>
      [value, ...value.split(',')].some((element) => wanted.has(element.trim().toLowerCase())),
    )
  }
  if (condition.words) {
    const phrases = condition.words.map(
      (phrase) => new RegExp(`(?<![\\p{L}\\p{N}])${escaped(phrase)}(?:e?s)?(?![\\p{L}\\p{N}])`, 'iu'),
    )
    return values.some((value) => phrases.some((phrase) => phrase.test(value)))
  }
  if (condition.min !== undefined || condition.max !== undefined) {
    return values.some((value) => {
      const span = spanOf(value)
      if (!span) return false
      return (
        (condition.min === undefined || span[1] >= condition.min) &&
        (condition.max === undefined || span[0] <= condition.max)
      )
    })
  }
  return values.length > 0
}

const meetsAll = (data: readonly Attribute[], where: readonly Condition[]) =>
  where.every((condition) => meetsCondition(data, condition))

// Companions in either direction, by name and scientific name (a pair names one plant in the dataset).
const companions = new Map<string, Set<string>>()
for (const plant of plants) {
  for (const link of plant.links ?? []) {
    if (link.type !== 'companion-to') continue
    for (const [from, to] of [
      [identity(plant), identity(link)],
      [identity(link), identity(plant)],
    ] as const) {
      const set = companions.get(from) ?? new Set<string>()
      set.add(to)
      companions.set(from, set)
    }
  }
}

/** How many plants of the dataset meet the query (attribute, range and companion queries). */
function truthCount(query: UnderstandingQuery): number {
  if (query.kind === 'companions') return companions.get(identity(query.companions_of))?.size ?? 0
  if (query.kind === 'name') return plants.filter((plant) => identity(plant) === identity(query)).length
  return plants.filter((plant) => meetsAll(plant.data, query.where)).length
}

interface ResultPlant extends PlantName {
  data: Attribute[]
}

function meetsQuery(plant: ResultPlant, query: UnderstandingQuery): boolean {
  if (query.kind === 'companions')
    return companions.get(identity(query.companions_of))?.has(identity(plant)) ?? false
  if (query.kind === 'name') return identity(plant) === identity(query)
  return meetsAll(plant.data, query.where)
}

function describe(query: UnderstandingQuery): string {
  if (query.kind === 'companions') return `companions of ${query.companions_of.name}`
  if (query.kind === 'name') return `${query.name} (${query.scientific_name})`
  return query.where
    .map(({ key, any, words, min, max }) => {
      if (any) return `${key} ∈ {${any.join(' | ')}}`
      if (words) return `${key} has the words {${words.join(' | ')}}`
      if (min !== undefined || max !== undefined) return `${key} ${min ?? ''}..${max ?? ''}`
      return `has ${key}`
    })
    .join(' AND ')
}

let t: TestApp
before(async () => {
  t = await buildTestApp()
  await importDataset(t.store, readLines(DATASET), { source: DATASET, images: false })
})
after(async () => t.close())

const search = async (q: string): Promise<ResultPlant[]> => {
  const response = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}&per_page=${PAGE}`)
  assert.equal(response.status, 200, `${q}: ${response.text}`)
  return response.body.plants as ResultPlant[]
}

/** A set's queries are well formed, each with a truth of at least one plant (at least 3 companions). */
async function checkWellFormed({ label, queries, minimum }: QuerySet) {
  assert.ok(queries.length >= minimum.total, `${label}: ${queries.length} queries`)
  for (const kind of ['attributes', 'range', 'companions', 'name'] as const) {
    const have = queries.filter((query) => query.kind === kind).length
    assert.ok(have >= minimum[kind], `${label}: ${have} ${kind} queries, at least ${minimum[kind]} wanted`)
  }
  const seen = new Set<string>()
  for (const query of queries) {
    assert.ok(typeof query.q === 'string' && query.q.trim(), JSON.stringify(query))
    assert.ok(!seen.has(query.q.toLowerCase()), `"${query.q}" twice`)
    seen.add(query.q.toLowerCase())
    if (query.kind === 'attributes' || query.kind === 'range') {
      assert.ok(Array.isArray(query.where) && query.where.length > 0, `${query.q}: no conditions`)
      for (const condition of query.where) {
        assert.ok(typeof condition.key === 'string' && condition.key, `${query.q}: a condition without a key`)
        if (condition.any) {
          assert.ok(condition.any.length > 0, `${query.q}: ${condition.key}: an empty any`)
          assert.ok(
            condition.min === undefined && condition.max === undefined,
            `${query.q}: any with a range`,
          )
        }
        for (const bound of [condition.min, condition.max]) {
          assert.ok(bound === undefined || Number.isFinite(bound), `${query.q}: ${condition.key}: bad bound`)
        }
      }
      if (query.kind === 'range') {
        assert.ok(
          query.where.some((condition) => condition.min !== undefined || condition.max !== undefined),
          `${query.q}: a range query without a range`,
        )
      }
      assert.ok(truthCount(query) >= 1, `"${query.q}": no plant meets ${describe(query)}`)
    } else if (query.kind === 'companions') {
      assert.equal(
        plants.filter((plant) => identity(plant) === identity(query.companions_of)).length,
        1,
        `"${query.q}": ${describe(query)} names no single plant`,
      )
      assert.ok(truthCount(query) >= 3, `"${query.q}": ${describe(query)}: fewer than 3 companions`)
    } else if (query.kind === 'name') {
      const exact = async (type: string) =>
        (
          await t.request('POST', '/api/search', {
            scientific_name: query.scientific_name,
            name: query.name,
            type,
          })
        ).body.plants.length as number
      assert.equal((await exact('Plant')) + (await exact('Variety')), 1, `"${query.q}": ${describe(query)}`)
    } else {
      assert.fail(`unknown kind in ${JSON.stringify(query)}`)
    }
  }
}

for (const set of sets) {
  it(`${set.label}: has at least ${set.minimum.total} well-formed queries, each with a truth of at least one plant`, () =>
    checkWellFormed(set))
}

it('the held-out sets ask nothing the tuning set or each other asks', () => {
  const asked = new Map<string, string>()
  const shared: string[] = []
  for (const { label, queries } of sets) {
    for (const { q } of queries) {
      const folded = q.trim().toLowerCase()
      const first = asked.get(folded)
      if (first !== undefined) shared.push(`"${q}" (${first} and ${label})`)
      else asked.set(folded, label)
    }
  }
  assert.deepEqual(shared, [], `asked twice: ${shared.join(', ')}`)
})

interface Measured {
  set: string
  query: UnderstandingQuery
  precision: number
  meeting: number
  truth: number
  rank: number
  results: ResultPlant[]
}

let measured: Promise<Measured[]> | undefined
/** Every query searched once, shared by the two measuring tests. */
const measure = () =>
  (measured ??= (async () => {
    const answers: Measured[] = []
    for (const { label, queries } of sets) {
      for (const query of queries) {
        const results = await search(query.q)
        const truth = truthCount(query)
        const meeting = results.filter((plant) => meetsQuery(plant, query)).length
        const rank = query.kind === 'name' ? results.findIndex((plant) => meetsQuery(plant, query)) : -1
        const precision = meeting / Math.min(PAGE, truth)
        answers.push({ set: label, query, results, truth, meeting, rank, precision })
      }
    }
    return answers
  })())

const percent = (share: number) => `${(100 * share).toFixed(1)}%`
const mean = (numbers: number[]) => numbers.reduce((sum, n) => sum + n, 0) / numbers.length

function topResults(answer: Measured): string {
  if (!answer.results.length) return 'nothing'
  return answer.results
    .map((plant) => `${meetsQuery(plant, answer.query) ? '✓' : '✗'} ${plant.name}`)
    .join(', ')
}

/** One set's precision figures: overall and by kind, then its queries below WORST_PRECISION. */
function precisionReport(label: string, answers: Measured[]): string[] {
  const kinds = [...new Set(answers.map(({ query }) => query.kind))]
  const worst = answers
    .filter(({ precision }) => precision < WORST_PRECISION)
    .sort((a, b) => a.precision - b.precision)
  return [
    `${label}: ${answers.length} attribute, range and companion queries: ` +
      `mean precision@${PAGE} ${percent(mean(answers.map(({ precision }) => precision)))}`,
    ...kinds.map((kind) => {
      const ofKind = answers.filter(({ query }) => query.kind === kind)
      const perfect = ofKind.filter(({ precision }) => precision === 1).length
      return (
        `  ${kind.padEnd(11)} ${String(ofKind.length).padStart(3)}: precision@${PAGE} ` +
        `${percent(mean(ofKind.map(({ precision }) => precision)))}, all right ${perfect}, ` +
        `nothing right ${ofKind.filter(({ meeting }) => meeting === 0).length}`
      )
    }),
    ...(worst.length
      ? [
          `  ${label}, precision below ${WORST_PRECISION} (${worst.length}):`,
          ...worst.map(
            (answer) =>
              `    [${answer.query.kind}] "${answer.query.q}" ${answer.precision.toFixed(2)} ` +
              `(${answer.meeting}/${Math.min(PAGE, answer.truth)}, ${answer.truth} in the dataset meet ` +
              `${describe(answer.query)}) → ${topResults(answer)}`,
          ),
        ]
      : []),
  ]
}

it(`reads attribute, range and companion words: mean precision of the top ${PAGE} at least 90% on every set`, async () => {
  const answers = (await measure()).filter(({ query }) => query.kind !== 'name')
  const overall = mean(answers.map(({ precision }) => precision))
  const summary =
    `search understanding on ${TEST_DIALECT}, all sets, ${answers.length} attribute, range and companion ` +
    `queries: mean precision@${PAGE} ${percent(overall)}`
  const lines = [
    summary,
    ...sets.flatMap(({ label }) =>
      precisionReport(
        label,
        answers.filter(({ set }) => set === label),
      ),
    ),
  ]
  console.log(lines.join('\n'))
  for (const { label } of sets) {
    const ofSet = mean(answers.filter(({ set }) => set === label).map(({ precision }) => precision))
    assert.ok(ofSet >= MIN_PRECISION, `${label}: mean precision@${PAGE} ${percent(ofSet)}`)
  }
})

/** One set's name figures: top 1 and top 3, then its name queries whose plant is not in the top 3. */
function namesReport(label: string, answers: Measured[]): string[] {
  const first = answers.filter(({ rank }) => rank === 0).length
  const top3 = answers.filter(({ rank }) => rank >= 0 && rank < 3).length
  const missed = answers.filter(({ rank }) => rank < 0 || rank >= 3)
  return [
    `${label}: ${answers.length} name queries with soft words: ` +
      `top 1 ${percent(first / answers.length)}, top 3 ${percent(top3 / answers.length)}`,
    ...(missed.length
      ? [
          `  ${label}, not in the top 3 (${missed.length}):`,
          ...missed.map(
            (answer) =>
              `    "${answer.query.q}" → ${describe(answer.query)} ` +
              `${answer.rank < 0 ? `not in the top ${PAGE}` : `at ${answer.rank + 1}`}: ` +
              `${answer.results.map((plant) => plant.name).join(', ') || 'nothing'}`,
          ),
        ]
      : []),
  ]
}

it('finds the plant a name query means, soft words around it, in the top 3 for at least 95% on every set', async () => {
  const answers = (await measure()).filter(({ query }) => query.kind === 'name')
  const first = answers.filter(({ rank }) => rank === 0).length
  const top3 = answers.filter(({ rank }) => rank >= 0 && rank < 3).length
  const summary =
    `search understanding on ${TEST_DIALECT}, all sets, ${answers.length} name queries with soft words: ` +
    `top 1 ${percent(first / answers.length)}, top 3 ${percent(top3 / answers.length)}`
  const lines = [
    summary,
    ...sets.flatMap(({ label }) =>
      namesReport(
        label,
        answers.filter(({ set }) => set === label),
      ),
    ),
  ]
  const all = await measure()
  const figures = sets.map(({ label }) => {
    const ofSet = all.filter(({ set }) => set === label)
    const ranked = ofSet.filter(({ query }) => query.kind !== 'name')
    const named = ofSet.filter(({ query }) => query.kind === 'name')
    return (
      `${label}: precision@${PAGE} ${percent(mean(ranked.map(({ precision }) => precision)))}, ` +
      `names top 3 ${percent(named.filter(({ rank }) => rank >= 0 && rank < 3).length / named.length)}`
    )
  })
  console.log([...lines, ...figures].join('\n'))
  for (const { label } of sets) {
    const named = answers.filter(({ set }) => set === label)
    const found = named.filter(({ rank }) => rank >= 0 && rank < 3).length / named.length
    assert.ok(found >= MIN_NAMES_TOP3, `${label}: ${percent(found)} of name queries in the top 3`)
  }
})
