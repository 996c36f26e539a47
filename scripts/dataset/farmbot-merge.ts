// FarmBot crops into the dataset, with the identity rules of the rest of the build: a crop is an entry
// of the same common name (allowing a plural) or of whose alternate names it is the only owner, in both
// cases with the genus agreeing. A crop named "<kind> <entry>" ("Black Prince Tomato", "Fuji Apple")
// of that entry's species is a Variety of it. Otherwise a crop of the species of exactly one entry
// merges into it; anything else is a new Plant.
import { addAlternates } from './alternate-names.ts'
import type { Entry } from './entry.ts'
import type { FarmbotCrop } from './farmbot.ts'
import type { Statement } from './links.ts'
import { nameForms, samePlantName } from './names.ts'
import type { BuildReport } from './report.ts'
import type { Synonyms } from './synonyms.ts'
import { sameGenus, speciesOf } from './scientific-names.ts'
import { scientificNameKey } from './usda-names.ts'

/** Fungi: FarmBot grows mushrooms, but Hortus is a database of plants. */
const FUNGUS_GENERA = new Set([
  'agaricus',
  'boletus',
  'cantharellus',
  'hericium',
  'hypholoma',
  'lentinula',
  'pleurotus',
  'psilocybe',
])

/**
 * Crops that the name rules would make a kind of an entry but that are the entry itself: FarmBot's
 * "Onion Chive" is Allium schoenoprasum, chives, and gives "Chive" as its own common name.
 */
const SAME_AS: ReadonlyMap<string, string> = new Map([
  ['onion-chive', 'Chives'],
  // FarmBot misspells árbol; its common names give "Chile de árbol".
  ['chile-de-aborol-pepper', 'Chile de árbol pepper'],
])

/** Common names FarmBot lists that are not names of the crop. */
const NOT_NAMES: ReadonlyMap<string, string> = new Map([
  ['ist eine Deutsche Pflanze', 'German for "is a German plant", a sentence'],
])

/**
 * Words that keep their capital when a FarmBot name ("Japanese Yam") is written in the dataset's
 * sentence case ("Japanese yam"): places, peoples and proper names.
 */
const PROPER_WORDS = new Set<string>([
  'Bartlett',
  'Belle',
  'Bonnet',
  'Cavern',
  "D'anjou",
  'Delicious',
  'Giant',
  'Gold',
  'Jeannette',
  "John's",
  'Lake',
  'Prince',
  'Russian',
  'Scotch',
  'Smith',
  'Starfish',
  'Stuffer',
])

export interface FarmbotResult {
  entries: Entry[]
  /** Which entry each crop became, by slug (dropped crops are absent). */
  entryOfSlug: Map<string, Entry>
  /** Why each dropped crop was dropped, by slug. */
  droppedSlugs: Map<string, string>
}

export function addFarmbotCrops(
  entries: Entry[],
  crops: FarmbotCrop[],
  synonyms: Synonyms,
  report: BuildReport,
): FarmbotResult {
  for (const crop of crops) {
    const accepted = synonyms.acceptedName(crop.scientificName)
    if (!accepted) continue
    report.corrections.push(
      `FarmBot "${crop.name}": ${crop.scientificName} is a synonym of ${accepted}, written so.`,
    )
    crop.scientificName = accepted
  }
  const all = [...entries]
  const entryOfSlug = new Map<string, Entry>()
  const droppedSlugs = new Map<string, string>()
  let merged = 0
  let varieties = 0
  let plants = 0
  // Shorter names first, so that "Tabasco Pepper" is an entry before "Red Tabasco Peppers" looks for it.
  const ordered = [...crops].sort(
    (a, b) => a.name.split(' ').length - b.name.split(' ').length || (a.slug < b.slug ? -1 : 1),
  )
  for (const crop of ordered) {
    const drop = dropReason(crop)
    if (drop) {
      report.dropped.push(`FarmBot "${crop.name}" (${crop.slug}): ${drop}.`)
      droppedSlugs.set(crop.slug, drop)
      continue
    }
    const kind =
      sameCrop(all, crop, report) ??
      kindOf(all, crop, report) ??
      ofSpecies(all, crop, report) ??
      kindOf(all, crop, report, true)
    const match = kind && 'via' in kind ? kind : undefined
    if (match) {
      attach(match.entry, crop, report)
      entryOfSlug.set(crop.slug, match.entry)
      report.merges.push(
        `FarmBot "${crop.name}" (${crop.scientificName}) = "${match.entry.name}" (${match.via}).`,
      )
      if (scientificNameKey(match.entry.scientificName) !== scientificNameKey(crop.scientificName))
        report.disagreements.push(
          `${match.entry.name}, scientific name: "${match.entry.scientificName}" (kept) against FarmBot's "${crop.scientificName}" for "${crop.name}".`,
        )
      merged++
      continue
    }
    const entry = kind && !('via' in kind) ? kind : newPlant(crop)
    if (entry.type === 'Variety') varieties++
    else plants++
    attach(entry, crop, report)
    all.push(entry)
    entryOfSlug.set(crop.slug, entry)
  }
  report.counts.push(
    `FarmBot crops: ${crops.length}; merged into entries: ${merged}; added: ${varieties} Varieties, ${plants} Plants; dropped: ${crops.length - merged - varieties - plants}`,
  )
  return { entries: all, entryOfSlug, droppedSlugs }
}

