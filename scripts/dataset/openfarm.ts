// The whole OpenFarm name list as a second, optional dataset (data/openfarm.jsonl): one line per
// scientific name, its first common name as the name and the others as alternate names; a `var.` or
// `subsp.` name is a Variety of its species where the species is in the list (openfarm-varieties.ts). The
// file is imported over the starter dataset, so every line must pass the importer there: a common name
// keeps no control character (openfarm-names.ts) and no Variety is a parent. A name that is a known
// synonym is written as its accepted name, and a species that is a plant of the starter dataset takes
// that plant's scientific name and name, so that importing the list over the starter data merges into
// the starter plants instead of adding a second tomato.
import { openFarmHeader } from './attribution.ts'
import { parseCsv } from './csv.ts'
import { compareStrings } from './compare-strings.ts'
import type { PlantLine } from './entry.ts'
import { jsonLines } from './jsonl.ts'
import { splitNameList } from './names.ts'
import type { BuildReport } from './report.ts'
import { readSourceText } from './source-files.ts'
import {
  nameContext,
  scientificNameProblem,
  showControlCharacters,
  tidyOpenFarmName,
  withoutControlCharacters,
} from './openfarm-names.ts'
import { assignVarieties, type VarietyCounts } from './openfarm-varieties.ts'
import { genusOfSpecies } from './scientific-names.ts'
import type { Synonyms } from './synonyms.ts'
import { scientificNameKey } from './usda-names.ts'

/** The importer's limits: names up to 300 characters, attribute values up to 2,000. */
const NAME_LIMIT = 300
const VALUE_LIMIT = 2000

interface NameRecord {
  scientificName: string
  commonNames: string[]
  /** The name of the starter plant this record is, which the line takes. */
  starterName?: string
}

/** Where the starter dataset already has a species, and the synonyms the build knows. */
export interface StarterIdentities {
  /** By scientific-name key: the one starter plant of that species (none where several share it). */
  bySpecies: Map<string, { scientificName: string; name: string }>
  /** Each Variety of the starter dataset, by identity (entry.ts), and its parent Plant. */
  varietyParents: Map<string, { scientificName: string; name: string }>
  synonyms: Synonyms
}

export function buildOpenFarm(csvPath: string, starter: StarterIdentities, report: BuildReport): string {
  const rows = parseCsv(readSourceText(csvPath))
  // A cell with two names on two lines ("Trapa natans\nTrapa bicornis") is two names.
  const named = rows.flatMap(([rawScientific = '', rawNames = '']) =>
    rawScientific
      .split('\n')
      .map((part) => ({ scientificName: tidyOpenFarmName(part), commonNames: splitNameList(rawNames) })),
  )
  const context = nameContext(named)
  const records = new Map<string, NameRecord>()
  const dropped = new Map<string, string[]>()
  const controls: ControlCounts = { repaired: new Set(), lost: new Set() }
  let caseVariants = 0

  for (const { scientificName, commonNames: rawNames } of named) {
    const problem = scientificNameProblem(scientificName, context)
    if (problem) {
      dropped.set(problem, [...(dropped.get(problem) ?? []), scientificName])
      continue
    }
    const commonNames = withoutControls(rawNames, controls)
    // "Abelia X grandiflora" and "Abelia x grandiflora" are one name: the first spelling is kept.
    const key = scientificName.toLowerCase()
    const record = records.get(key) ?? { scientificName, commonNames: [] }
    if (!records.has(key)) records.set(key, record)
    else if (record.scientificName !== scientificName) caseVariants++
    for (const name of commonNames) {
      if (!record.commonNames.some((known) => known.toLowerCase() === name.toLowerCase()))
        record.commonNames.push(name)
    }
  }

  const resolved = resolveIdentities(records, starter)
  let truncatedAlternates = 0
  const lines: PlantLine[] = []
  for (const record of resolved.records.values()) {
    const [first, ...others] = record.commonNames.filter((name) => name.length <= NAME_LIMIT)
    const name =
      record.starterName ?? (first ? first.charAt(0).toUpperCase() + first.slice(1) : record.scientificName)
    if (record.starterName && first) others.unshift(first)
    const line: PlantLine = {
      type: 'Plant',
      scientific_name: record.scientificName,
      name,
      source: 'openfarm',
    }
    const alternates = fitList(
      others.filter((other) => other.toLowerCase() !== name.toLowerCase()),
      VALUE_LIMIT,
    )
    if (alternates.truncated) truncatedAlternates++
    if (alternates.value) line.data = [{ key: 'Alternate name', value: alternates.value }]
    lines.push(line)
  }

  const varieties = assignVarieties(lines, resolved.scientificNameOf, starter.varietyParents)

  lines.sort(
    (a, b) =>
      (a.type === b.type ? 0 : a.type === 'Plant' ? -1 : 1) ||
      compareStrings(a.scientific_name, b.scientific_name) ||
      compareStrings(a.name, b.name),
  )
  report.openfarm.push(
    `Synonyms (see Mapping decisions) written as their accepted name: ${resolved.synonyms} names. Species that are a plant of the starter dataset (the only one of that scientific name there, after synonyms) take its scientific name and name, and OpenFarm's names become alternate names: ${resolved.aligned} names, ${resolved.renamed} of them with another name than the starter plant's (OpenFarm's "Cascade fir" is the starter's "Pacific silver fir"). Importing data/openfarm.jsonl over the starter data so adds names to those plants instead of adding them a second time. Names merged into another by this: ${resolved.merged}.`,
  )
  reportGenusLeftOut(lines, report)
  reportControlCharacters(controls, report)
  reportOpenFarm(report, {
    rows: rows.length,
    lines: lines.length,
    varieties,
    withCommonName: lines.filter((line) => line.name !== line.scientific_name).length,
    caseVariants,
    truncatedAlternates,
    dropped,
  })
  // The importer's field order: type, scientific_name, name, parent, source, data. Every value is
  // OpenFarm's, so the line names it once.
  const ordered = lines.map(({ type, scientific_name, name, parent, source, data }) => ({
    type,
    scientific_name,
    name,
    parent,
    source,
    data,
  }))
  return jsonLines(openFarmHeader(), ordered)
}

