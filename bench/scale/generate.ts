// A deterministic dataset of made-up plants as many as asked, learned from the real ones (the starter set and
// the OpenFarm names): the scale bench (bench/scale/scale.bench.ts) imports it after the real files to see how
// the cost of each request grows with the data. Same seed and count, same file, byte for byte.
//
// Each made-up line copies the shape of a real line drawn at random (a Plant's from a real Plant, a Variety's
// from a real Variety, so the share of varieties is the real one): which keys it has (so each key appears as
// often as in the real data, together with the keys it goes with), whether it has a description, pests and
// diseases, and how many links. Each value is then drawn from all the real values of its key (so a value is
// as frequent as it is there), except the genus (the line's own) and the family (its genus's, when a real
// plant says it). Values that name one plant only (the URLs of its pages) get a number of their own.
// Names combine real parts: a real genus and a real epithet, a cultivar word and a real common name's last
// word, never a pair (scientific name, name) of a real plant or of an earlier line: the importer would merge
// the two. A variety's parent and a link's target are made-up Plants of earlier lines, so the file imports
// on its own as well as after the real files.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import {
  isHeader,
  pairKey,
  validateDatasetLine,
  type DatasetHeader,
  type DatasetLine,
} from '../../src/transfer/dataset-format.ts'

export const REAL_FILES = ['data/plants.jsonl', 'data/openfarm.jsonl']
export const DEFAULT_SEED = 'hortus-scale-1'

type Value = NonNullable<DatasetLine['data']>[number]
type Link = NonNullable<DatasetLine['links']>[number]

/** sfc32, seeded through a string hash: small, fast, and the same sequence on every machine. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353)
    h = (h << 13) | (h >>> 19)
  }
  const next = () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507)
    h = Math.imul(h ^ (h >>> 13), 3266489909)
    return (h ^= h >>> 16) >>> 0
  }
  let a = next()
  let b = next()
  let c = next()
  let d = next()
  return () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
}

/** What the generator learns from the real lines. */
interface Model {
  header: DatasetHeader
  plants: DatasetLine[]
  varieties: DatasetLine[]
  /** every real value of each key, with its own source, as often as it occurs */
  values: Map<string, Value[]>
  /** keys whose values each name one plant (URLs of its pages) */
  uniqueKeys: Set<string>
  genera: string[]
  epithets: string[]
  familyOf: Map<string, string>
  /** a real common name without its last word ('' for a one-word name), and last words */
  nameStarts: string[]
  nameEnds: string[]
  /** the words a real variety's name puts before its plant's name ("Burgundy", "Clemson Spineless") */
  cultivars: string[]
  descriptions: string[]
  /** every real pair (scientific name, name) */
  realPairs: Set<string>
  realScientificNames: Set<string>
}

const SCIENTIFIC_WORD = /^[a-z][a-z-]{2,}$/
const GENUS = /^[A-Z][a-z]{2,}$/

export function learn(root: string): Model {
  const model: Model = {
    header: { hortus_dataset: 1, license: '', license_url: '', attribution: '', sources: [] },
    plants: [],
    varieties: [],
    values: new Map(),
    uniqueKeys: new Set(),
    genera: [],
    epithets: [],
    familyOf: new Map(),
    nameStarts: [],
    nameEnds: [],
    cultivars: [],
    descriptions: [],
    realPairs: new Set(),
    realScientificNames: new Set(),
  }
  const sources = new Map<string, NonNullable<DatasetHeader['sources']>[number]>()
  for (const file of REAL_FILES) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n')
    for (const text of lines) {
      if (!text.trim()) continue
      const parsed = JSON.parse(text) as unknown
      if (isHeader(parsed)) {
        model.header = parsed
        for (const source of parsed.sources ?? []) if (source.id) sources.set(source.id, source)
        continue
      }
      // A line the importer would reject (a few real ones) teaches nothing: its values or name are not
      // ones a plant can have, and its varieties have no parent.
      if (validateDatasetLine(parsed)) addLine(model, parsed as DatasetLine)
    }
  }
  model.header = { ...model.header, sources: [...sources.values()] }
  for (const [key, values] of model.values) {
    const distinct = new Set(values.map(({ value }) => value)).size
    if (distinct > 0.9 * values.length && values.every(({ value }) => value.startsWith('http')))
      model.uniqueKeys.add(key)
  }
  return model
}

