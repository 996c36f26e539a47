// What the three open sources of issue 40 give the shipped dataset: recorded uses (Kew's World Checklist
// of Useful Plant Species), synonyms (the USDA PLANTS checklist) and crop needs (Open Garden Planner).
// Run: npm run -s test:sqlite -- test/dataset/uses-synonyms-needs.test.ts
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { DATA_DIR, SOURCE_DIR } from '../../scripts/dataset/build.ts'
import { MOST_GROWN } from '../../scripts/dataset/cropgraph-merge.ts'
import { speciesOf } from '../../scripts/dataset/scientific-names.ts'
import { datasetBinomials } from '../../scripts/dataset/vendor-open-sources.ts'
import { readSourceText } from '../../scripts/dataset/source-files.ts'
import { parseCsv } from '../../scripts/dataset/csv.ts'

interface Line {
  type: 'Plant' | 'Variety'
  scientific_name: string
  name: string
  source?: string
  data?: { key: string; value: string; source?: string }[]
}

const text = readFileSync(join(DATA_DIR, 'plants.jsonl'), 'utf8')
const [headerLine = '{}', ...rest] = text.trimEnd().split('\n')
const header = JSON.parse(headerLine) as { attribution: string; sources: { id: string; name: string }[] }
const lines = rest.map((line) => JSON.parse(line) as Line)
const value = (line: Line, key: string): string | undefined => line.data?.find((a) => a.key === key)?.value
const source = (line: Line, key: string): string | undefined => {
  const found = line.data?.find((a) => a.key === key)
  return found && (found.source ?? line.source)
}
const only = (name: string): Line => {
  const found = lines.filter((line) => line.name === name)
  assert.equal(found.length, 1, `expected one "${name}"`)
  return found[0] as Line
}
const speciesWith = (key: string): Set<string> =>
  new Set(lines.filter((line) => value(line, key)).map((line) => speciesOf(line.scientific_name) ?? ''))

describe('recorded uses (World Checklist of Useful Plant Species)', () => {
  test('at least 1,400 species of the starter carry their uses, each value named as Kew’s', () => {
    const species = speciesWith('Recorded uses')
    assert.ok(species.size >= 1400, `${species.size} species with recorded uses`)
    for (const line of lines) {
      const uses = value(line, 'Recorded uses')
      if (!uses) continue
      assert.equal(source(line, 'Recorded uses'), 'kew-useful-plants', line.name)
      // The vocabulary's keys say the same as the list, and no more.
      const medicinal = value(line, 'Medicinal')
      assert.equal(
        medicinal !== undefined,
        /\bmedicine\b/i.test(uses),
        `${line.name}: ${uses} / ${medicinal}`,
      )
      if (medicinal) assert.equal(medicinal, 'Medicinal use recorded')
      if (/\bpoison\b/i.test(uses)) assert.match(value(line, 'Warning') ?? '', /Toxic/, line.name)
      if (/^food\b/i.test(uses)) assert.equal(value(line, 'Edible'), 'true', line.name)
    }
  })

  test('a flag is words a gardener reads, in the order food, medicine, …, poison', () => {
    assert.equal(
      value(only('Tomato'), 'Recorded uses'),
      'Food, medicine, animal fodder, bee and insect food, materials (fibre/wood/dye), hedging and soil care, ritual and social use, gene source for crops, poison',
    )
    // USDA's graded toxicity stays where USDA gave one.
    const graded = lines.find(
      (line) => /Toxic, \w+ toxicity/.test(value(line, 'Warning') ?? '') && value(line, 'Recorded uses'),
    )
    assert.equal(source(graded as Line, 'Warning'), 'usda-plants')
  })

  test('Kew is credited in the header and ATTRIBUTION.md', () => {
    assert.ok(header.sources.some((s) => s.id === 'kew-useful-plants' && /Kew/.test(s.name)))
    assert.match(header.attribution, /World Checklist of Useful Plant Species/)
    assert.match(
      readFileSync(join(DATA_DIR, 'ATTRIBUTION.md'), 'utf8'),
      /World Checklist of Useful Plant Species/,
    )
  })
})

