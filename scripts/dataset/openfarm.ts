// The whole OpenFarm name list as a second, optional dataset (data/openfarm.jsonl): one line per
// scientific name, its first common name as the name and the others as alternate names; a `var.` or
// `subsp.` name is a Variety of its species where the species is in the list.
import { openFarmHeader } from './attribution.ts'
import { parseCsv } from './csv.ts'
import { compareStrings, type PlantLine } from './entry.ts'
import { jsonLines } from './jsonl.ts'
import { splitNameList } from './names.ts'
import type { BuildReport } from './report.ts'
import { readSourceText } from './source-files.ts'
import { nameContext, scientificNameProblem, tidyOpenFarmName } from './openfarm-names.ts'
import { INFRASPECIFIC_MARKERS } from './scientific-names.ts'

/** The importer's limits: names up to 300 characters, attribute values up to 2,000. */
const NAME_LIMIT = 300
const VALUE_LIMIT = 2000

interface NameRecord {
  scientificName: string
  commonNames: string[]
}

export function buildOpenFarm(csvPath: string, report: BuildReport): string {
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
  let caseVariants = 0

  for (const { scientificName, commonNames } of named) {
    const problem = scientificNameProblem(scientificName, context)
    if (problem) {
      dropped.set(problem, [...(dropped.get(problem) ?? []), scientificName])
      continue
    }
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

  let truncatedAlternates = 0
  const lines: PlantLine[] = []
  for (const record of records.values()) {
    const [first, ...others] = record.commonNames.filter((name) => name.length <= NAME_LIMIT)
    const name = first ? first.charAt(0).toUpperCase() + first.slice(1) : record.scientificName
    const line: PlantLine = { type: 'Plant', scientific_name: record.scientificName, name }
    const alternates = fitList(
      others.filter((other) => other.toLowerCase() !== name.toLowerCase()),
      VALUE_LIMIT,
    )
    if (alternates.truncated) truncatedAlternates++
    if (alternates.value) line.data = [{ key: 'Alternate name', value: alternates.value }]
    lines.push(line)
  }

  const byScientificName = new Map(lines.map((line) => [line.scientific_name, line]))
  let varieties = 0
  let infraspecificWithoutSpecies = 0
  for (const line of lines) {
    const species = speciesOfInfraspecific(line.scientific_name)
    if (!species) continue
    const parent = byScientificName.get(species)
    if (!parent) {
      infraspecificWithoutSpecies++
      continue
    }
    line.type = 'Variety'
    line.parent = { scientific_name: parent.scientific_name, name: parent.name }
    varieties++
  }

  lines.sort(
    (a, b) =>
      (a.type === b.type ? 0 : a.type === 'Plant' ? -1 : 1) ||
      compareStrings(a.scientific_name, b.scientific_name) ||
      compareStrings(a.name, b.name),
  )
  reportOpenFarm(report, {
    rows: rows.length,
    lines: lines.length,
    varieties,
    infraspecificWithoutSpecies,
    withCommonName: lines.filter((line) => line.name !== line.scientific_name).length,
    caseVariants,
    truncatedAlternates,
    dropped,
  })
  // The importer's field order: type, scientific_name, name, parent, data.
  const ordered = lines.map(({ type, scientific_name, name, parent, data }) => ({
    type,
    scientific_name,
    name,
    parent,
    data,
  }))
  return jsonLines(openFarmHeader(), ordered)
}

/** "Abies concolor var. lowiana" → "Abies concolor"; undefined for a name without a rank below species. */
function speciesOfInfraspecific(name: string): string | undefined {
  const tokens = name.split(' ')
  const markerIndex = tokens.findIndex((token) => INFRASPECIFIC_MARKERS.has(token))
  if (markerIndex < 0) return undefined
  const speciesTokens = tokens.slice(0, markerIndex)
  const isHybrid = speciesTokens.length === 3 && /^[x×X]$/.test(speciesTokens[1] ?? '')
  return speciesTokens.length === 2 || isHybrid ? speciesTokens.join(' ') : undefined
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
  varieties: number
  infraspecificWithoutSpecies: number
  withCommonName: number
  caseVariants: number
  truncatedAlternates: number
  dropped: Map<string, string[]>
}

function reportOpenFarm(report: BuildReport, counts: OpenFarmCounts): void {
  const droppedRows = [...counts.dropped.values()].reduce((sum, names) => sum + names.length, 0)
  report.counts.push(
    `OpenFarm name list (data/openfarm.jsonl): ${counts.rows} rows → ${counts.lines} names (${counts.lines - counts.varieties} Plant, ${counts.varieties} Variety); ${counts.withCommonName} with a common name; ${droppedRows} rows dropped`,
  )
  report.openfarm.push(
    `One line per distinct scientific name; the rows of a name are merged: its first common name is the name (first letter capitalised), the others are the \`Alternate name\` attribute. A name without a common name uses the scientific name as its name.`,
    `Infraspecific names (var., subsp., ssp., f., cv., …) whose species is in the list: ${counts.varieties}, written as Variety with the species as parent. Those whose species is not in the list: ${counts.infraspecificWithoutSpecies}, written as Plant.`,
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
