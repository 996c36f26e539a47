// A plant of the starter dataset while it is being built, and its line in plants.jsonl.
import type { CompanionRow } from './companion.ts'
import type { CalendarMatch } from './cropgraph-merge.ts'
import type { SourceId } from './attribution.ts'
import { compareStrings } from './compare-strings.ts'
import type { FarmbotCrop } from './farmbot.ts'
import type { GrowstuffCrop } from './growstuff.ts'
import type { GardenPlannerRecord } from './open-garden-planner.ts'
import type { UseFlags } from './useful-plants.ts'
import type { UsdaCultivar, UsdaTaxon } from './usda.ts'

export type PlantType = 'Plant' | 'Variety'

export interface Entry {
  /** Shown name ("Tomato", "Amish Paste tomato"). */
  name: string
  /** Empty until a Variety without its own takes its parent's. */
  scientificName: string
  type: PlantType
  parent?: Entry
  /** A Variety of the same species as its parent (a cultivar): it shares the parent's edible parts. */
  sameSpeciesAsParent: boolean
  growstuff?: GrowstuffCrop
  companion?: CompanionRow
  /** The USDA PLANTS taxon this entry is, or (with usdaCultivar) whose cultivar it is. */
  usda?: UsdaTaxon
  usdaCultivar?: UsdaCultivar
  /** FarmBot's crop records of this entry (several crops may be one entry). */
  farmbot?: FarmbotCrop[]
  /** The CropGraph calendar entries (one, or several kinds) that describe this entry. */
  calendar?: CalendarMatch
  /** CropGraph names the plant's flowers as drawing pollinators (cropgraph-companions.ts). */
  attractsPollinators?: boolean
  /** The species' pages at Plants of the World Online and World Flora Online (plant-name-ids.ts). */
  nameLinks?: { powo?: string; wfo?: string }
  alternateNames: string[]
  /** Scientific synonyms of the entry's species (USDA PLANTS checklist; uses-and-synonyms.ts). */
  synonyms?: string[]
  /** The use categories Kew's checklist records for the species (useful-plants.ts). */
  uses?: UseFlags
  /** Open Garden Planner's record of this crop (open-garden-planner.ts). */
  gardenPlanner?: GardenPlannerRecord
  /** The source of each alternate name, by its nameKey; a name not here is Growstuff's. */
  alternateSources?: Map<string, SourceId>
  wikipedia?: string
  data: Attribute[]
  /** Pictures of the plant (FarmBot's crop photos), the one it shows first. */
  images?: ImageLine[]
}

export interface Attribute {
  key: string
  value: string
  /** Where the value came from; in plants.jsonl left out where it is the line's own source. */
  source?: SourceId
}

export interface LinkLine {
  type: 'companion-to' | 'antagonist-to'
  scientific_name: string
  name: string
  note: string
  source?: SourceId
}

/** A picture of a plant line: `file` is relative to the folder of the dataset file. */
export interface ImageLine {
  file: string
  author: string
  /** An SPDX id: CC0-1.0, CC-BY-4.0 or CC-BY-SA-4.0. */
  license: string
  source_url: string
  note: string
}

/** A pest or disease of a plant, as its line's `problems` carry it (the problems API serves them). */
export interface ProblemLine {
  name: string
  type: 'pest' | 'disease'
  severity?: string
  symptoms?: string
  management?: string[]
  prevention?: string
  source: SourceId
}

export interface PlantLine {
  type: PlantType
  scientific_name: string
  name: string
  description?: string
  parent?: { scientific_name: string; name: string }
  /** The source of each value and link that names none: the most common of them. */
  source?: SourceId
  data?: Attribute[]
  links?: LinkLine[]
  problems?: ProblemLine[]
  images?: ImageLine[]
}

/** The identity of a plant in a dataset file. */
export function identity(entry: { scientificName: string; name: string }): string {
  return `${entry.scientificName}\u0000${entry.name}`
}

/** Plants before varieties (so parents come first), then by scientific name and name, by code point. */
export function compareEntries(a: Entry, b: Entry): number {
  if (a.type !== b.type) return a.type === 'Plant' ? -1 : 1
  return compareStrings(a.scientificName, b.scientificName) || compareStrings(a.name, b.name)
}