function dropReason(crop: FarmbotCrop): string | undefined {
  if (
    FUNGUS_GENERA.has(crop.scientificName.split(' ')[0]?.toLowerCase() ?? '') ||
    /mushroom/i.test(crop.name)
  )
    return 'a fungus; Hortus is a database of plants'
  if (!crop.scientificName) return 'no binomial, so the plant cannot be told, and it matches no entry by name'
  return undefined
}

interface Match {
  entry: Entry
  via: string
}

const speciesKey = (name: string): string | undefined => {
  const species = speciesOf(name)
  return species === undefined ? undefined : scientificNameKey(species)
}

/**
 * The same species, or the same genus where the crop names no species. A genus-level entry ("Pepper",
 * Capsicum) is not the kind of a crop that names its species: the species' own entry is.
 */
function related(entry: Entry, crop: FarmbotCrop): boolean {
  if (!sameGenus(entry.scientificName, crop.scientificName)) return false
  const cropSpecies = speciesKey(crop.scientificName)
  return cropSpecies === undefined || speciesKey(entry.scientificName) === cropSpecies
}

function ownNames(entry: Entry): string[] {
  return [entry.name, entry.growstuff?.name, entry.companion?.name].filter((name) => name !== undefined)
}

function sameCrop(entries: Entry[], crop: FarmbotCrop, report: BuildReport): Match | undefined {
  const sameAs = SAME_AS.get(crop.slug)
  const listed = sameAs === undefined ? undefined : entries.find((entry) => entry.name === sameAs)
  if (listed) return { entry: listed, via: 'the same plant, see the FarmBot decisions' }
  const byName = entries.filter((entry) => ownNames(entry).some((name) => samePlantName(name, crop.name)))
  const agreeing = byName.filter((entry) => sameGenus(entry.scientificName, crop.scientificName))
  if (agreeing.length === 1) return { entry: agreeing[0] as Entry, via: 'same common name, same genus' }
  for (const entry of byName.filter((candidate) => !agreeing.includes(candidate)))
    report.notMerged.push(
      `FarmBot "${crop.name}" (${crop.scientificName}) and "${entry.name}" (${entry.scientificName}) share a common name but not the genus: two plants.`,
    )
  if (agreeing.length > 1) {
    report.notMerged.push(
      `FarmBot "${crop.name}": the name of several entries (${agreeing.map((entry) => `"${entry.name}"`).join(', ')}), so none is chosen.`,
    )
    return undefined
  }
  const forms = nameForms(crop.name)
  const byAlternate = entries.filter((entry) =>
    entry.alternateNames.some((alternate) => nameForms(alternate).some((form) => forms.includes(form))),
  )
  const [only] = byAlternate
  if (byAlternate.length === 1 && only && sameGenus(only.scientificName, crop.scientificName))
    return { entry: only, via: 'an alternate name of it alone, same genus' }
  return undefined
}

/**
 * "<kind> <name>" where <name> is the name of one entry of the crop's species: a Variety of it (or of
 * its Plant, where it is itself a Variety). With `genusLevel`, <name> is the name of a genus-level
 * entry of the crop's genus ("Pear", Pyrus): the crop is a species or cultivar of that genus.
 */
function kindOf(
  entries: Entry[],
  crop: FarmbotCrop,
  report: BuildReport,
  genusLevel = false,
): Entry | undefined {
  const words = crop.name.split(' ')
  for (let start = 1; start < words.length; start++) {
    const tail = words.slice(start).join(' ')
    const named = entries.filter(
      (entry) =>
        (genusLevel
          ? entry.type === 'Plant' &&
            speciesKey(entry.scientificName) === undefined &&
            sameGenus(entry.scientificName, crop.scientificName)
          : related(entry, crop)) && ownNames(entry).some((name) => samePlantName(name, tail)),
    )
    const [kind] = named
    if (named.length !== 1 || !kind) continue
    // "Red Tabasco Peppers" → "Red tabasco pepper": the kind as the entry writes its name.
    const kindName = samePlantName(kind.name, tail) ? kind.name : tail
    return variety(crop, sentenceCase(`${words.slice(0, start).join(' ')} ${kindName}`), kind, report)
  }
  return undefined
}

/**
 * A crop of the species of exactly one entry, not named like it. An entry that only USDA knows is the
 * same plant under USDA's name ("common St. Johnswort" and FarmBot's "St. John's Wort"): the crop
 * merges into it. Otherwise the entry is the crop's species ("Capsicum annuum", "Tomato") and the crop
 * a Variety of it ("Cheongyang Chili Pepper").
 */
