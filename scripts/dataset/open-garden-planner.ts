// Open Garden Planner's species file (open-garden-planner/plant_species.json, CC BY-SA 4.0): what 118
// garden crops, herbs, fruit and shrubs need (water, soil pH, frost, feeding) and how their seed is sown
// (depth, days to germinate). It is curated from RHS profiles and extension guides; its values join the
// dataset in the vocabulary's keys and units, after the sources the dataset had before it.
import { join } from 'node:path'
import { compareStrings } from './compare-strings.ts'
import type { Attribute, Entry } from './entry.ts'
import type { BuildReport } from './report.ts'
import { readSourceText } from './source-files.ts'
import { speciesOf } from './scientific-names.ts'
import type { Checklist } from './usda-checklist.ts'
import { scientificNameKey } from './usda-names.ts'
import type { Vocabulary } from './vocabulary.ts'

export const GARDEN_PLANNER_FILE = join('open-garden-planner', 'plant_species.json')

export interface GardenPlannerRecord {
  scientific_name: string
  common_name: string
  aliases?: string[] | null
  cycle: 'annual' | 'biennial' | 'perennial'
  water_needs: 'low' | 'medium' | 'high'
  hardiness_zone_min: number
  ph_min: number
  ph_max: number
  frost_tolerance: 'hardy' | 'half-hardy' | 'tender'
  days_to_germination_min?: number | null
  days_to_germination_max?: number | null
  days_to_maturity_min?: number | null
  days_to_maturity_max?: number | null
  min_germination_temp_c?: number | null
  seed_depth_cm?: number | null
  n_demand: 'low' | 'medium' | 'high' | 'fixer'
}

/** Water needs in the vocabulary's values: "Wet" is waterlogged soil, which no "high" crop here wants. */
const WATER: Record<GardenPlannerRecord['water_needs'], string[]> = {
  low: ['Dry', 'Moist'],
  medium: ['Moist'],
  high: ['Moist'],
}
const NITROGEN: Record<GardenPlannerRecord['n_demand'], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  fixer: 'Nitrogen fixer',
}
const FROST: Record<GardenPlannerRecord['frost_tolerance'], string> = {
  hardy: 'Hardy',
  'half-hardy': 'Half-hardy',
  tender: 'Tender',
}

export const FROST_TOLERANCE_KEY = 'Frost tolerance'
export const SEED_DEPTH_KEY = 'Seed planting depth'

export const GARDEN_PLANNER_DECISIONS: readonly string[] = [
  `Open Garden Planner: a record joins the entries of its species (its binomial, or the accepted species of the USDA PLANTS checklist where either name is a synonym) (or that is a variety named by the record's epithet: its "Allium porrum" is the dataset's leek, Allium ampeloprasum var. porrum) whose name or alternate name is the record's common name or an alias ("Rocket (Arugula)" is both; "Apple Tree" is "Apple"); failing that, the entries of exactly its scientific name whose names share a word with its common name ("Maple" and "Norway maple"). A record that meets no entry so is left out and listed: its common name may name another plant than its scientific name ("Kohlrabi" for Brassica napus, the starter's rapeseed). Its values are written after every other source's, so a key another source gave keeps that value and a different one is listed under Disagreements between sources. Water requirement: water_needs low → "Dry, moist" (stands dry soil), medium and high → "Moist" (high is plenty of water, not the vocabulary's "Wet", waterlogged soil). Soil pH: "ph_min-ph_max". ${FROST_TOLERANCE_KEY} (the vocabulary has no key for it): frost_tolerance as the RHS's words, "Hardy", "Half-hardy", "Tender". Nitrogen Usage: n_demand, "Low", "Medium", "High", or "Nitrogen fixer" for a legume that needs none. ${SEED_DEPTH_KEY} (the vocabulary has no key for it): seed_depth_cm in centimetres ("0.6"). Germination time: days_to_germination "min-max" in days. Days to maturity and Germination temperature (°C) where the calendar gives none. USDA Hardiness zone: hardiness_zone_min, for a perennial only (for an annual the range says where it is grown, not what winter it survives). Sowing, transplanting and harvest weeks are not written: CropGraph's windows are the calendar's, and the two are not compared.`,
]

export function readGardenPlanner(sourceDir: string): GardenPlannerRecord[] {
  const file = JSON.parse(readSourceText(join(sourceDir, GARDEN_PLANNER_FILE))) as {
    plants: GardenPlannerRecord[]
  }
  return file.plants
}

