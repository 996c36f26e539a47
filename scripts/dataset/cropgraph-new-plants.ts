// Calendar crops the starter data lacks join it (issue 29): a species of the calendar that no entry is
// becomes a new Plant, and a botanical variety or subspecies of a species that is one Plant of the
// starter data ("Sweet Corn", Zea mays var. saccharata, of Corn) a Variety of it, each with the
// calendar's values. Only the crop itself, not its named kinds: where several calendar entries share the
// scientific name, the one whose name ends the others' ("Sweet Corn" in "Jubilee Sweet Corn") is the crop.
import type { CalendarEntry } from './cropgraph.ts'
import { CALENDAR_SYNONYMS, type CalendarMatch, usable } from './cropgraph-merge.ts'
import type { Entry } from './entry.ts'
import { nameForms, nameKey } from './names.ts'
import type { BuildReport } from './report.ts'
import { INFRASPECIFIC_MARKERS } from './scientific-names.ts'
import { scientificNameKey } from './usda-names.ts'

export const NEW_PLANT_DECISIONS: readonly string[] = [
  'New plants from the calendar: a usable calendar entry that describes no entry joins the dataset where it is the crop itself and the starter data lacks it. A species (a binomial, hybrid sign aside) of which no entry is a species or below becomes a Plant; a botanical variety or subspecies ("Zea mays var. saccharata") whose species is exactly one Plant of the dataset, and which no entry is, becomes a Variety of that Plant. Where several usable calendar entries share the scientific name (the calendar files many named kinds under the botanical variety: Golden Bantam and Jubilee Sweet Corn are Zea mays var. saccharata), the crop is the one entry whose name ends another\u2019s ("Sweet Corn" in "Jubilee Sweet Corn"); with none or several such, nothing is added and the scientific name is listed. A name another entry has already (as its name or an alternate name) is not added either: a search for it would find two plants. The name is the calendar\u2019s common name in sentence case (proper names keep their capitals); the scientific name is the calendar\u2019s, the hybrid sign written ×.',
]

/** Words that keep their capital in a calendar name written in sentence case. */
const PROPER = new Set([
  'African',
  'American',
  'Asian',
  'Brussels',
  'California',
  'Chinese',
  'England',
  'English',
  'European',
  'French',
  'German',
  'Greek',
  'Indian',
  'Italian',
  'Japanese',
  'Korean',
  'Mexican',
  'Persian',
  'Russian',
  'Swiss',
  'Thai',
  'Turkish',
])

export function sentenceCaseName(name: string): string {
  const shown = name
    .split(' ')
    .map((word, index) => (index === 0 || PROPER.has(word) ? word : word.toLowerCase()))
    .join(' ')
  return shown.charAt(0).toUpperCase() + shown.slice(1)
}

const speciesKeyOf = (name: string): string => scientificNameKey(name).split(' ').slice(0, 2).join(' ')
const isInfraspecific = (name: string): boolean =>
  scientificNameKey(name)
    .split(' ')
    .some((token) => INFRASPECIFIC_MARKERS.has(token))

/** The crop among calendar entries of one scientific name: the only one, or the one whose name ends another's. */
function theCrop(candidates: CalendarEntry[]): CalendarEntry | undefined {
  if (candidates.length === 1) return candidates[0]
  const ends = (short: CalendarEntry, long: CalendarEntry): boolean =>
    short !== long && ` ${long.commonName.toLowerCase()}`.endsWith(` ${short.commonName.toLowerCase()}`)
  const general = candidates.filter((c) => candidates.some((other) => ends(c, other)))
  return general.length === 1 ? general[0] : undefined
}

