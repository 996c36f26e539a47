// USDA PLANTS taxa into the dataset: a taxon that is already an entry (same scientific name, or one of
// its USDA synonyms) merges into it; any other becomes a Plant, or a Variety where it is a variety or
// subspecies of a species in the dataset; its named cultivars become Varieties of it.
import { addAlternates } from './alternate-names.ts'
import type { Entry } from './entry.ts'
import { samePlantName } from './names.ts'
import type { BuildReport } from './report.ts'
import type { UsdaTaxon } from './usda.ts'
import { scientificNameKey, speciesOfInfraspecificName } from './usda-names.ts'

export function addUsdaTaxa(entries: Entry[], taxa: UsdaTaxon[], report: BuildReport): Entry[] {
  const speciesEntries = new Map<string, Entry[]>()
  for (const entry of entries) {
    // A cultivar carries its species' name without being the species ("Roma tomato").
    if (entry.type === 'Variety' && entry.sameSpeciesAsParent) continue
    const key = scientificNameKey(entry.scientificName)
    speciesEntries.set(key, [...(speciesEntries.get(key) ?? []), entry])
  }

  const added: Entry[] = []
  let merged = 0
  for (const taxon of taxa) {
    const match = findEntry(taxon, speciesEntries, report)
    if (match) {
      merged++
      match.usda = taxon
      if (!samePlantName(match.name, taxon.commonName))
        addAlternates(match, [taxon.commonName], 'usda-plants')
      continue
    }
    const entry: Entry = {
      name: capitalised(taxon.commonName),
      scientificName: taxon.scientificName,
      type: 'Plant',
      sameSpeciesAsParent: false,
      usda: taxon,
      alternateNames: [],
      data: [],
    }
    added.push(entry)
    const key = scientificNameKey(taxon.scientificName)
    speciesEntries.set(key, [...(speciesEntries.get(key) ?? []), entry])
  }

  // Varieties and subspecies hang from their species where the dataset has it as a Plant.
  let infraspecific = 0
  for (const entry of added) {
    const species = speciesOfInfraspecificName(entry.scientificName)
    if (!species) continue
    const parents = (speciesEntries.get(scientificNameKey(species)) ?? []).filter(
      (candidate) => candidate.type === 'Plant',
    )
    if (parents.length !== 1) continue
    entry.type = 'Variety'
    entry.parent = parents[0]
    infraspecific++
  }

  const cultivars = addCultivars([...entries, ...added], report)
  report.counts.push(
    `USDA taxa merged into entries: ${merged}; added: ${added.length} (${infraspecific} of them varieties or subspecies as Varieties of their species); USDA cultivars added as Varieties: ${cultivars.length}`,
  )
  return [...entries, ...added, ...cultivars]
}

/** The entry that is this taxon: by scientific name, else by a USDA synonym; one, or one named like it. */
function findEntry(
  taxon: UsdaTaxon,
  speciesEntries: Map<string, Entry[]>,
  report: BuildReport,
): Entry | undefined {
  let via = 'same scientific name'
  let candidates = speciesEntries.get(scientificNameKey(taxon.scientificName)) ?? []
  if (candidates.length === 0) {
    for (const synonym of taxon.synonyms) {
      candidates = speciesEntries.get(scientificNameKey(synonym)) ?? []
      via = `its USDA synonym ${synonym}`
      if (candidates.length > 0) break
    }
  }
  const label = `USDA ${taxon.scientificName} "${taxon.commonName}" (${taxon.symbol})`
  if (candidates.length === 0) return undefined
  if (candidates.length === 1) {
    const [entry] = candidates as [Entry]
    report.merges.push(`${label} = "${entry.name}" (${entry.scientificName}): ${via}.`)
    return entry
  }
  const named = candidates.filter(
    (entry) =>
      samePlantName(entry.name, taxon.commonName) ||
      entry.alternateNames.some((alternate) => samePlantName(alternate, taxon.commonName)),
  )
  const list = candidates.map((entry) => `"${entry.name}"`).join(', ')
  if (named.length === 1) {
    const [entry] = named as [Entry]
    report.merges.push(
      `${label} = "${entry.name}": ${via}, shared by ${list}; the one named like USDA's common name.`,
    )
    return entry
  }
  report.notMerged.push(
    `${label}: ${via} is shared by ${list}, none named like it: a Plant of its own, as the build never merges on a shared scientific name alone.`,
  )
  return undefined
}

function addCultivars(entries: Entry[], report: BuildReport): Entry[] {
  const cultivars: Entry[] = []
  for (const species of entries) {
    const taxon = species.usda
    if (!taxon) continue
    const parent = species.type === 'Plant' ? species : species.parent
    if (!parent) continue
    if (parent !== species && taxon.cultivars.length > 0)
      report.hierarchy.push(
        `USDA cultivars of ${taxon.scientificName} hang from "${parent.name}": "${species.name}" is itself a Variety.`,
      )
    for (const cultivar of taxon.cultivars) {
      cultivars.push({
        name: `${cultivar.name} ${taxon.commonName}`,
        scientificName: `${taxon.scientificName} '${cultivar.name}'`,
        type: 'Variety',
        parent,
        sameSpeciesAsParent: true,
        usda: taxon,
        usdaCultivar: cultivar,
        alternateNames: [],
        data: [],
      })
    }
  }
  return cultivars
}

function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1)
}
