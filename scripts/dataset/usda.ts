// USDA PLANTS characteristics, from two scrapes of plants.usda.gov that overlap: one object per taxon
// (samanthatovah: 1,438 taxa, glued HTML values such as "ShrubTree") and a long table from the PLANTS
// API (tynardone: 657 taxa, with named cultivars, native status and the taxonomy). Where both describe
// a taxon the values are compared; the build reports any difference.
import { join } from 'node:path'
import { parseCsv } from './csv.ts'
import { compareStrings } from './compare-strings.ts'
import type { BuildReport } from './report.ts'
import { readSourceText } from './source-files.ts'
import { withoutAuthors, withoutMarkup } from './usda-names.ts'

export type Traits = ReadonlyMap<string, string>

export interface UsdaCultivar {
  name: string
  traits: Traits
}

export interface UsdaTaxon {
  symbol: string
  /** Without authors: "Juglans nigra". */
  scientificName: string
  commonName: string
  /** The taxon's own characteristics; undefined when the sources describe only its cultivars. */
  traits?: Traits
  /** Annual, Biennial, Perennial. */
  durations: string[]
  /** Forb/herb, Graminoid, Shrub, Subshrub, Tree, Vine. */
  habits: string[]
  family?: string
  /** Region codes where USDA gives the status N (native). */
  nativeRegions: string[]
  /** Scientific names USDA lists as synonyms of this taxon, without authors. */
  synonyms: string[]
  cultivars: UsdaCultivar[]
}

const SAMANTHA = join('usda-plants', 'samanthatovah')
const TYNARDONE = join('usda-plants', 'tynardone')

const DURATIONS = /Annual|Biennial|Perennial/g
/** "Subshrub" before "Shrub", so that "ShrubSubshrub" reads as two habits. */
const HABITS = /Forb\/herb|Graminoid|Subshrub|Shrub|Tree|Vine|Lichenous|Nonvascular/g

interface SamanthaRecord {
  symbol: string
  common_name: string
  traits: Record<string, string>
  general_information: Record<string, string>
  classification: Record<string, string>
}

/**
 * `familyNames` are the family names the vocabulary knows: the API table gives a family only as a
 * six-letter symbol ("SALICA") and its common name ("Willow family"), so a family that no taxon of the
 * other scrape names is recognised by its symbol, the first six letters of its name.
 */
export function readUsda(sourceDir: string, familyNames: string[], report: BuildReport): UsdaTaxon[] {
  const names = readNames(sourceDir)
  const taxa = new Map<string, UsdaTaxon>()
  const familyByCommonName = new Map<string, string>()

  const samantha = JSON.parse(
    readSourceText(join(sourceDir, SAMANTHA, 'characteristics.json')),
  ) as SamanthaRecord[]
  for (const record of samantha) {
    const family = /^([A-Z][a-z]+)(?:.*?)- (.*?)P?$/.exec(record.classification.Family ?? '')
    if (family?.[1] && family[2]) familyByCommonName.set(family[2].toLowerCase(), family[1])
    const accepted = names.accepted.get(record.symbol)
    if (!accepted) throw new Error(`USDA ${record.symbol}: no accepted name in names.csv`)
    taxa.set(record.symbol, {
      symbol: record.symbol,
      scientificName: accepted,
      commonName: record.common_name.trim(),
      traits: new Map(Object.entries(record.traits)),
      durations: record.general_information.Duration?.match(DURATIONS) ?? [],
      habits: record.general_information['Growth Habits']?.match(HABITS) ?? [],
      family: family?.[1],
      nativeRegions: [],
      synonyms: names.synonyms.get(record.symbol) ?? [],
      cultivars: [],
    })
  }

  const bySymbol = new Map<string, string[]>()
  for (const name of new Set([...familyByCommonName.values(), ...familyNames])) {
    const symbol = name.slice(0, 6).toUpperCase()
    bySymbol.set(symbol, [...new Set([...(bySymbol.get(symbol) ?? []), name])])
  }
  const familyOf = (symbol: string, commonName: string): string | undefined => {
    const candidates = bySymbol.get(symbol) ?? []
    return (
      familyByCommonName.get(commonName.toLowerCase()) ??
      (candidates.length === 1 ? candidates[0] : undefined)
    )
  }
  const tynardone = readTynardone(sourceDir, familyOf)
  let both = 0
  for (const taxon of tynardone) {
    const known = taxa.get(taxon.symbol)
    if (!known) {
      taxa.set(taxon.symbol, {
        ...taxon,
        synonyms: [...(names.synonyms.get(taxon.symbol) ?? []), ...taxon.synonyms],
      })
      continue
    }
    both++
    if (known.traits && taxon.traits) compareTraits(known, taxon.traits, report)
    known.traits ??= taxon.traits
    known.cultivars = taxon.cultivars
    known.nativeRegions = taxon.nativeRegions
    known.family ??= taxon.family
    for (const synonym of taxon.synonyms) if (!known.synonyms.includes(synonym)) known.synonyms.push(synonym)
  }

  const all = [...taxa.values()].sort((a, b) => compareStrings(a.symbol, b.symbol))
  const cultivars = all.reduce((sum, taxon) => sum + taxon.cultivars.length, 0)
  report.counts.push(
    `USDA PLANTS taxa with characteristics: ${all.length} (${samantha.length} in the samanthatovah scrape, ${tynardone.length} in the tynardone API table, ${both} in both), with ${cultivars} named cultivars`,
  )
  return all
}

