// Which lines of the OpenFarm name list are Varieties, and of which Plant: a `var.` or `subsp.` name is a
// Variety of its species where the species is a Plant line of the list. The species may be a Variety of
// the starter dataset (the crop calendar and USDA put species under a genus: Wild mint, Mentha arvensis,
// is a Variety of Mint), and a Variety cannot be a parent: the importer refuses such a line. Its names
// below species then hang from that Variety's own parent Plant (Mentha arvensis var. piperascens from
// Mint), the nearest plant above them that can have varieties.
import { identity, type PlantLine } from './entry.ts'
import { INFRASPECIFIC_MARKERS } from './scientific-names.ts'

export interface VarietyCounts {
  varieties: number
  /** Infraspecific names whose species is not a Plant line of the list: written as Plant. */
  withoutSpecies: number
  /** Varieties moved from a species that is a starter Variety to its parent, by that parent's name. */
  movedToParent: Map<string, number>
  /** Infraspecific names whose species is a starter Variety whose parent is not a Plant line of the list. */
  withoutStarterParent: number
}

/** Turns the infraspecific lines into Varieties of their Plant; the lines are changed in place. */
export function assignVarieties(
  lines: PlantLine[],
  scientificNameOf: (scientificName: string) => string,
  starterVarietyParents: Map<string, { scientificName: string; name: string }>,
): VarietyCounts {
  const counts: VarietyCounts = {
    varieties: 0,
    withoutSpecies: 0,
    movedToParent: new Map(),
    withoutStarterParent: 0,
  }
  const byScientificName = new Map(lines.map((line) => [line.scientific_name, line]))
  const byIdentity = new Map(lines.map((line) => [lineIdentity(line), line]))
  for (const line of lines) {
    const species = speciesOfInfraspecific(line.scientific_name)
    if (!species) continue
    let parent = byScientificName.get(scientificNameOf(species))
    // A synonym may stand for a variety ("Petasites sagittatus" is Petasites frigidus var. sagittatus),
    // and a Variety has no varieties: its names below species stay Plants.
    if (!parent || speciesOfInfraspecific(parent.scientific_name)) {
      counts.withoutSpecies++
      continue
    }
    const starterParent = starterVarietyParents.get(lineIdentity(parent))
    if (starterParent) {
      parent = byIdentity.get(identity(starterParent))
      if (!parent || speciesOfInfraspecific(parent.scientific_name)) {
        counts.withoutStarterParent++
        continue
      }
      counts.movedToParent.set(parent.name, (counts.movedToParent.get(parent.name) ?? 0) + 1)
    }
    line.type = 'Variety'
    line.parent = { scientific_name: parent.scientific_name, name: parent.name }
    counts.varieties++
  }
  return counts
}

const lineIdentity = (line: PlantLine): string =>
  identity({ scientificName: line.scientific_name, name: line.name })

/** "Abies concolor var. lowiana" → "Abies concolor"; undefined for a name without a rank below species. */
function speciesOfInfraspecific(name: string): string | undefined {
  const tokens = name.split(' ')
  const markerIndex = tokens.findIndex((token) => INFRASPECIFIC_MARKERS.has(token))
  if (markerIndex < 0) return undefined
  const speciesTokens = tokens.slice(0, markerIndex)
  const isHybrid = speciesTokens.length === 3 && /^[x×X]$/.test(speciesTokens[1] ?? '')
  return speciesTokens.length === 2 || isHybrid ? speciesTokens.join(' ') : undefined
}
