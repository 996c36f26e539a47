// A phrase book kept up to date key by key (PhraseBook.update, what a save brings) reads every query as a
// book made at once from the same registry: the same phrases by each first word with the same meanings,
// the same values read beside their key, the same numeric keys, the same first words near a typo. Checked
// over varied sequences of changes to a registry like the 92k database's: values added and removed, keys
// sharing values ("medium" of Growth, Soil type and Nitrogen Fixing) and endings ("mildew"), a key becoming
// numeric and back, a key gone and back, a key named with a word that is also a value's ending.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { normalizeFacet } from '../../src/plants/plant.ts'
import { PhraseBook, type RegistryKey } from '../../src/search/phrase-book.ts'

/** Each key's values now, and the values it may gain: some shared with other keys. */
const KEYS: Record<string, { values: string[]; more: string[] }> = {
  Family: {
    values: [
      'Solanaceae',
      'Fabaceae or leguminosae',
      'Brassicaceae or cruciferae',
      'Asteraceae or compositae',
    ],
    more: ['Poaceae or gramineae', 'Lamiaceae or labiatae', 'Asteraceae', 'Fabaceae', 'Cucurbitaceae'],
  },
  'Light requirement': {
    values: ['Full sun', 'partial sun/shade'],
    more: ['full shade', 'Full Sun'],
  },
  'Life cycle': { values: ['Perennial', 'Annual'], more: ['Biennial', 'annual'] },
  Layer: { values: ['Herbs', 'Shrubs', 'Ground cover'], more: ['Tall trees', 'Trees', 'Vines'] },
  'Soil type': { values: ['medium', 'Light (sandy)'], more: ['heavy (clay)', 'Medium'] },
  Growth: { values: ['Medium', 'Fast'], more: ['Slow', 'medium'] },
  'Nitrogen Fixing': { values: ['Low', 'High'], more: ['Medium', 'None'] },
  'Water requirement': { values: ['Moist', 'Dry'], more: ['wet', 'Medium'] },
  'Bloom period': { values: ['Late Spring', 'Summer'], more: ['Mid Spring', 'Early Summer', 'Spring'] },
  'Edible parts': { values: ['Fruit', 'seed', 'Leaves'], more: ['leaves', 'Root', 'flowers', 'Seedpod'] },
  'Native to': {
    values: ['Lower 48 US states', 'Canada', 'Alaska'],
    more: ['Greenland', 'Puerto Rico', 'Hawaii', 'US Virgin Islands', 'St. Pierre and Miquelon'],
  },
  'Propagation method': {
    values: ['seed - transplant', 'Seed - direct sow', 'cuttings'],
    more: ['bare root', 'Tubers', 'Slips', 'Root division'],
  },
  Warning: { values: ['Toxic', 'slight toxicity'], more: ['moderate toxicity', 'severe toxicity'] },
  Pests: {
    values: ['green peach aphid', 'foxglove aphid', 'beet armyworm', 'greenhouse whitefly', 'Whitefly'],
    more: [
      'Silverleaf whitefly',
      'Aphids',
      'tobacco hornworm',
      'Spider mites',
      'brown marmorated stink bug',
      'Powdery mildew',
      'Rust',
      'Deer',
    ],
  },
  Diseases: {
    values: ['Powdery mildew', 'Downy mildew', 'Gray mold (Botrytis)', 'anthracnose'],
    more: ['Fusarium wilt', 'bacterial spot', 'blossom-end rot', 'Rust', 'tobacco mosaic virus'],
  },
  Utility: { values: ['Attracts pollinators'], more: ['Ground cover', 'Nitrogen fixer'] },
  Edible: { values: ['true'], more: ['false', 'yes'] },
  // A key whose name's words are also values' endings ("sow", "spring") and values ("summer").
  'Sow in': { values: ['Early spring'], more: ['Summer', 'Late summer', 'Direct sow'] },
  // A key named with a word that is another key's ending alone ("mildew"): while it is there, "mildew" is
  // read as no value.
  'Mildew resistance': { values: ['Good', 'Poor'], more: ['Fair'] },
  'Days to maturity': { values: [], more: ['60-80 days', 'about ten weeks'] },
  'When to sow (indoors)': { values: [], more: ['6-8 weeks before the last frost'] },
}

/** A small seeded random, so that a failing sequence is the same one each run. */
function randomOf(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return Math.floor((state / 2 ** 31) * below)
  }
}

type Registry = Map<string, RegistryKey>

function keyOf(key: string, values: string[] | null, numeric = false): RegistryKey {
  return { key, keyNorm: normalizeFacet(key), plants: 10, numeric, values: numeric ? null : values }
}

function firstRegistry(): Registry {
  const registry: Registry = new Map()
  for (const [key, { values }] of Object.entries(KEYS)) {
    const numeric = values.length === 0
    registry.set(normalizeFacet(key), keyOf(key, numeric ? null : values, numeric))
  }
  return registry
}