interface Names {
  /** Accepted symbol → accepted scientific name, without authors. */
  accepted: Map<string, string>
  /** Accepted symbol → the scientific names of its synonym rows. */
  synonyms: Map<string, string[]>
}

function readNames(sourceDir: string): Names {
  const [header, ...rows] = parseCsv(readSourceText(join(sourceDir, SAMANTHA, 'names.csv')))
  expectColumns(header, ['AcceptedSymbol', 'SynonymSymbol', 'ScientificName', 'CommonName'], 'names.csv')
  const accepted = new Map<string, string>()
  const synonyms = new Map<string, string[]>()
  for (const [symbol = '', synonymSymbol = '', scientificName = ''] of rows) {
    const name = withoutAuthors(scientificName)
    if (!synonymSymbol) accepted.set(symbol, name)
    else synonyms.set(symbol, [...(synonyms.get(symbol) ?? []), name])
  }
  return { accepted, synonyms }
}

function readTynardone(
  sourceDir: string,
  familyOf: (symbol: string, commonName: string) => string | undefined,
): UsdaTaxon[] {
  const table = (file: string): Record<string, string>[] => {
    const [header = [], ...rows] = parseCsv(readSourceText(join(sourceDir, TYNARDONE, file)))
    return rows.map((row) => Object.fromEntries(header.map((column, index) => [column, row[index] ?? ''])))
  }
  const own = new Map<string, Map<string, string>>()
  const cultivars = new Map<string, Map<string, Map<string, string>>>()
  const synonyms = new Map<string, Set<string>>()
  for (const row of table('characteristics.csv')) {
    const id = row.PlantID ?? ''
    const name = row.PlantCharacteristicName ?? ''
    const value = row.PlantCharacteristicValue ?? ''
    if (row.SynonymName)
      synonyms.set(id, (synonyms.get(id) ?? new Set()).add(withoutAuthors(withoutMarkup(row.SynonymName))))
    if (row.CultivarName) {
      const byCultivar = cultivars.get(id) ?? new Map<string, Map<string, string>>()
      cultivars.set(id, byCultivar)
      const traits = byCultivar.get(row.CultivarName) ?? new Map<string, string>()
      byCultivar.set(row.CultivarName, traits.set(name, value))
    } else {
      own.set(id, (own.get(id) ?? new Map<string, string>()).set(name, value))
    }
  }
  const families = new Map<string, string>()
  for (const row of table('ancestors.csv')) {
    if (row.Rank !== 'Family') continue
    const family = familyOf(row.Symbol ?? '', row.CommonName ?? '')
    if (family) families.set(row.PlantID ?? '', family)
  }
  const native = new Map<string, string[]>()
  for (const row of table('native_status.csv')) {
    if (row.Status !== 'N') continue
    const id = row.PlantID ?? ''
    native.set(id, [...(native.get(id) ?? []), row.Region ?? ''])
  }
  const taxa: UsdaTaxon[] = []
  for (const plant of table('plants.csv')) {
    const id = plant.Id ?? ''
    if (!own.has(id) && !cultivars.has(id)) continue
    taxa.push({
      symbol: plant.Symbol ?? '',
      scientificName: withoutAuthors(plant.ScientificName ?? ''),
      commonName: (plant.CommonName ?? '').trim(),
      traits: own.get(id),
      durations: pythonList(plant.Durations ?? ''),
      habits: pythonList(plant.GrowthHabits ?? ''),
      family: families.get(id),
      nativeRegions: native.get(id) ?? [],
      synonyms: [...(synonyms.get(id) ?? [])].sort(compareStrings),
      cultivars: [...(cultivars.get(id) ?? [])]
        .map(([name, traits]) => ({ name, traits }))
        .sort((a, b) => compareStrings(a.name, b.name)),
    })
  }
  return taxa
}

/** "['Annual', 'Perennial']" → ["Annual", "Perennial"]. */
function pythonList(text: string): string[] {
  return [...text.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '').filter(Boolean)
}

function compareTraits(taxon: UsdaTaxon, other: Traits, report: BuildReport): void {
  for (const [name, value] of taxon.traits ?? []) {
    const otherValue = other.get(name)
    if (otherValue !== undefined && otherValue !== value)
      report.disagreements.push(
        `${taxon.scientificName} (${taxon.symbol}) ${name}: "${value}" (samanthatovah) against "${otherValue}" (tynardone); the first is used.`,
      )
  }
}

function expectColumns(header: string[] | undefined, expected: string[], file: string): void {
  if ((header ?? []).slice(0, expected.length).join('|') !== expected.join('|'))
    throw new Error(`${file}: unexpected header ${JSON.stringify(header)}`)
}