/** The record's attributes, in the vocabulary's spellings and the dataset's units. */
export function gardenPlannerAttributes(record: GardenPlannerRecord, vocabulary: Vocabulary): Attribute[] {
  const range = (low: number | null | undefined, high: number | null | undefined): string | undefined =>
    low == null || high == null ? undefined : low === high ? `${low}` : `${low}-${high}`
  const data: Attribute[] = [
    { key: 'Water requirement', value: vocabulary.spellList('Water requirement', WATER[record.water_needs]) },
    { key: 'Soil pH', value: `${record.ph_min.toFixed(1)}-${record.ph_max.toFixed(1)}` },
    { key: FROST_TOLERANCE_KEY, value: FROST[record.frost_tolerance] },
    { key: 'Nitrogen Usage', value: NITROGEN[record.n_demand] },
  ]
  if (record.seed_depth_cm != null) data.push({ key: SEED_DEPTH_KEY, value: `${record.seed_depth_cm}` })
  const germination = range(record.days_to_germination_min, record.days_to_germination_max)
  if (germination) data.push({ key: 'Germination time', value: germination })
  const maturity = range(record.days_to_maturity_min, record.days_to_maturity_max)
  if (maturity) data.push({ key: 'Days to maturity', value: maturity })
  if (record.min_germination_temp_c != null)
    data.push({ key: 'Germination temperature', value: `${Math.round(record.min_germination_temp_c)}` })
  if (record.cycle === 'perennial')
    data.push({ key: 'USDA Hardiness zone', value: `${record.hardiness_zone_min}` })
  return data
}

/** Each record's entries (see GARDEN_PLANNER_DECISIONS); the records that meet none are reported. */
export function matchGardenPlanner(
  entries: Entry[],
  records: GardenPlannerRecord[],
  checklist: Checklist,
  report: BuildReport,
): Map<Entry, GardenPlannerRecord> {
  const accepted = (name: string): string | undefined => {
    const species = checklist.acceptedSpecies(name)
    return species ? speciesOf(species.name) : speciesOf(name)
  }
  const bySpecies = new Map<string, Entry[]>()
  for (const entry of entries) {
    if (entry.scientificName.includes("'")) continue
    // A species some treat as a variety is found under both names: "Allium porrum" is the leek,
    // Allium ampeloprasum var. porrum.
    const variety = /^(\S+) \S+ (?:var\.|subsp\.) (\S+)$/.exec(entry.scientificName)
    const keys = [
      accepted(entry.scientificName),
      variety ? `${variety[1]} ${variety[2]}`.toLowerCase() : undefined,
    ]
    for (const key of new Set(keys)) if (key) bySpecies.set(key, [...(bySpecies.get(key) ?? []), entry])
  }
  const matched = new Map<Entry, GardenPlannerRecord>()
  const unmatched: string[] = []
  for (const record of records) {
    const candidates = bySpecies.get(accepted(record.scientific_name) ?? '') ?? []
    const names = recordNames(record)
    const named = candidates.filter((entry) => entryNames(entry).some((name) => names.has(name)))
    const words = new Set([...names].flatMap((name) => name.split(/\W+/)).filter((word) => word.length > 2))
    const chosen =
      named.length > 0
        ? named
        : candidates.filter(
            (entry) =>
              scientificNameKey(entry.scientificName) === scientificNameKey(record.scientific_name) &&
              entryNames(entry).some((name) => name.split(/\W+/).some((word) => words.has(word))),
          )
    for (const entry of chosen) matched.set(entry, record)
    if (chosen.length === 0) unmatched.push(`${record.common_name} (${record.scientific_name})`)
  }
  const plants = new Set(matched.values()).size
  report.counts.push(
    `Open Garden Planner records: ${records.length}, ${plants} of them joined to ${matched.size} entries; not joined (no entry of that species with that name): ${unmatched.sort(compareStrings).join(', ')}`,
  )
  return matched
}

/** The record's names in lower case: its common name, with a bracketed part and "Tree" apart, and aliases. */
function recordNames(record: GardenPlannerRecord): Set<string> {
  const common = record.common_name.toLowerCase()
  const bracket = /^(.*?) \((.*)\)$/.exec(common)
  return new Set(
    [
      common,
      ...(bracket ? [bracket[1], bracket[2]] : []),
      common.replace(/ tree$/, ''),
      ...(record.aliases ?? []),
    ]
      .filter((name): name is string => Boolean(name))
      .map((name) => name.toLowerCase()),
  )
}

function entryNames(entry: Entry): string[] {
  return [entry.name, ...entry.alternateNames].map((name) => name.toLowerCase())
}