describe('synonyms (the USDA PLANTS checklist)', () => {
  test('at least 1,250 species carry synonyms, written as binomials, none a plant of the dataset', () => {
    const species = speciesWith('Synonyms')
    assert.ok(species.size >= 1250, `${species.size} species with synonyms`)
    const own = new Set(lines.map((line) => speciesOf(line.scientific_name)))
    for (const line of lines) {
      const synonyms = value(line, 'Synonyms')
      if (!synonyms) continue
      assert.equal(source(line, 'Synonyms'), 'usda-plants', line.name)
      for (const name of synonyms.split(', ')) {
        assert.match(name, /^[A-Z][A-Za-z-]+ (× )?[a-z-]+$/, `${line.name}: "${name}"`)
        assert.notEqual(speciesOf(name), speciesOf(line.scientific_name), `${line.name} lists itself`)
        // A synonym that is the own name of another entry would find that entry's twin.
        assert.ok(!own.has(speciesOf(name)), `${line.name}: ${name} is the name of another entry`)
      }
    }
  })

  test('the tomato answers to Lycopersicon esculentum; parsley, named by a synonym, to its accepted name first', () => {
    assert.match(value(only('Tomato'), 'Synonyms') ?? '', /(^|, )Lycopersicon esculentum(,|$)/)
    assert.equal(only('Parsley').scientific_name, 'Petroselinum hortense')
    assert.match(value(only('Parsley'), 'Synonyms') ?? '', /^Petroselinum crispum, /)
    // Cultivars carry none: their species does.
    assert.equal(value(only('Brandywine tomato'), 'Synonyms'), undefined)
  })
})

describe('crop needs (Open Garden Planner)', () => {
  test('of the 40 most-grown crops, at least 32 carry a water requirement and a soil pH of their own', () => {
    const crops = MOST_GROWN.map(({ name }) => only(name))
    const both = crops.filter((line) => value(line, 'Water requirement') && value(line, 'Soil pH'))
    assert.ok(
      both.length >= 32,
      `${both.length} of 40: missing ${crops
        .filter((c) => !both.includes(c))
        .map((c) => c.name)
        .join(', ')}`,
    )
  })

  test("the tomato's needs, in the vocabulary's keys and units", () => {
    const tomato = only('Tomato')
    assert.equal(value(tomato, 'Water requirement'), 'Moist')
    assert.equal(value(tomato, 'Soil pH'), '6.0-6.8')
    assert.equal(value(tomato, 'Frost tolerance'), 'Tender')
    assert.equal(value(tomato, 'Nitrogen Usage'), 'High')
    assert.equal(value(tomato, 'Seed planting depth'), '0.6')
    assert.equal(value(tomato, 'Germination time'), '5-10')
    for (const key of ['Water requirement', 'Soil pH', 'Frost tolerance', 'Seed planting depth'])
      assert.equal(source(tomato, key), 'open-garden-planner', key)
    // An annual's zone range is where it is grown, not a hardiness: none is taken for the tomato.
    assert.notEqual(source(tomato, 'USDA Hardiness zone'), 'open-garden-planner')
    assert.equal(value(only('Pea'), 'Nitrogen Usage'), 'Nitrogen fixer')
  })

  test('a record whose common name is another plant than its scientific name joins none, and is listed', () => {
    assert.equal(value(only('Rapeseed'), 'Frost tolerance'), undefined)
    assert.notEqual(source(only('Rapeseed'), 'Soil pH'), 'open-garden-planner')
    const report = readFileSync(join(DATA_DIR, 'build-report.md'), 'utf8')
    assert.match(
      report,
      /not joined \(no entry of that species with that name\): .*Kohlrabi \(Brassica napus\)/,
    )
  })
})

test('the vendored Kew file holds only rows of the dataset’s species and their checklist names', () => {
  const rows = parseCsv(
    readSourceText(join(SOURCE_DIR, 'useful-plants', 'utilised_plants_species_list.csv'), 'latin1'),
  )
  assert.ok(rows.length > 1000 && rows.length < 5000, `${rows.length} rows`)
  const checklist = readSourceText(join(SOURCE_DIR, 'usda-plants', 'checklist', 'plantlst.txt'))
  const dataset = datasetBinomials(text)
  const hits = rows.slice(1).filter((row) => dataset.has(speciesOf(row[1] ?? '') ?? '')).length
  assert.ok(hits >= 1400, `${hits} rows of the dataset's own binomials`)
  assert.ok(checklist.length < 2_000_000, `the checklist is filtered (${checklist.length} characters)`)
})