/** One change to one key, as a save brings it; the key's new state (null: gone). */
function change(registry: Registry, pick: (below: number) => number): [string, RegistryKey | null] {
  const names = Object.keys(KEYS)
  const name = names[pick(names.length)]!
  const keyNorm = normalizeFacet(name)
  const now = registry.get(keyNorm)
  const pool = [...KEYS[name]!.values, ...KEYS[name]!.more]
  const kind = pick(10)
  // A key gone and back may come spelt otherwise: the first spelling a plant brings.
  const spelt = now?.key ?? (pick(2) === 0 ? name : name.toLowerCase())
  if (!now) return [keyNorm, keyOf(spelt, [pool[pick(pool.length)]!])]
  if (kind < 2) return [keyNorm, null]
  if (kind === 2) return [keyNorm, keyOf(spelt, null, !now.numeric)]
  if (kind === 3) return [keyNorm, keyOf(spelt, null)] // read by no value: prose, or too many
  // Gone and back between two catchings up, spelt otherwise.
  if (kind === 4) return [keyNorm, keyOf(spelt === name ? name.toLowerCase() : name, now.values)]
  const values = [...(now.values ?? [])]
  if (kind < 7 && values.length > 1) values.splice(pick(values.length), 1)
  else {
    const missing = pool.filter((value) => !values.includes(value))
    if (missing.length > 0) values.push(missing[pick(missing.length)]!)
  }
  return [keyNorm, keyOf(spelt, values)]
}

/** Everything a book answers with, in a form two books can be compared by. */
function readingOf(book: PhraseBook, registry: Registry) {
  const words = new Set(book.firstWords())
  for (const key of registry.values()) {
    for (const value of [...(key.values ?? [])])
      for (const word of value.toLowerCase().split(/\W+/)) words.add(word)
  }
  const typos = [...words].flatMap((word) => [word.slice(1), `${word}x`, word.slice(0, -1)])
  const keyNorms = Object.keys(KEYS).map(normalizeFacet)
  return {
    phrases: [...words].sort().map((word) => [word, book.startingWith(word)]),
    near: typos.sort().map((typo) => [typo, book.firstWordsNear(typo)]),
    numeric: [...book.numericKeys.keys()].sort(),
    values: keyNorms.flatMap((keyNorm) =>
      [...words].sort().map((word) => book.valueOf(keyNorm, word) ?? null),
    ),
  }
}

function shuffled<T>(items: T[], pick: (below: number) => number): T[] {
  const copy = [...items]
  for (let index = copy.length - 1; index > 0; index--) {
    const other = pick(index + 1)
    ;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
  }
  return copy
}

describe('a phrase book kept up to date key by key', () => {
  for (const seed of [1, 7, 38, 2026]) {
    it(`reads as a book made at once from the same registry (sequence ${seed})`, () => {
      const pick = randomOf(seed)
      const registry = firstRegistry()
      const book = new PhraseBook([...registry.values()])
      for (let step = 0; step < 120; step++) {
        // Mostly one key a save, sometimes several (a plant with many values, an import's batch).
        const changes = new Map<string, RegistryKey | null>()
        for (let count = pick(4) === 0 ? 1 + pick(4) : 1; count > 0; count--) {
          const [keyNorm, key] = change(registry, pick)
          changes.set(keyNorm, key)
          if (key) registry.set(keyNorm, key)
          else registry.delete(keyNorm)
        }
        book.update(changes)
        if (step % 4 !== 3) continue
        const whole = new PhraseBook(shuffled([...registry.values()], pick))
        assert.deepEqual(readingOf(book, registry), readingOf(whole, registry), `after step ${step}`)
      }
    })
  }

  it('reads a key set again unchanged as it read it, and a key gone as never there', () => {
    const registry = firstRegistry()
    registry.delete(normalizeFacet('Mildew resistance'))
    const book = new PhraseBook([...registry.values()])
    const before = readingOf(book, registry)
    book.update(new Map([...registry].map(([keyNorm, key]) => [keyNorm, { ...key }])))
    assert.deepEqual(readingOf(book, registry), before)
    const diseases = normalizeFacet('Diseases')
    const gone = registry.get(diseases)!
    registry.delete(diseases)
    book.update(new Map([[diseases, null]]))
    assert.deepEqual(readingOf(book, registry), readingOf(new PhraseBook([...registry.values()]), registry))
    // "mildew" was Diseases' ending alone; with Diseases gone and Pests given "Powdery mildew", it is Pests'.
    registry.set(
      normalizeFacet('Pests'),
      keyOf('Pests', [...registry.get(normalizeFacet('Pests'))!.values!, 'Powdery mildew']),
    )
    book.update(new Map([[normalizeFacet('Pests'), registry.get(normalizeFacet('Pests'))!]]))
    const mildew = book.startingWith('mildew').find((phrase) => phrase.words.length === 1)
    assert.deepEqual(mildew?.meaning, {
      kind: 'value',
      key: 'Pests',
      keyNorm: 'pests',
      values: ['Powdery mildew'],
    })
    registry.set(diseases, gone)
    book.update(new Map([[diseases, gone]]))
    // Two keys end in "mildew" now: it says nothing alone.
    assert.equal(
      book.startingWith('mildew').find((phrase) => phrase.words.length === 1),
      undefined,
    )
    assert.deepEqual(readingOf(book, registry), readingOf(new PhraseBook([...registry.values()]), registry))
  })
})