export function addCalendarPlants(
  entries: Entry[],
  calendar: (CalendarEntry & { growingContext?: string })[],
  matches: Map<Entry, CalendarMatch>,
  report: BuildReport,
): Entry[] {
  report.cropgraph.push(...NEW_PLANT_DECISIONS)
  const synonyms = new Map(CALENDAR_SYNONYMS.map((s) => [scientificNameKey(s.calendar), s.starter]))
  const nameOf = (entry: CalendarEntry): string =>
    synonyms.get(scientificNameKey(entry.scientificName)) ?? entry.scientificName.replace(/ x /, ' × ')
  const used = new Set([...matches.values()].flatMap((match) => match.kinds.map((kind) => kind.slug)))
  const bySciKey = new Map<string, CalendarEntry[]>()
  for (const entry of calendar.filter((e) => usable(e, e.growingContext))) {
    const key = scientificNameKey(nameOf(entry))
    bySciKey.set(key, [...(bySciKey.get(key) ?? []), entry])
  }
  const entryKeys = new Set(entries.map((entry) => scientificNameKey(entry.scientificName)))
  const entrySpecies = new Set(entries.map((entry) => speciesKeyOf(entry.scientificName)))
  const plantsOfSpecies = new Map<string, Entry[]>()
  for (const entry of entries) {
    const key = scientificNameKey(entry.scientificName)
    if (entry.type === 'Plant' && key.split(' ').length === 2)
      plantsOfSpecies.set(key, [...(plantsOfSpecies.get(key) ?? []), entry])
  }
  const takenNames = new Set(
    entries.flatMap((entry) => [entry.name, ...entry.alternateNames].flatMap((name) => nameForms(name))),
  )
  const added: Entry[] = []
  const notAdded: string[] = []
  for (const [key, candidates] of [...bySciKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (candidates.some((candidate) => used.has(candidate.slug)) || entryKeys.has(key)) continue
    const scientificName = nameOf(candidates[0] as CalendarEntry)
    const infraspecific = isInfraspecific(scientificName)
    const parents = infraspecific ? (plantsOfSpecies.get(speciesKeyOf(scientificName)) ?? []) : []
    if (infraspecific ? parents.length !== 1 : entrySpecies.has(speciesKeyOf(scientificName))) continue
    if (key.split(' ').length < 2) continue
    const crop = theCrop(candidates)
    if (!crop) {
      notAdded.push(
        `${scientificName} (${candidates.map((c) => c.slug).join(', ')}: no one of them is the crop)`,
      )
      continue
    }
    const name = sentenceCaseName(crop.commonName)
    if (nameForms(name).some((form) => takenNames.has(form))) {
      notAdded.push(`${scientificName} ("${name}", ${crop.slug}: the name of another entry)`)
      continue
    }
    const parent = parents[0]
    const entry: Entry = {
      name,
      scientificName,
      type: parent ? 'Variety' : 'Plant',
      sameSpeciesAsParent: parent !== undefined,
      alternateNames: [],
      data: [],
    }
    if (parent) entry.parent = parent
    const aliases = (crop.aliases ?? []).filter(
      (alias) => !nameForms(alias).some((form) => takenNames.has(form) || nameForms(name).includes(form)),
    )
    for (const alias of aliases) {
      if (!entry.alternateNames.some((known) => nameKey(known) === nameKey(alias))) {
        entry.alternateNames.push(alias)
        entry.alternateSources = (entry.alternateSources ?? new Map()).set(nameKey(alias), 'cropgraph')
      }
    }
    for (const form of [name, ...entry.alternateNames].flatMap((n) => nameForms(n))) takenNames.add(form)
    matches.set(entry, { kinds: [crop], rule: parent ? 'new Variety' : 'new Plant' })
    added.push(entry)
  }
  const varieties = added.filter((entry) => entry.parent)
  report.counts.push(
    `Calendar crops the starter data lacked, added: ${added.length} (${added.length - varieties.length} Plants, ${varieties.length} Varieties of a starter Plant: ${varieties.map((entry) => `"${entry.name}" of "${entry.parent?.name}"`).join(', ') || 'none'})`,
  )
  report.cropgraph.push(`Calendar crops not added (${notAdded.length}): ${notAdded.join('; ') || 'none'}.`)
  return [...entries, ...added]
}
