// Gives each species of the dataset its synonyms (the USDA PLANTS checklist) and its recorded uses (Kew's
// World Checklist of Useful Plant Species). A species is an entry whose scientific name names one: a
// Plant, or a Variety that is a species of its own, not a cultivar (whose species' entry carries them).
import { compareStrings } from './compare-strings.ts'
import type { Entry } from './entry.ts'
import type { BuildReport } from './report.ts'
import { speciesOf } from './scientific-names.ts'
import type { Checklist } from './usda-checklist.ts'
import type { UseFlags } from './useful-plants.ts'

export const SYNONYMS_KEY = 'Synonyms'

export const SYNONYM_DECISIONS: readonly string[] = [
  `${SYNONYMS_KEY} (a key the vocabulary lacks; search reads its names as the plant's names): the scientific names the USDA PLANTS checklist gives as synonyms of the entry's species, or of a variety or subspecies of it (Lycopersicon esculentum, a synonym of Solanum lycopersicum var. lycopersicum, is the tomato's), each written as a binomial without authors, once. Where the entry's own name is a synonym (the parsley of the sources is Petroselinum hortense), the accepted name comes first, so the plant answers to it too. A binomial that is itself an accepted species, that is a synonym of two species, or that is the own name of another entry of the dataset (Counts lists these), is left out: it would find the wrong plant. Synonyms are names, never plants: no entry is added for one, and a source's name is not rewritten by them (only the few of Mapping decisions' "Synonym" lines are). A cultivar takes none: its species' entry has them.`,
]

export function isSpeciesEntry(entry: Entry): boolean {
  return (
    speciesOf(entry.scientificName) !== undefined &&
    !entry.scientificName.includes("'") &&
    !(entry.type === 'Variety' && entry.sameSpeciesAsParent)
  )
}

export function attachUsesAndSynonyms(
  entries: Entry[],
  checklist: Checklist,
  usefulPlants: ReadonlyMap<string, UseFlags>,
  report: BuildReport,
): void {
  const how = { own: 0, accepted: 0, synonym: 0 }
  const withUses = new Set<string>()
  const withSynonyms = new Set<string>()
  const species = new Set<string>()
  // A name that is another entry's own would find that entry's twin: Sambucus cerulea is the blue
  // elderberry of the sources, and for USDA a subspecies of Sambucus nigra.
  const ownNames = new Set(entries.map((entry) => speciesOf(entry.scientificName)))
  const others = new Set<string>()
  for (const entry of entries) {
    if (!isSpeciesEntry(entry)) continue
    const own = speciesOf(entry.scientificName) ?? ''
    species.add(own)
    const accepted = checklist.acceptedSpecies(entry.scientificName)
    const acceptedKey = accepted ? speciesOf(accepted.name) : undefined
    const names = accepted
      ? [...(acceptedKey !== own ? [accepted.name] : []), ...accepted.synonyms].filter((name) => {
          const key = speciesOf(name)
          if (key !== own && ownNames.has(key)) others.add(name)
          return key !== own && !ownNames.has(key)
        })
      : []
    if (names.length > 0) {
      entry.synonyms = names
      withSynonyms.add(own)
    }
    const flags =
      usefulPlants.get(own) ??
      (acceptedKey ? usefulPlants.get(acceptedKey) : undefined) ??
      names.map((name) => usefulPlants.get(speciesOf(name) ?? '')).find(Boolean)
    if (!flags || flags.size === 0) continue
    entry.uses = flags
    withUses.add(own)
    if (usefulPlants.has(own)) how.own++
    else if (acceptedKey && usefulPlants.has(acceptedKey)) how.accepted++
    else how.synonym++
  }
  report.counts.push(
    `Species of the dataset (binomials of Plants and of Varieties that are no cultivar): ${species.size}; with synonyms from the USDA PLANTS checklist: ${withSynonyms.size} (left out, as the own name of another entry: ${[...others].sort(compareStrings).join(', ')}); with recorded uses from the World Checklist of Useful Plant Species: ${withUses.size} (entries found by their own binomial ${how.own}, by their USDA accepted name ${how.accepted}, by a synonym ${how.synonym})`,
  )
}
