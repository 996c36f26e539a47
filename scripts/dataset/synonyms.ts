// Scientific names that are synonyms of another: USDA PLANTS' synonym rows, plus the few that the
// garden sources use side by side for one crop. A synonym is written as its accepted name, so one
// plant is not two entries (OpenFarm's "Tomato (Lycopersicon esculentum)" is Solanum lycopersicum).
import type { BuildReport } from './report.ts'
import type { UsdaTaxon } from './usda.ts'
import { scientificNameKey } from './usda-names.ts'

/** Synonyms that no USDA row gives, each with the source that uses both names for one crop. */
const GARDEN_SYNONYMS: readonly { synonym: string; accepted: string; why: string }[] = [
  {
    synonym: 'Lycopersicon esculentum',
    accepted: 'Solanum lycopersicum',
    why: 'the tomato, moved to Solanum; OpenFarm lists both names, each with the common name "tomato"',
  },
  {
    synonym: 'Malus pumila',
    accepted: 'Malus domestica',
    why: 'the orchard apple; FarmBot names its apples with both, Growstuff with Malus domestica',
  },
]

export class Synonyms {
  private readonly accepted = new Map<string, string>()

  constructor(taxa: UsdaTaxon[], report: BuildReport) {
    for (const { synonym, accepted, why } of GARDEN_SYNONYMS) {
      this.accepted.set(scientificNameKey(synonym), accepted)
      report.decisions.push(`Synonym ${synonym} → ${accepted}: ${why}.`)
    }
    let usda = 0
    for (const taxon of taxa) {
      for (const synonym of taxon.synonyms) {
        const key = scientificNameKey(synonym)
        // A name that is itself accepted for another taxon is a homonym (a split or a misapplied
        // name), not a synonym to rewrite.
        if (key === scientificNameKey(taxon.scientificName) || this.accepted.has(key)) continue
        this.accepted.set(key, taxon.scientificName)
        usda++
      }
    }
    for (const taxon of taxa) this.accepted.delete(scientificNameKey(taxon.scientificName))
    report.decisions.push(
      `Synonyms: ${usda} scientific names that USDA PLANTS lists as synonyms of a taxon with characteristics, and ${GARDEN_SYNONYMS.length} used by the garden sources (below), are written as their accepted name wherever a source uses them: FarmBot binomials, and data/openfarm.jsonl.`,
    )
  }

  /**
   * The accepted name of a synonym, or undefined when the name is not a known synonym. A cultivar
   * epithet stays with its species: "Malus pumila 'Fuji'" → "Malus domestica 'Fuji'".
   */
  acceptedName(name: string): string | undefined {
    const whole = this.accepted.get(scientificNameKey(name))
    if (whole) return whole
    const cultivar = /^(\S+ \S+) ('.+')$/.exec(name)
    const species = cultivar?.[1] && this.accepted.get(scientificNameKey(cultivar[1]))
    return species && cultivar ? `${species} ${cultivar[2]}` : undefined
  }
}