interface Resolved {
  records: Map<string, NameRecord>
  /** The scientific name a name of the list is written as. */
  scientificNameOf: (scientificName: string) => string
  synonyms: number
  aligned: number
  renamed: number
  merged: number
}

/** Synonyms to accepted names, starter species to the starter plant's identity; records that meet are merged. */
function resolveIdentities(records: Map<string, NameRecord>, starter: StarterIdentities): Resolved {
  const counts = { synonyms: 0, aligned: 0, renamed: 0, merged: 0 }
  const identityOf = (scientificName: string): { scientificName: string; name?: string } => {
    const accepted = starter.synonyms.acceptedName(scientificName)
    const plant = starter.bySpecies.get(scientificNameKey(accepted ?? scientificName))
    return plant ?? { scientificName: accepted ?? scientificName }
  }
  const out = new Map<string, NameRecord>()
  for (const record of records.values()) {
    const identity = identityOf(record.scientificName)
    if (starter.synonyms.acceptedName(record.scientificName)) counts.synonyms++
    if (identity.name) {
      counts.aligned++
      const first = record.commonNames[0]
      if (!first || first.toLowerCase() !== identity.name.toLowerCase()) counts.renamed++
    }
    const key = identity.scientificName.toLowerCase()
    const known = out.get(key)
    const names = record.commonNames.filter((name) => name.toLowerCase() !== identity.name?.toLowerCase())
    if (!known) {
      out.set(key, {
        scientificName: identity.scientificName,
        commonNames: names,
        starterName: identity.name,
      })
      continue
    }
    counts.merged++
    for (const name of names)
      if (!known.commonNames.some((other) => other.toLowerCase() === name.toLowerCase()))
        known.commonNames.push(name)
  }
  return { records: out, scientificNameOf: (name) => identityOf(name).scientificName, ...counts }
}

/**
 * The starter dataset writes Genus; this list does not, and the report says what writing it would cost,
 * counted on the lines themselves: the list stays one of names (a client reads the genus from
 * scientific_name), and the 92k import, with its time target, would carry one more attribute a line.
 */
function reportGenusLeftOut(lines: PlantLine[], report: BuildReport): void {
  let count = 0
  let bytes = 0
  for (const line of lines) {
    const genus = genusOfSpecies(line.scientific_name)
    if (!genus) continue
    count++
    const attribute = JSON.stringify({ key: 'Genus', value: genus })
    bytes += line.data ? attribute.length + 1 : `,"data":[${attribute}]`.length
  }
  report.openfarm.push(
    `Attributes: Alternate name only. Genus, which the starter dataset writes, is not written here: the file is a list of names, a client reads the genus from scientific_name, and ${count} lines would each carry one more attribute (${(bytes / 1e6).toFixed(1)} MB more) through the import of the 92k set. Importing the list over the starter data leaves the starter plants\u2019 Genus as it is.`,
  )
}

/** The common names of the rows kept that had a control character (openfarm-names.ts). */
interface ControlCounts {
  /** Names whose control characters were punctuation or spaces, as written. */
  repaired: Set<string>
  /** Names left out: a control character stood for a letter; shown with its code point. */
  lost: Set<string>
}