function addLine(model: Model, line: DatasetLine): void {
  model.realPairs.add(pairKey(line.scientific_name, line.name))
  model.realScientificNames.add(line.scientific_name)
  ;(line.type === 'Variety' ? model.varieties : model.plants).push(line)
  const [genus, epithet] = line.scientific_name.split(' ')
  if (genus && GENUS.test(genus)) model.genera.push(genus)
  if (epithet && SCIENTIFIC_WORD.test(epithet)) model.epithets.push(epithet)
  for (const value of line.data ?? []) {
    let values = model.values.get(value.key)
    if (!values) model.values.set(value.key, (values = []))
    values.push(value)
  }
  const family = line.data?.find(({ key }) => key === 'Family')?.value
  if (family && genus) model.familyOf.set(genus, family)
  if (line.description) model.descriptions.push(line.description)
  if (line.name !== line.scientific_name) {
    const words = line.name.split(' ')
    if (line.type === 'Variety' && line.parent && words.length > 1) {
      const parentWords = line.parent.name.toLowerCase().split(' ')
      const own = words.filter((word) => !parentWords.includes(word.toLowerCase()))
      if (own.length > 0 && own.length < words.length) model.cultivars.push(own.join(' '))
    } else if (line.type === 'Plant') {
      model.nameEnds.push(words.at(-1)!.toLowerCase())
      model.nameStarts.push(words.slice(0, -1).join(' '))
    }
  }
}

interface MadePlant {
  scientific_name: string
  name: string
  genus: string
}