function ofSpecies(entries: Entry[], crop: FarmbotCrop, report: BuildReport): Match | Entry | undefined {
  const key = speciesKey(crop.scientificName)
  if (key === undefined) return undefined
  const sameSpecies = entries.filter((entry) => speciesKey(entry.scientificName) === key)
  // FarmBot gives the name of an entry of its species among the crop's common names ("Tulsi": "Holy
  // Basil"; "Cheongyang Chili Pepper": "chungyang red pepper"): that entry is the crop.
  const named = sameSpecies.filter((entry) =>
    crop.commonNames.some((name) => samePlantName(name, entry.name)),
  )
  if (named.length === 1 && named[0])
    return { entry: named[0], via: 'of its species, and named among FarmBot\u2019s common names of the crop' }
  // A cultivar ("Pyrus communis 'D'Anjou'", a Roma tomato) carries its species' name without being it.
  const ofKey = sameSpecies.filter(
    (entry) =>
      !(entry.type === 'Variety' && entry.sameSpeciesAsParent) && !entry.scientificName.includes("'"),
  )
  // Where the species has a Plant, the Varieties of that species (subspecies, kinds) are not it.
  const plants = ofKey.filter((entry) => entry.type === 'Plant')
  const candidates = plants.length > 0 ? plants : ofKey
  const [entry] = candidates
  if (candidates.length !== 1 || !entry) return undefined
  const onlyUsda = entry.usda !== undefined && !entry.growstuff && !entry.companion && !entry.farmbot
  if (onlyUsda && !/'/.test(crop.scientificName))
    return { entry, via: `the only entry of ${entry.scientificName}, known so far only from USDA` }
  return variety(crop, sentenceCase(crop.name), entry, report)
}

function variety(crop: FarmbotCrop, name: string, kind: Entry, report: BuildReport): Entry | undefined {
  const parent = kind.type === 'Plant' ? kind : kind.parent
  if (!parent) return undefined
  const via = parent === kind ? '' : `, as "${kind.name}" is itself a Variety of it`
  report.hierarchy.push(
    `FarmBot "${crop.name}" (${crop.scientificName}) → Variety "${name}" of "${parent.name}" (${parent.scientificName})${via}.`,
  )
  return {
    name,
    scientificName: crop.scientificName,
    type: 'Variety',
    parent,
    sameSpeciesAsParent: speciesKey(crop.scientificName) === speciesKey(parent.scientificName),
    alternateNames: [],
    data: [],
  }
}

function newPlant(crop: FarmbotCrop): Entry {
  return {
    name: sentenceCase(crop.name),
    scientificName: crop.scientificName,
    type: 'Plant',
    sameSpeciesAsParent: false,
    alternateNames: [],
    data: [],
  }
}

/** FarmBot writes Title Case; the dataset writes sentence case, keeping proper names' capitals. */
function sentenceCase(name: string): string {
  const shown = name
    .split(' ')
    .map((word, index) => (index === 0 || PROPER_WORDS.has(word) ? word : word.toLowerCase()))
    .join(' ')
  return shown.charAt(0).toUpperCase() + shown.slice(1)
}

function attach(entry: Entry, crop: FarmbotCrop, report: BuildReport): void {
  entry.farmbot = [...(entry.farmbot ?? []), crop]
  const names = [crop.name, ...crop.commonNames].filter((name) => {
    const notAName = NOT_NAMES.get(name)
    if (notAName) report.dropped.push(`FarmBot "${crop.name}": common name "${name}" left out (${notAName}).`)
    return !notAName && !samePlantName(name, entry.name)
  })
  addAlternates(entry, names, 'farmbot')
}

/** FarmBot's companions, as statements between the entries the crops became. */
export function farmbotStatements(
  crops: FarmbotCrop[],
  entryOfSlug: Map<string, Entry>,
  report: BuildReport,
): Statement[] {
  const bySlug = new Map(crops.map((crop) => [crop.slug, crop]))
  const statements: Statement[] = []
  for (const crop of crops) {
    for (const slug of crop.companions) {
      const a = entryOfSlug.get(crop.slug)
      const b = entryOfSlug.get(slug)
      const other = bySlug.get(slug)
      const text = `${crop.name} lists ${other?.name ?? slug} as a companion`
      if (!a || !b) {
        report.unresolved.push(
          `FarmBot: "${text}": ${!a ? crop.name : (other?.name ?? slug)} is not an entry of the dataset (see Entries dropped).`,
        )
        continue
      }
      if (a === b) {
        report.unresolved.push(`FarmBot: "${text}": both crops are the entry "${a.name}".`)
        continue
      }
      statements.push({
        a,
        b,
        type: 'companion-to',
        text,
        subject: a,
        object: b,
        claim: { kind: 'lists' },
        sourceId: 'farmbot',
      })
    }
  }
  return statements
}
