// Growstuff's crop list: several seed files that repeat some crops (a later file adds a parent crop or
// alternate names to a crop an earlier file listed), plus a file of alternate names by crop name.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseCsv } from './csv.ts'
import { readSourceText } from './source-files.ts'
import { nameForms, nameKey, preferSingular, samePlantName, splitNameList } from './names.ts'
import type { BuildReport } from './report.ts'

export interface GrowstuffCrop {
  name: string
  wikipedia?: string
  parentName?: string
  /** The first scientific name the source gives, as written (tidied later). */
  scientificName?: string
  alternateNames: string[]
}

export interface GrowstuffData {
  crops: GrowstuffCrop[]
  /** Rows of the alternate-names file, by crop name; crops absent from the seed files are kept too. */
  alternateNamesByCrop: Map<string, string[]>
}

/**
 * Growstuff lists the same crop twice under two names: "habanero" (crops-00) and "habanero pepper"
 * (crops-10) share the species and the Wikipedia article. The first becomes an alternate name.
 */
const DUPLICATE_CROPS: ReadonlyMap<string, string> = new Map([['habanero', 'habanero pepper']])

export function readGrowstuff(dir: string, report: BuildReport): GrowstuffData {
  const files = readdirSync(dir)
    .filter((file) => /^crops-.*\.csv(\.gz)?$/.test(file))
    .map((file) => file.replace(/\.gz$/, ''))
    .sort()
  const crops: GrowstuffCrop[] = []
  let rowCount = 0

  for (const file of files) {
    for (const row of parseCsv(readSourceText(join(dir, file)))) {
      const [rawName = '', wikipedia = '', parentName = '', scientificNames = '', alternates = ''] = row
      const sourceName = rawName.trim().replace(/\s+/g, ' ')
      if (!sourceName) continue
      rowCount++
      const duplicateOf = DUPLICATE_CROPS.get(nameKey(sourceName))
      const name = duplicateOf ?? sourceName
      const incoming: GrowstuffCrop = {
        name,
        wikipedia: wikipedia.trim() || undefined,
        parentName: parentName.trim() || undefined,
        scientificName: firstScientificName(scientificNames),
        alternateNames: splitNameList(alternates.replace(/\n/g, ',')),
      }
      if (duplicateOf) {
        incoming.alternateNames.unshift(sourceName)
        report.merges.push(
          `Growstuff "${sourceName}" and "${duplicateOf}" are one crop (same species, same Wikipedia article): merged as "${duplicateOf}", "${sourceName}" kept as an alternate name.`,
        )
      }
      const existing = crops.find((crop) => samePlantName(crop.name, name))
      if (existing) mergeRepeatedCrop(existing, incoming, report)
      else crops.push(incoming)
    }
  }
  report.counts.push(
    `Growstuff seed rows read: ${rowCount} (${files.length} files), distinct crops: ${crops.length}`,
  )

  const alternateNamesByCrop = new Map<string, string[]>()
  const alternatesPath = join(dir, 'alternate_names_201410.csv')
  for (const [, cropName = '', alternates = ''] of parseCsv(readSourceText(alternatesPath))) {
    if (cropName.trim()) alternateNamesByCrop.set(cropName.trim(), splitNameList(alternates))
  }
  return { crops, alternateNamesByCrop }
}

/** "Brassica napobrassica, Brassica napus var. napobrassica" → the first; newlines inside quotes too. */
function firstScientificName(field: string): string | undefined {
  const first = field.split(/[,\n]/)[0]?.trim()
  return first || undefined
}

/** A later seed file completes a crop an earlier one listed: its non-empty fields win. */
function mergeRepeatedCrop(existing: GrowstuffCrop, incoming: GrowstuffCrop, report: BuildReport): void {
  if (nameKey(existing.name) !== nameKey(incoming.name)) {
    const kept = preferSingular(existing.name, incoming.name)
    report.merges.push(
      `Growstuff "${existing.name}" and "${incoming.name}" (plural) are one crop: kept "${kept}".`,
    )
    existing.name = kept
  }
  existing.wikipedia = incoming.wikipedia ?? existing.wikipedia
  existing.parentName = incoming.parentName ?? existing.parentName
  existing.scientificName = incoming.scientificName ?? existing.scientificName
  for (const alternate of incoming.alternateNames) {
    if (!existing.alternateNames.some((known) => nameKey(known) === nameKey(alternate))) {
      existing.alternateNames.push(alternate)
    }
  }
}

/** Looks a crop up by name, allowing a plural. */
export function findCropByName(crops: GrowstuffCrop[], name: string): GrowstuffCrop | undefined {
  const forms = nameForms(name)
  return (
    crops.find((crop) => nameKey(crop.name) === forms[0]) ??
    crops.find((crop) => nameForms(crop.name).some((form) => forms.includes(form)))
  )
}