/** The dataset's lines (the header first) for `count` made-up plants, one string a line. */
export function* generateLines(model: Model, count: number, seed = DEFAULT_SEED): Generator<string> {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const usedPairs = new Set(model.realPairs)
  const usedScientific = new Set(model.realScientificNames)
  const madePlants: MadePlant[] = []
  const varietyShare = model.varieties.length / (model.varieties.length + model.plants.length)
  let serial = 0

  yield JSON.stringify({
    ...model.header,
    attribution:
      'Made-up plants for measuring Hortus at scale (bench/scale/generate.ts, seed ' +
      `${seed}): names and values recombined from the Hortus starter dataset and the OpenFarm name list. ` +
      model.header.attribution,
  })

  const commonName = (): string => {
    const start = pick(model.nameStarts)
    const name = start ? `${start} ${pick(model.nameEnds)}` : pick(model.nameEnds)
    return name.charAt(0).toUpperCase() + name.slice(1)
  }

  const newScientificName = (): { scientific_name: string; genus: string } => {
    for (let attempt = 0; ; attempt++) {
      const genus = pick(model.genera)
      let name = `${genus} ${pick(model.epithets)}`
      // Past a few tries (a million names from some ten thousand genera and epithets), a subspecies.
      if (attempt >= 3) name += ` subsp. ${pick(model.epithets)}`
      if (!usedScientific.has(name)) {
        usedScientific.add(name)
        return { scientific_name: name, genus }
      }
    }
  }

  const valuesLike = (template: DatasetLine, genus: string): Value[] | undefined => {
    if (!template.data) return undefined
    return template.data.map(({ key }) => {
      const drawn = pick(model.values.get(key)!)
      let value = drawn.value
      if (key === 'Genus') value = genus
      else if (key === 'Family') value = model.familyOf.get(genus) ?? value
      else if (model.uniqueKeys.has(key)) {
        serial++
        value = /\d+(?!.*\d)/.test(value)
          ? value.replace(/\d+(?!.*\d)/, String(serial))
          : `${value}_${serial}`
      }
      return drawn.source === undefined ? { key, value } : { key, value, source: drawn.source }
    })
  }

  const linksLike = (template: DatasetLine, self: MadePlant): Link[] | undefined => {
    if (!template.links || madePlants.length < 2) return undefined
    const targets = new Set<MadePlant>()
    return template.links.flatMap((link) => {
      const target = pick(madePlants)
      if (target === self || targets.has(target)) return []
      targets.add(target)
      const made: Link = {
        type: link.type,
        scientific_name: target.scientific_name,
        name: target.name,
        note: link.note,
      }
      if (link.source !== undefined) made.source = link.source
      return [made]
    })
  }

  for (let index = 0; index < count; index++) {
    const variety = madePlants.length > 0 && random() < varietyShare
    const template = pick(variety ? model.varieties : model.plants)
    let made: MadePlant
    let parent: MadePlant | undefined
    if (variety) {
      parent = pick(madePlants)
      made = newVariety(template, parent)
    } else {
      const { scientific_name, genus } = newScientificName()
      const name = template.name === template.scientific_name ? scientific_name : commonName()
      made = { scientific_name, name, genus }
      usedPairs.add(pairKey(scientific_name, name))
    }
    const line: DatasetLine = { type: template.type, scientific_name: made.scientific_name, name: made.name }
    if (template.description !== undefined) line.description = pick(model.descriptions)
    if (parent) line.parent = { scientific_name: parent.scientific_name, name: parent.name }
    if (template.source !== undefined) line.source = template.source
    const data = valuesLike(template, made.genus)
    if (data) line.data = data
    const links = linksLike(template, made)
    if (links && links.length > 0) line.links = links
    if (template.problems) line.problems = template.problems
    if (!variety) madePlants.push(made)
    yield JSON.stringify(line)
  }

  function newVariety(template: DatasetLine, parent: MadePlant): MadePlant {
    // A cultivar under its plant's own scientific name ("Burgundy okra"), or a botanical variety
    // ("Abies concolor var. lowiana"), as the template is.
    const cultivar = template.scientific_name === template.parent?.scientific_name
    for (let attempt = 0; ; attempt++) {
      let scientific_name: string
      let name: string
      if (cultivar) {
        scientific_name = parent.scientific_name
        const words =
          attempt < 3 ? pick(model.cultivars) : `${pick(model.cultivars)} ${pick(model.cultivars)}`
        name = `${words} ${parent.name.toLowerCase()}`
      } else {
        scientific_name = `${parent.scientific_name} var. ${pick(model.epithets)}`
        name = template.name === template.scientific_name ? scientific_name : commonName()
      }
      const key = pairKey(scientific_name, name)
      if (!usedPairs.has(key) && (cultivar || !usedScientific.has(scientific_name))) {
        usedPairs.add(key)
        usedScientific.add(scientific_name)
        return { scientific_name, name, genus: parent.genus }
      }
    }
  }
}

/** Writes the dataset of `count` made-up plants to `path`. */
export function writeDataset(root: string, path: string, count: number, seed = DEFAULT_SEED): void {
  const model = learn(root)
  const file = openSync(path, 'w')
  try {
    let chunk: string[] = []
    for (const line of generateLines(model, count, seed)) {
      chunk.push(line)
      if (chunk.length === 5000) {
        writeSync(file, chunk.join('\n') + '\n')
        chunk = []
      }
    }
    if (chunk.length > 0) writeSync(file, chunk.join('\n') + '\n')
  } finally {
    closeSync(file)
  }
}

// `node --import tsx bench/scale/generate.ts <count> <file> [seed]`
if (import.meta.filename === process.argv[1]) {
  const [count, path, seed] = process.argv.slice(2)
  if (!count || !path || !/^\d+$/.test(count)) {
    console.error('usage: generate.ts <count> <file> [seed]')
    process.exit(2)
  }
  const started = performance.now()
  writeDataset(join(import.meta.dirname, '..', '..'), path, Number(count), seed)
  console.log(`${count} plants written to ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