/** A row's common names, as far as they keep no control character. */
function withoutControls(rawNames: string[], controls: ControlCounts): string[] {
  const names: string[] = []
  for (const raw of rawNames) {
    const name = withoutControlCharacters(raw)
    if (name === undefined) controls.lost.add(showControlCharacters(raw))
    else if (name !== raw) controls.repaired.add(name)
    if (name !== undefined) names.push(name)
  }
  return names
}

function reportControlCharacters(controls: ControlCounts, report: BuildReport): void {
  const quoted = (names: Set<string>) => [...names].map((name) => `“${name}”`).join(', ')
  report.openfarm.push(
    `Common names with a control character: ${controls.repaired.size + controls.lost.size}. A control character is never part of a plant name (the importer refuses a name or value holding one); OpenFarm's are Windows-1252 text read as Latin-1 (U+0092 is the apostrophe of “Bailey\u2019s wattle”). The apostrophe, quotation marks and dashes (U+0091 to U+0094, U+0096, U+0097) are written as the list writes punctuation, ' " and -: ${controls.repaired.size} names, ${quoted(controls.repaired)}. Any other stood for a letter that cannot be told from it (U+008A in “Cassie [U+008A] Piquants Blancs” is the à of the French name, where Windows-1252 reads Š), so the name is left out: ${controls.lost.size}, listed under Dropped.`,
  )
  if (controls.lost.size > 0)
    report.dropped.push(
      `OpenFarm common names, a control character standing for a letter that cannot be told (${controls.lost.size} names): ${quoted(controls.lost)}.`,
    )
}

/** Joins names with ", " up to the limit, leaving out whole names past it. */
function fitList(names: string[], limit: number): { value: string; truncated: boolean } {
  let value = ''
  for (const [index, name] of names.entries()) {
    const next = value ? `${value}, ${name}` : name
    if (next.length > limit) return { value, truncated: index < names.length }
    value = next
  }
  return { value, truncated: false }
}

interface OpenFarmCounts {
  rows: number
  lines: number
  varieties: VarietyCounts
  withCommonName: number
  caseVariants: number
  truncatedAlternates: number
  dropped: Map<string, string[]>
}

function reportOpenFarm(report: BuildReport, counts: OpenFarmCounts): void {
  const droppedRows = [...counts.dropped.values()].reduce((sum, names) => sum + names.length, 0)
  const byParent = [...counts.varieties.movedToParent].sort(([a], [b]) => compareStrings(a, b))
  const moved = `${byParent.reduce((sum, [, count]) => sum + count, 0)} names, ${byParent.map(([parent, count]) => `${count} of ${parent}`).join(', ')}`
  report.counts.push(
    `OpenFarm name list (data/openfarm.jsonl): ${counts.rows} rows → ${counts.lines} names (${counts.lines - counts.varieties.varieties} Plant, ${counts.varieties.varieties} Variety); ${counts.withCommonName} with a common name; ${droppedRows} rows dropped`,
  )
  report.openfarm.push(
    `One line per distinct scientific name; the rows of a name are merged: its first common name is the name (first letter capitalised), the others are the \`Alternate name\` attribute. A name without a common name uses the scientific name as its name.`,
    `Infraspecific names (var., subsp., ssp., f., cv., …) whose species is in the list: ${counts.varieties.varieties}, written as Variety with the species as parent. Those whose species is not in the list: ${counts.varieties.withoutSpecies}, written as Plant.`,
    `A Variety cannot be a parent (the importer refuses the line), and some species of the list are Varieties of the starter dataset (Wild mint, Mentha arvensis, is a Variety of Mint): their infraspecific names are Varieties of that Variety's own parent Plant instead (Mentha arvensis var. piperascens of Mint): ${moved}. Those whose starter Variety's parent is not a Plant of the list: ${counts.varieties.withoutStarterParent}, written as Plant.`,
    `Scientific names that differ only in case, merged into the first spelling: ${counts.caseVariants}.`,
    `Names whose alternate names exceed the importer's 2,000-character attribute limit, cut at a whole name: ${counts.truncatedAlternates}.`,
  )
  for (const [reason, names] of [...counts.dropped].sort(([a], [b]) => compareStrings(a, b))) {
    // Control characters and line breaks of damaged rows are not shown in the report.
    const printable = (name: string): string =>
      [...name]
        .filter(
          (char) => char.charCodeAt(0) >= 0x20 && (char.charCodeAt(0) < 0x7f || char.charCodeAt(0) > 0x9f),
        )
        .join('')
        .replace(/\s+/g, ' ')
    const shown = [...new Set(names.map(printable))].sort(compareStrings).map((name) => `“${name}”`)
    report.dropped.push(`OpenFarm, ${reason} (${names.length} rows): ${shown.join(', ')}.`)
  }
}
